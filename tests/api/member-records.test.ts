// The member-records suite on PGlite (its real-Postgres run is in member-records.pg.test.ts).
import { memberRecordsSuite } from './suites/member-records.ts';

memberRecordsSuite('pglite');
