// The issue-14 admin and staff suites again on real Postgres (DATABASE_URL).
import { adminCustomersSuite } from './suites/admin-customers.ts';

adminCustomersSuite('postgres');
