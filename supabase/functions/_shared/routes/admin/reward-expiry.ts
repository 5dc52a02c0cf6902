// Optional reward expiry (supabase/schemas/95_reward_expiry.sql): the operator says a reward
// expires N days after it unlocks, or never (the default).
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const setRewardExpiry = endpoint({
  ...routes.setRewardExpiry, tag: 'Admin', roles: ['admin'],
  summary: 'Make a reward expire N days (1–365) after it unlocks, or never (null)',
  description:
    'Off by default: points never expire, and a reward only when the operator says so. An unlock expires at the end ' +
    'of the programme day N days after it unlocked. Rewards members already hold unused get the later of their ' +
    'current date and N days from now (a change never brings a date earlier, and never expires anything at once); ' +
    'null takes the dates away. Members are warned 7 days before (on /account, and by one text if they agreed). ' +
    'Audited (reward.expiry).',
  errors: { 400: `${BAD_INPUT} Or N is not 1 to 365.`, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown reward.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_set_reward_expiry', { p_reward_id: params.rewardId, p_expires_after_days: body.expiresAfterDays }),
});
