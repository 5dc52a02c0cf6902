// The kiosk suite on PGlite, in-process (its real-Postgres run: pg/kiosk.pg.test.ts).
import { kioskSuite } from './suites/kiosk.ts';

kioskSuite('pglite');
