// GET and POST /api/admin/customers/:customerId/card: an admin prints a member's card, or replaces
// a lost one (a new QR; the old one stops working). The SQL decides who may.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const adminMemberCard = endpoint({
  ...routes.adminMemberCard, tag: 'Admin', roles: ['admin'],
  summary: "A member's current card, to print",
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.' },
  handler: ({ call, params }) => call('app.admin_member_card', { p_customer_id: params.customerId }),
});

export const replaceMemberCard = endpoint({
  ...routes.replaceMemberCard, tag: 'Admin', roles: ['admin'],
  summary: "Replace a member's lost card: a new QR, and the old one stops working",
  description:
    "The card gets a new random code ('customer:{id}:{code}') and the next version; the member's earlier card " +
    '(the plain customer:{id} or an earlier code) is refused at every counter and kiosk scan from now on. Audited ' +
    "as 'member.card_replace' with the reason.",
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.',
    409: 'A forgotten member.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_replace_member_card', { p_customer_id: params.customerId, p_reason: body.reason ?? null }),
});
