// The issue-14 admin and staff suites again on real Postgres (DATABASE_URL).
import { adminCustomersSuite } from './suites/admin-customers.ts';
import { adminExportsSuite } from './suites/admin-exports.ts';
import { adminGuardSuite } from './suites/admin-guard.ts';
import { adminProgrammeSuite } from './suites/admin-programme.ts';
import { adminStaffSuite } from './suites/admin-staff.ts';
import { coalitionSuite } from './suites/coalition.ts';

adminCustomersSuite('postgres');
adminProgrammeSuite('postgres');
adminExportsSuite('postgres');
coalitionSuite('postgres');
adminGuardSuite('postgres');
adminStaffSuite('postgres');
