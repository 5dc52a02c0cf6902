// The account suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/account.test.ts. One file per suite, so the suites run side by side.
import { accountSuite } from '../suites/account.ts';

accountSuite('postgres');
