// The admin suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/admin.test.ts. One file per suite, so the suites run side by side.
import { adminSuite } from '../suites/admin.ts';

adminSuite('postgres');
