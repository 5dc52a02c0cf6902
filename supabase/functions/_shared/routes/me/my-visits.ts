// GET /api/me/visits: the signed-in member's visit history, newest first.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const myVisits = endpoint({
  ...routes.myVisits, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'The signed-in member\'s visit history, newest first',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call, query }) => call('app.my_visits', { p_limit: query.limit }),
});
