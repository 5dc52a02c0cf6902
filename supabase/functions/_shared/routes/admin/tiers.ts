// The tiers: preview how many members new thresholds move, then change them.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const tierPreview = endpoint({
  ...routes.tierPreview, tag: 'Admin', roles: ['admin'],
  summary: 'How many members new tier thresholds would move',
  description: 'Per tier, members now and after; `up` and `down` count members whose tier would change.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_tier_preview', { p_silver: query.silver, p_gold: query.gold }),
});

export const updateTiers = endpoint({
  ...routes.updateTiers, tag: 'Admin', roles: ['admin'],
  summary: 'Change the Silver and Gold thresholds, goal labels, values and reward wording',
  description:
    'Bronze 0 < Silver < Gold ≤ 1000. Tiers are read from the thresholds, so members move at once; tier ' +
    'rewards unlock at the next approved visit that reaches the new threshold, and rewards already unlocked ' +
    'stay. One `tier.update` audit row with before and after.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_update_tiers', { p_tiers: JSON.stringify(body) }),
});
