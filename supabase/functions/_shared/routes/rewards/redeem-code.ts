// POST /api/rewards/redeem-code: the counter confirms a member's redemption code: // the reward is redeemed at this business, by this clerk, now — once (app.redeem_with_code).
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { counterAnswer } from '../counter-answers.ts';
import { BAD_INPUT, IDEMPOTENCY, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const redeemCode = endpoint({
  ...routes.redeemCode, tag: 'Account', roles: ['kiosk', 'staff', 'owner', 'admin'],
  summary: 'Redeem a member\'s reward from their redemption code, at this counter',
  description:
    'As GET /api/rewards/redemption-code, then the code is used and the reward redeemed here, recording the ' +
    `business, the clerk and the time. ${IDEMPOTENCY}`,
  errors: {
    400: `${BAD_INPUT} Or an admin without locationId.`, 401: NOT_SIGNED_IN,
    403: 'Not a counter of this business, the reward is not valid here, or staff redeeming their own reward.',
    404: 'Unknown code.', 409: 'The code or the reward was already used, or the reward expired.', 410: 'The code expired (2 minutes).',
    413: TOO_LARGE, 422: 'The Idempotency-Key was already used for a different request.',
  },
  handler: async ({ call, caller, body, headers }) =>
    counterAnswer(
      await call('app.redeem_with_code', {
        p_code: body.code,
        p_location_id: body.locationId,
        p_idempotency_key: headers['idempotency-key'],
      }),
      caller,
    ),
});
