// The customers suite on PGlite, in-process (its real-Postgres run: pg/customers.pg.test.ts).
import { customersSuite } from './suites/customers.ts';

customersSuite('pglite');
