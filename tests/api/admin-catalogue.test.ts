// The operator's catalogue suite on PGlite, in-process (its real-Postgres run is admin-catalogue.pg.test.ts).
import { adminCatalogueSuite } from './suites/admin-catalogue.ts';

adminCatalogueSuite('pglite');
