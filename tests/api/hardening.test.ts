// The issue-11 hardening suite on PGlite, in-process (its real-Postgres run: pg/hardening.pg.test.ts).
import { hardeningSuite } from './suites/hardening.ts';

hardeningSuite('pglite');
