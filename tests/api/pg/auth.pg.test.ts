// The auth suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/auth.test.ts. One file per suite, so the suites run side by side.
import { authSuite } from '../suites/auth.ts';

authSuite('postgres');
