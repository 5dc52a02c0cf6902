// The checkin suite on PGlite, in-process (its real-Postgres run: pg/checkin.pg.test.ts).
import { checkinSuite } from './suites/checkin.ts';

checkinSuite('pglite');
