// The admin suite on PGlite, in-process (its real-Postgres run: pg/admin.pg.test.ts).
import { adminSuite } from './suites/admin.ts';

adminSuite('pglite');
