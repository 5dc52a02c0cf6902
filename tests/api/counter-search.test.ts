// The counter search suite on PGlite, in-process.
import { counterSearchSuite } from './suites/counter-search.ts';

counterSearchSuite('pglite');
