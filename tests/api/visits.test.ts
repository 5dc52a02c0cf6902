// The visits suite on PGlite, in-process (its real-Postgres run: pg/visits.pg.test.ts).
import { visitsSuite } from './suites/visits.ts';

visitsSuite('pglite');
