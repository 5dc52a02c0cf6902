// The sign-in-hardening suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/sign-in-hardening.test.ts. One file per suite, so the suites run side by side.
import { signInHardeningSuite } from '../suites/sign-in-hardening.ts';

signInHardeningSuite('postgres');
