// The fuzz suite on PGlite, in-process: the bulk of the cases (a smaller run on real Postgres is
// in fuzz.pg.test.ts).
import { fuzzSuite } from './suite.ts';

fuzzSuite('pglite', 100);
