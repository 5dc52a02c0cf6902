// The kiosk suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/kiosk.test.ts. One file per suite, so the suites run side by side.
import { kioskSuite } from '../suites/kiosk.ts';

kioskSuite('postgres');
