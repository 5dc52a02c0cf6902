// GET /api/staff/members/:customerId/rewards: after a card scan, what the member can redeem here.
import { CustomerParams, StaffMemberQuery, StaffMemberRewardsResponse } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const staffMemberRewards = endpoint({
  method: 'get', path: '/api/staff/members/:customerId/rewards', tag: 'Check-in', roles: ['staff', 'admin'],
  summary: "A member's rewards redeemable at this counter, without approving a visit",
  description:
    'For a scanned member card `customer:{id}` (e.g. a member back within the hour only to redeem): the ' +
    'member\'s name and the unlocked rewards valid at the counter\'s business (its welcome reward and every ' +
    'network reward). Staff use their own location; an admin passes `location`. Never for the caller\'s own ' +
    'customer row. Pass a reward\'s id to POST /api/rewards/redeem.',
  params: CustomerParams, query: StaffMemberQuery, status: 200, response: StaffMemberRewardsResponse,
  errors: {
    400: `${BAD_INPUT} Or an admin without \`location\`.`, 401: NOT_SIGNED_IN,
    403: 'Not staff or an admin, staff naming another location, or the caller\'s own customer row.', 404: 'No member with this id, or unknown location.',
  },
  handler: ({ call, params, query }) =>
    call('app.redeemable_rewards', { p_customer_id: params.customerId, p_location_id: query.location }),
});
