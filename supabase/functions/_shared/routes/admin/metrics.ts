// GET /api/admin/metrics: the dashboard figures with growth against the comparison period.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminMetrics = endpoint({
  ...routes.adminMetrics, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'Dashboard metrics with growth against the comparison period',
  description:
    `${RANGE} signupsToday: customers who joined today (America/Chicago), growth vs yesterday. totalVisits: ` +
    'approved visits in the range. redemptions: rewards redeemed in the range. activeMembers: distinct ' +
    'customers with a visit in the range. Each of the last three compares with the period of equal length ' +
    'just before the range. percent = round((current - previous) / previous * 100), null when previous is 0. ' +
    'With `location`: sign-ups, visits and redemptions at that business.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER, 404: 'Unknown location.' },
  handler: ({ caller, call, query }) => {
    requireOwnBusiness(caller, query.location);
    return call('app.admin_metrics', { p_location_id: query.location, p_range: query.range, p_from: query.from, p_to: query.to });
  },
});
