// "Your reward is waiting" (94_nudges.sql): the operator's setting. The texts drain queues the
// reminders; consent, quiet hours, the weekly cap and once per reward are the SQL's.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

const RULE =
  'N days after a reward unlocked and was not redeemed, its member gets one text saying it is waiting — only with ' +
  'confirmed SMS consent, held through quiet hours, counted in the weekly cap of marketing texts (over it, tried ' +
  'again at a later drain), once per reward, and only for rewards that reached N days in the last 14 days.';

export const adminNudges = endpoint({
  ...routes.adminNudges, tag: 'Admin', roles: ['admin'],
  summary: 'The "your reward is waiting" reminder: after how many days, or off',
  description: RULE,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_nudge_settings'),
});

export const updateNudges = endpoint({
  ...routes.updateNudges, tag: 'Admin', roles: ['admin'],
  summary: 'Set the "your reward is waiting" reminder (1–90 days), or turn it off (null)',
  description: `${RULE} Audited (settings.reward_waiting_days).`,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) => call('app.admin_update_nudge_settings', { p_reward_waiting_days: body.rewardWaitingDays }),
});
