// GET /api/admin/coalition/cross-shopping: members by pair of businesses, and the multi-business share.
import { routes } from '../../../contract.ts';
import { endpoint } from '../../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../../texts.ts';

export const crossShopping = endpoint({
  ...routes.crossShopping, tag: 'Admin', roles: ['admin'],
  summary: 'Cross-shopping: members shared by each pair of businesses, and the share active at two or more',
  description:
    `${RANGE} Here \`range\` defaults to 30days. Members are customers with an approved visit in the range. ` +
    'pairs: for each of the 15 pairs of businesses, members who visited both in the range. multiBusinessPercent: ' +
    'members who visited two or more businesses, as a share of all members active in the range.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_cross_shopping', { p_range: query.range, p_from: query.from, p_to: query.to }),
});
