// The demo suite on PGlite, in-process (its real-Postgres run: pg/demo.pg.test.ts).
import { demoSuite } from './suites/demo.ts';

demoSuite('pglite');
