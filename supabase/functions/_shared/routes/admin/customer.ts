// GET /api/admin/customers/:customerId: one customer's visits, rewards, consents and ledger.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const adminCustomer = endpoint({
  ...routes.adminCustomer, tag: 'Admin', roles: ['admin'],
  summary: "One customer's record: visits, rewards, redemptions, consents, ledger",
  description:
    'Contact details, consent flags and the consent wording agreed to, every visit (voided ones marked, with ' +
    'the reason), every reward (unlocked, redeemed or revoked), the redemptions and the points-ledger ' +
    'events, newest first. A visit id from here can be voided with POST /api/admin/visits/{visitId}/void.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.' },
  handler: ({ call, params }) => call('app.admin_customer', { p_customer_id: params.customerId }),
});
