// The hardening suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/hardening.test.ts. One file per suite, so the suites run side by side.
import { hardeningSuite } from '../suites/hardening.ts';

hardeningSuite('postgres');
