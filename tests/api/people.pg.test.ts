// The people and audit suite on real Postgres (DATABASE_URL), with the race of two admins
// removing each other at once.
import { peopleSuite } from './suites/people.ts';

peopleSuite('postgres');
