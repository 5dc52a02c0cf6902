// The odd-inputs suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/odd-inputs.test.ts. One file per suite, so the suites run side by side.
import { oddInputsSuite } from '../suites/odd-inputs.ts';

oddInputsSuite('postgres');
