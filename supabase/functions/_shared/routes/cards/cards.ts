// Member cards: the member's own (GET /api/me/card), and an admin's print and replacement of a
// member's card (GET and POST /api/admin/customers/:customerId/card). The SQL decides who may.
import { CustomerParams, MemberCard, ReplaceMemberCardRequest } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const myMemberCard = endpoint({
  method: 'get', path: '/api/me/card', tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: "The signed-in member's card: name and QR value (to show or print)",
  description:
    "The QR value counters scan: 'customer:{id}' for a member whose card never changed, 'customer:{id}:{code}' " +
    'once an admin replaced a lost card (every earlier value is then refused at the counter).',
  status: 200, response: MemberCard,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call }) => call('app.my_member_card'),
});

export const adminMemberCard = endpoint({
  method: 'get', path: '/api/admin/customers/:customerId/card', tag: 'Admin', roles: ['admin'],
  summary: "A member's current card, to print",
  params: CustomerParams, status: 200, response: MemberCard,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.' },
  handler: ({ call, params }) => call('app.admin_member_card', { p_customer_id: params.customerId }),
});

export const replaceMemberCard = endpoint({
  method: 'post', path: '/api/admin/customers/:customerId/card', tag: 'Admin', roles: ['admin'],
  summary: "Replace a member's lost card: a new QR, and the old one stops working",
  description:
    "The card gets a new random code ('customer:{id}:{code}') and the next version; the member's earlier card " +
    '(the plain customer:{id} or an earlier code) is refused at every counter and kiosk scan from now on. Audited ' +
    "as 'member.card_replace' with the reason.",
  params: CustomerParams, body: ReplaceMemberCardRequest, status: 200, response: MemberCard,
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.',
    409: 'A forgotten member.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_replace_member_card', { p_customer_id: params.customerId, p_reason: body.reason ?? null }),
});
