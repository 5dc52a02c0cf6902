// The fuzz suite on real Postgres: fewer cases than on PGlite, the same endpoints and invariants.
import { fuzzSuite } from './suite.ts';

fuzzSuite('postgres', 40);
