// The admin-ledger suite on real Postgres (DATABASE_URL), the database production runs; on PGlite in
// tests/api/admin-ledger.test.ts. One file per suite, so the suites run side by side.
import { adminLedgerSuite } from '../suites/admin-ledger.ts';

adminLedgerSuite('postgres');
