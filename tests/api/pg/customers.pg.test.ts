// The customers suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/customers.test.ts. One file per suite, so the suites run side by side.
import { customersSuite } from '../suites/customers.ts';

customersSuite('postgres');
