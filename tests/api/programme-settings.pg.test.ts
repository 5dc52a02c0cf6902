// The programme settings suite on real Postgres (DATABASE_URL).
import { programmeSettingsSuite } from './suites/programme-settings.ts';

programmeSettingsSuite('postgres');
