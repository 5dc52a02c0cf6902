// The platform suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/platform.test.ts. One file per suite, so the suites run side by side.
import { platformSuite } from '../suites/platform.ts';

platformSuite('postgres');
