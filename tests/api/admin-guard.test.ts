// The admin guard suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { adminGuardSuite } from './suites/admin-guard.ts';

adminGuardSuite('pglite');
