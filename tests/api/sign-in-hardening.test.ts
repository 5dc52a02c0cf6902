// The sign-in hardening suite on PGlite, in-process (its real-Postgres run is in endpoints.pg.test.ts).
import { signInHardeningSuite } from './suites/sign-in-hardening.ts';

signInHardeningSuite('pglite');
