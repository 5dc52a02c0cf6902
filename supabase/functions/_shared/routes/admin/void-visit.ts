// POST /api/admin/visits/:visitId/void: an admin voids a fraudulent visit; the ledger reverses it.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const voidVisit = endpoint({
  ...routes.voidVisit, tag: 'Admin', roles: ['admin'],
  summary: 'Void a visit (fraud, mistake), with a reason',
  description:
    'Nothing is deleted: new ledger events take back the visit\'s points and revoke any reward it unlocked ' +
    '(a tier can drop; redeemed rewards stay redeemed). The admin, the time and the reason are recorded.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown visit.',
    409: 'The visit is already void.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) => call('app.void_visit', { p_visit_id: params.visitId, p_reason: body.reason }),
});
