// GET /api/admin/customers/count: how many customers the Customers tab's filters find.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminCustomersCount = endpoint({
  ...routes.adminCustomersCount, tag: 'Admin', roles: ['admin'],
  summary: 'How many customers match the filters of GET /api/admin/customers',
  description: `Takes the filters of GET /api/admin/customers (search, location, range, from, to). ${RANGE} ` +
    '`range=all` counts every customer.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) =>
    call('app.admin_customers_count', {
      p_search: query.search, p_location_id: query.location, p_range: query.range, p_from: query.from, p_to: query.to,
    }),
});
