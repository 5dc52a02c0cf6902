// POST /api/admin/rewards/:customerRewardId/undo-redemption: an admin undoes a mistaken
// redemption, with a reason; app.undo_redemption records it in the ledger and the audit log.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const undoRedemption = endpoint({
  ...routes.undoRedemption, tag: 'Admin', roles: ['admin'],
  summary: 'Undo a mistaken redemption, with a reason',
  description:
    'Nothing is deleted: a `redemption_undone` ledger event with the admin and the reason; the reward is unlocked ' +
    'again (withdrawn instead when the visit that earned it was voided since). Settlement, which counts redeemed ' +
    'rewards, follows. Audited.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown reward.',
    409: 'The reward is not redeemed.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.undo_redemption', { p_customer_reward_id: params.customerRewardId, p_reason: body.reason }),
});
