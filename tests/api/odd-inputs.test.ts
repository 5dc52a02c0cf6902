// The odd-inputs suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { oddInputsSuite } from './suites/odd-inputs.ts';

oddInputsSuite('pglite');
