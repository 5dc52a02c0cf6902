// The counter search suite on real Postgres: the member search gives lookups, never card values.
import { counterSearchSuite } from '../suites/counter-search.ts';

counterSearchSuite('postgres');
