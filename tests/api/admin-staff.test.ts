// The staff grants suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { adminStaffSuite } from './suites/admin-staff.ts';

adminStaffSuite('pglite');
