// Every endpoint suite again on real Postgres (DATABASE_URL), the database production runs.
import { accountSuite } from './suites/account.ts';
import { adminLedgerSuite } from './suites/admin-ledger.ts';
import { adminSuite } from './suites/admin.ts';
import { authSuite } from './suites/auth.ts';
import { checkinSuite } from './suites/checkin.ts';
import { customersSuite } from './suites/customers.ts';
import { demoSuite } from './suites/demo.ts';
import { hardeningSuite } from './suites/hardening.ts';
import { kioskSuite } from './suites/kiosk.ts';
import { oddInputsSuite } from './suites/odd-inputs.ts';
import { platformSuite } from './suites/platform.ts';
import { signInHardeningSuite } from './suites/sign-in-hardening.ts';
import { visitsSuite } from './suites/visits.ts';

platformSuite('postgres');
kioskSuite('postgres');
customersSuite('postgres');
checkinSuite('postgres');
visitsSuite('postgres');
authSuite('postgres');
accountSuite('postgres');
adminSuite('postgres');
oddInputsSuite('postgres');
hardeningSuite('postgres');
demoSuite('postgres');
signInHardeningSuite('postgres');
adminLedgerSuite('postgres');
