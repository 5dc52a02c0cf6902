// The admin suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { adminSuite } from './suites/admin.ts';

adminSuite('pglite');
