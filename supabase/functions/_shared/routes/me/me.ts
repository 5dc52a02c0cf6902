// GET /api/me: the signed-in member's account: points, tier, next goal, rewards, businesses.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const me = endpoint({
  ...routes.me, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'The signed-in member\'s account: points, tier, next goal, rewards, visited businesses',
  description:
    'Tier: Bronze under 10 points, Silver from 10, Gold from 20 (public.tiers). Next goal: the next tier\'s ' +
    'threshold and label (10 \'$5 Off - Silver Status\', 20 \'$10 Off - Gold Status\'); from 20 points the top ' +
    'tier itself, reached (target 20, pointsNeeded 0: no reward beyond Gold exists). pointsNeeded is never below 0.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call }) => call('app.me'),
});
