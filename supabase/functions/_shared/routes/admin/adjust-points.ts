// POST /api/admin/customers/:customerId/adjust-points: an admin corrects a balance, with a reason.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const adjustPoints = endpoint({
  ...routes.adjustPoints, tag: 'Admin', roles: ['admin'],
  summary: 'Adjust a customer\'s points (a ledger adjustment with a reason)',
  description:
    'Adds (or, negative, takes) up to 1000 points as an `adjustment` event of the points ledger. Rewards follow ' +
    'the new lifetime total: tier rewards unlock, or are revoked (already redeemed ones stay redeemed and are ' +
    'listed as clawed back). The balance never goes below 0.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.',
    409: 'The adjustment would take the balance below 0.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.adjust_points', { p_customer_id: params.customerId, p_points: body.points, p_reason: body.reason }),
});
