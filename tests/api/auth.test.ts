// The auth suite on PGlite, in-process (its real-Postgres run: pg/auth.pg.test.ts).
import { authSuite } from './suites/auth.ts';

authSuite('pglite');
