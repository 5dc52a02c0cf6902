// The platform suite on PGlite, in-process (its real-Postgres run: pg/platform.pg.test.ts).
import { platformSuite } from './suites/platform.ts';

platformSuite('pglite');
