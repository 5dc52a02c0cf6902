// The programme settings suite (issue 21 §2) on real Postgres (DATABASE_URL).
import { programmeSettingsSuite } from './suites/programme-settings.ts';

programmeSettingsSuite('postgres');
