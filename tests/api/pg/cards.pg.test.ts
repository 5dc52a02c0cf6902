// The cards suite on real Postgres (DATABASE_URL); on PGlite in tests/api/cards.test.ts.
import { cardsSuite } from '../suites/cards.ts';

cardsSuite('postgres');
