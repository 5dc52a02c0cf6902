// GET /api/admin/top-locations: businesses by visits in the range, with growth.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminTopLocations = endpoint({
  ...routes.adminTopLocations, tag: 'Admin', roles: ['admin'],
  summary: 'Top performing locations by visits in the range',
  description:
    `${RANGE} visits: approved visits at the business in the range; previousVisits: in the period of equal ` +
    'length just before; growth: whole percent change, null when previousVisits is 0. Businesses without a ' +
    'visit in the range are left out; most visits first.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) =>
    call('app.admin_top_locations', { p_range: query.range, p_from: query.from, p_to: query.to, p_limit: query.limit }),
});
