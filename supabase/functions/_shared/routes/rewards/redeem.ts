// POST /api/rewards/redeem: staff or an admin redeem a scanned member's reward at the counter;
// app.redeem_reward decides who may and makes it happen once. Members show a redemption code.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, IDEMPOTENCY, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const redeemReward = endpoint({
  ...routes.redeemReward, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'Redeem a member\'s unlocked reward at a counter, once',
  description:
    'Staff where it is valid (a welcome reward at its own business, a network reward anywhere) and admins at a ' +
    'business they name; nobody else (403/404, nothing changes). A member — the owner too, with or without a ' +
    '`locationId` — is refused (403): a member never chooses where a redemption counts; they press Redeem for a ' +
    'code (POST /api/rewards/redemption-code) that the counter confirms. Staff never redeem on a customer ' +
    'linked to their own phone. The member must be at the counter: this clerk scanned their card or phone here ' +
    'within the last 2 minutes (POST /api/visits/approve or /api/rewards/scan-card); a name or phone search is no ' +
    'proof (403: ask for the code on their phone or scan their card). An admin may redeem without proof only with ' +
    `a written \`reason\`, kept in the ledger and the audit log. ${IDEMPOTENCY}`,
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN,
    403: 'No proof the member is at the counter (and, for an admin, no reason); a member (even the owner: they show a redemption code), staff of a location where this reward is not valid, or staff redeeming on their own customer row.',
    404: 'No such reward for this caller.', 409: 'The reward has already been redeemed, or expired.', 413: TOO_LARGE,
    422: 'The Idempotency-Key was already used for a different request.',
  },
  handler: ({ call, body, headers }) =>
    call('app.redeem_reward', {
      p_customer_reward_id: body.customerRewardId,
      p_location_id: body.locationId,
      p_idempotency_key: headers['idempotency-key'],
      p_reason: body.reason,
    }),
});
