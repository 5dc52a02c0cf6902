// The odd-inputs suite on PGlite, in-process (its real-Postgres run: pg/odd-inputs.pg.test.ts).
import { oddInputsSuite } from './suites/odd-inputs.ts';

oddInputsSuite('pglite');
