// GET /api/admin/activity: the latest approved visits, newest first.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const adminActivity = endpoint({
  ...routes.adminActivity, tag: 'Admin', roles: ['admin'],
  summary: 'Recent activity: the latest approved visits, newest first (at one business with location)',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) =>
    call('app.admin_activity', { p_limit: query.limit, p_location_id: query.location }),
});
