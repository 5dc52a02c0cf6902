// The member-records suite on real Postgres (DATABASE_URL): forget invariants, suspension.
import { memberRecordsSuite } from './suites/member-records.ts';

memberRecordsSuite('postgres');
