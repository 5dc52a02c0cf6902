// The admin customers suite on PGlite, in-process (its real-Postgres run is in admin-views.pg.test.ts).
import { adminCustomersSuite } from './suites/admin-customers.ts';

adminCustomersSuite('pglite');
