// POST /api/me/rewards/:customerRewardId/not-me: the member says a redemption on their account
// was not them; the operator gets a flag naming who redeemed it (app.report_redemption).
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const reportRedemption = endpoint({
  ...routes.reportRedemption, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: '"Not you?": report a redemption of your reward that was not yours',
  description:
    'A card is static and can be copied, so every redemption is told to its member (GET /api/me recentRedemptions, ' +
    'and a text if they agreed to texts). Reporting one flags it for the operator (GET /api/admin/flags, kind ' +
    '`not_me`) with the clerk or kiosk that redeemed it. Reporting twice answers the same flag.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk is not a member.', 404: 'Not a reward of yours.',
    409: 'The reward is not redeemed (or its redemption was undone).', 413: TOO_LARGE,
  },
  handler: ({ call, params }) => call('app.report_redemption', { p_customer_reward_id: params.customerRewardId }),
});
