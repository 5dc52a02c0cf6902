// The admin-ledger suite on PGlite, in-process (its real-Postgres run: pg/admin-ledger.pg.test.ts).
import { adminLedgerSuite } from './suites/admin-ledger.ts';

adminLedgerSuite('pglite');
