// GET /api/me/visits: the signed-in member's visit history, newest first.
import { MyVisitsQuery, MyVisitsResponse } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const myVisits = endpoint({
  method: 'get', path: '/api/me/visits', tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'The signed-in member\'s visit history, newest first',
  query: MyVisitsQuery, status: 200, response: MyVisitsResponse,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call, query }) => call('app.my_visits', { p_limit: query.limit }),
});
