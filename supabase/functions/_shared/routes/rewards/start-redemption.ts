// POST /api/rewards/redemption-code: a member's Redeem — a short-lived code to show at a counter
//; app.start_redemption makes it.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const startRedemption = endpoint({
  ...routes.startRedemption, tag: 'Account', roles: ['member'],
  summary: 'A redemption code for one of your unlocked rewards, to show at a counter',
  description:
    'Members never redeem on their own: the counter of the business they are at scans or types this code ' +
    '(3 letters and 3 digits; QR value `redeem:{code}`), checks it and confirms (POST /api/rewards/redeem-code). ' +
    'Valid 2 minutes, single use; asking again replaces the reward\'s earlier code.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk, staff or admin without this reward.',
    404: 'No such reward of yours.', 409: 'The reward has already been redeemed, was withdrawn, or expired.', 413: TOO_LARGE,
  },
  handler: ({ call, body }) => call('app.start_redemption', { p_customer_reward_id: body.customerRewardId }),
});
