// The operator's catalogue suite on real Postgres (DATABASE_URL).
import { adminCatalogueSuite } from './suites/admin-catalogue.ts';

adminCatalogueSuite('postgres');
