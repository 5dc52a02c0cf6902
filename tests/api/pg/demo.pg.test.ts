// The demo suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/demo.test.ts. One file per suite, so the suites run side by side.
import { demoSuite } from '../suites/demo.ts';

demoSuite('postgres');
