// GET /api/admin/visits/daily: visits per day per business, for the dashboard chart.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminVisitSeries = endpoint({
  ...routes.adminVisitSeries, tag: 'Admin', roles: ['admin'],
  summary: 'Approved visits per day per business (the dashboard chart)',
  description:
    `Takes the filters of GET /api/admin/metrics (location, range, from, to). ${RANGE} Every day of the range ` +
    'appears, oldest first, with a count for every business (only the chosen one with `location`), zeros included.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) =>
    call('app.admin_visit_series', { p_location_id: query.location, p_range: query.range, p_from: query.from, p_to: query.to }),
});
