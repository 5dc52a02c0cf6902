// The programme settings suite on PGlite, in-process.
import { programmeSettingsSuite } from './suites/programme-settings.ts';

programmeSettingsSuite('pglite');
