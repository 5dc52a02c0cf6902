// The people and audit suite on PGlite, in-process (its real-Postgres run is in people.pg.test.ts).
import { peopleSuite } from './suites/people.ts';

peopleSuite('pglite');
