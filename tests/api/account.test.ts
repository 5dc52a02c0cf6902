// The account suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { accountSuite } from './suites/account.ts';

accountSuite('pglite');
