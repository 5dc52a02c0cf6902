// GET /api/rewards/redeemable: what a member can redeem here, for the counter, without a visit.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const redeemableRewards = endpoint({
  ...routes.redeemableRewards, tag: 'Account', roles: ['staff', 'owner', 'admin'],
  summary: 'The rewards a member can redeem at this location (the staff reward list)',
  description:
    'For a member back only to redeem (a second scan within the hour would be refused by the visit limit): ' +
    'their unlocked rewards valid at the location — its welcome reward and network rewards — with the ids ' +
    'POST /api/rewards/redeem takes. Staff see their own location (never their own account); admins name one.',
  errors: {
    400: `${BAD_INPUT} Or an admin without locationId.`, 401: NOT_SIGNED_IN,
    403: 'Members, kiosks, staff of another location, or staff looking up their own account.',
    404: 'Unknown customer or location.',
  },
  handler: ({ call, query }) =>
    call('app.redeemable_rewards', { p_customer_id: query.customerId, p_location_id: query.locationId }),
});
