// The checkin suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/checkin.test.ts. One file per suite, so the suites run side by side.
import { checkinSuite } from '../suites/checkin.ts';

checkinSuite('postgres');
