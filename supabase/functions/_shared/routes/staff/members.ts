// GET /api/staff/members: the counter finds a member by name or phone digits, the
// fallback when a member's phone is flat: a visit approval (lookup:{id}), never proof for redeeming.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const counterSearch = endpoint({
  ...routes.counterSearch, tag: 'Account', roles: ['staff', 'owner', 'admin'],
  summary: 'Find a member at the counter by name or phone digits',
  description:
    'Staff of any business and admins find any member: `q` is a part of the name (2+ characters, any case) or ' +
    '3+ digits of the phone. Each row has only what the counter needs: a lookup id (approve a visit with the token ' +
    '`lookup:{lookupId}`, this clerk only, within 10 minutes; recorded with the clerk), the name, the last 4 digits ' +
    'of the phone, points and tier; never the member\'s id, which is their card. A search is no proof the member ' +
    'is at the counter: to redeem, ask for the code on their phone or scan their card. At most 10, `more` when ' +
    'others match.',
  errors: {
    400: `${BAD_INPUT} Or fewer than 2 letters / 3 digits.`, 401: NOT_SIGNED_IN,
    403: 'Members and kiosks.', 429: 'Too many searches by this clerk.',
  },
  // A search answers members' names: unlimited searching would list the programme.
  limits: [
    {
      rule: 'searchesPerClerk', bucket: 'search:clerk',
      key: ({ caller }) => caller.userId,
      text: 'member searches per clerk',
    },
  ],
  limitsInCall: true,
  handler: ({ call, query }) => call('app.counter_search', { p_query: query.q }),
});
