// The programme settings suite (issue 21 §2) on PGlite, in-process.
import { programmeSettingsSuite } from './suites/programme-settings.ts';

programmeSettingsSuite('pglite');
