// The platform suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { platformSuite } from './suites/platform.ts';

platformSuite('pglite');
