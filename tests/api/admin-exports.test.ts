// The admin exports suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { adminExportsSuite } from './suites/admin-exports.ts';

adminExportsSuite('pglite');
