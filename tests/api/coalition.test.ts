// The coalition suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { coalitionSuite } from './suites/coalition.ts';

coalitionSuite('pglite');
