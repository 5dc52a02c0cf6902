// GET /api/me/card: the signed-in member's card (its QR value counters scan), to show or print.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const myMemberCard = endpoint({
  ...routes.myMemberCard, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: "The signed-in member's card: name and QR value (to show or print)",
  description:
    "The QR value counters scan: 'customer:{id}' for a member whose card never changed, 'customer:{id}:{code}' " +
    'once an admin replaced a lost card (every earlier value is then refused at the counter).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call }) => call('app.my_member_card'),
});
