// POST /api/rewards/redeem: a member redeems their own unlocked reward, or staff redeem one at
// the counter; app.redeem_reward decides who may and makes it happen once.
import { IdempotencyHeaders, RedeemRewardRequest, RedeemRewardResponse } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, IDEMPOTENCY, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const redeemReward = endpoint({
  method: 'post', path: '/api/rewards/redeem', tag: 'Account', roles: ['member', 'staff', 'admin'],
  summary: 'Redeem an unlocked reward, once',
  description:
    'The owner may redeem it; so may staff where it is valid (a welcome reward at its own business, a network ' +
    'reward anywhere) and admins; nobody else (403/404, nothing changes). Staff never redeem on a customer ' +
    `linked to their own phone. ${IDEMPOTENCY}`,
  headers: IdempotencyHeaders,
  body: RedeemRewardRequest, status: 200, response: RedeemRewardResponse,
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN,
    403: 'Staff of a location where this reward is not valid, staff redeeming on their own customer row, or a kiosk.',
    404: 'No such reward for this caller.', 409: 'The reward has already been redeemed.', 413: TOO_LARGE,
    422: 'The Idempotency-Key was already used for a different request.',
  },
  handler: ({ call, body, headers }) =>
    call('app.redeem_reward', {
      p_customer_reward_id: body.customerRewardId,
      p_location_id: body.locationId,
      p_idempotency_key: headers['idempotency-key'],
    }),
});
