// The cards suite on PGlite, in-process (its real-Postgres run: pg/cards.pg.test.ts).
import { cardsSuite } from './suites/cards.ts';

cardsSuite('pglite');
