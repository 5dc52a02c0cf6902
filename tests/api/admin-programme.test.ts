// The admin programme suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { adminProgrammeSuite } from './suites/admin-programme.ts';

adminProgrammeSuite('pglite');
