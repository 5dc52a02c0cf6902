// The visits suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/visits.test.ts. One file per suite, so the suites run side by side.
import { visitsSuite } from '../suites/visits.ts';

visitsSuite('postgres');
