// The demo suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { demoSuite } from './suites/demo.ts';

demoSuite('pglite');
