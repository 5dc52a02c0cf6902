// The sign-in hardening suite on PGlite, in-process (its real-Postgres run: pg/sign-in-hardening.pg.test.ts).
import { signInHardeningSuite } from './suites/sign-in-hardening.ts';

signInHardeningSuite('pglite');
