// GET /api/rewards/redemption-code: the counter reads a member's redemption code before confirming
// who, which reward, and whether it can be used at this business.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { counterAnswer } from '../counter-answers.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const checkRedemptionCode = endpoint({
  ...routes.checkRedemptionCode, tag: 'Account', roles: ['kiosk', 'staff', 'owner', 'admin'],
  summary: 'Read a redemption code at a counter (nothing changes)',
  description:
    'Staff at their business, an admin at the business they name, an enrolled kiosk at its own. A welcome reward ' +
    'is valid only at its own business; a network reward anywhere. `customer.id` (the member card\'s value) only to ' +
    'admins.',
  errors: {
    400: `${BAD_INPUT} Or an admin without locationId.`, 401: NOT_SIGNED_IN,
    403: 'Not a counter of this business (members, kiosks not enrolled, staff elsewhere), the reward is not valid ' +
      'here, or staff reading their own reward.',
    404: 'Unknown code.', 409: 'The code or the reward was already used, or the reward expired.', 410: 'The code expired (2 minutes).',
  },
  handler: async ({ call, caller, query }) =>
    counterAnswer(await call('app.check_redemption_code', { p_code: query.code, p_location_id: query.locationId }), caller),
});
