// GET /api/admin/rewards: the reward catalogue with unlocks and redemptions per business.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, RANGE } from '../texts.ts';

export const adminRewards = endpoint({
  ...routes.adminRewards, tag: 'Admin', roles: ['admin'],
  summary: 'The reward catalogue with unlocks and redemptions per business',
  description:
    `Welcome rewards (one per business) then tier rewards. ${RANGE} Here \`range\` defaults to \`all\` (no bounds). ` +
    'unlocks: unlocked in the range, counted at the business of the unlocking visit (revoked unlocks not counted); ' +
    'redemptions: honoured in the range, counted at the business that honoured it; outstanding: unlocked and ' +
    'unused now. valueCents: what honouring a tier reward costs a business ($5 Silver, $10 Gold).',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_rewards', { p_range: query.range, p_from: query.from, p_to: query.to }),
});
