// The customers suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { customersSuite } from './suites/customers.ts';

customersSuite('pglite');
