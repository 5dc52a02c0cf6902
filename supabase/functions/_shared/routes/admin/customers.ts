// GET /api/admin/customers: customers active in the range (or all), matching the search, a page at a time.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminCustomers = endpoint({
  ...routes.adminCustomers, tag: 'Admin', roles: ['admin'],
  summary: 'Customers active in the range, matching the search',
  description:
    `${RANGE} A customer is listed when they joined or had a visit in the range (with \`location\`: joined ` +
    'there or visited there in the range). `search` matches a part of the name (any case) or a run of at ' +
    'least 3 phone digits. totalPoints, status (tier), lastVisit and totalVisits cover all businesses. Most ' +
    'recently active first by default; `sort` (lastActive, name, points, lastVisit, totalVisits, createdAt) and ' +
    '`order` (asc, desc) change that, the id breaking ties. `range=all` lists every customer. Pages of `limit` ' +
    'rows (default 100), `page` from 1; GET /api/admin/customers/count gives the total for the same filters.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) =>
    call('app.admin_customers', {
      p_search: query.search, p_location_id: query.location, p_range: query.range,
      p_from: query.from, p_to: query.to, p_limit: query.limit,
      p_page: query.page, p_sort: query.sort, p_order: query.order,
    }),
});
