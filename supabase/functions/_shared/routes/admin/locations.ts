// GET /api/admin/locations: the six businesses with visits, members, kiosks and staff.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminLocations = endpoint({
  ...routes.adminLocations, tag: 'Admin', roles: ['admin'],
  summary: 'The businesses with visits, members, kiosks and staff phones',
  description:
    `${RANGE} \`range=all\` takes every visit. visits: approved visits in the range; members: distinct customers ` +
    'with one; signups: customers who joined there; kiosks / enrolledKiosks: kiosk devices with a session there; ' +
    "staff: Auth users with app_metadata role 'staff' and this location_id, with their phones.",
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_locations', { p_range: query.range, p_from: query.from, p_to: query.to }),
});
