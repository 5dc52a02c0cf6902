// The account suite on PGlite, in-process (its real-Postgres run: pg/account.pg.test.ts).
import { accountSuite } from './suites/account.ts';

accountSuite('pglite');
