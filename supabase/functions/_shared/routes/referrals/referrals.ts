// "Bring a neighbour" (97_referrals.sql, docs/RULES.md "Referrals"): the member's code and counts,
// the join page's check of a code, and the operator's settings.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

const RULE =
  'A neighbour who joins with a member\'s code and makes their first approved visit earns both of them ' +
  '`bonusPoints` (0: off, the default) as `referral_bonus` ledger events, once per neighbour — never for a phone ' +
  'that was a member before (forgotten and rejoined included), never for the referrer themselves, at most ' +
  '`bonusesPerMonth` per referrer per month (0: no cap), and only while the referrer is an active member. A ' +
  'void that leaves the neighbour without an approved visit takes both back (`referral_bonus_voided`). A member ' +
  'whose code brings `flagJoinsPerDay` neighbours in one day is flagged (GET /api/admin/flags, kind `referrals`).';

export const myReferral = endpoint({
  ...routes.myReferral, tag: 'Account', roles: ['member', 'staff', 'owner', 'admin'],
  summary: 'The member\'s invitation code and link, how many neighbours joined with it and earned the bonus',
  description: RULE,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'A kiosk.', 404: 'No account found for this sign-in.' },
  handler: ({ call }) => call('app.my_referral'),
});

export const checkReferralCode = endpoint({
  ...routes.checkReferralCode, tag: 'Customers', roles: EVERYONE,
  summary: 'Whether an invitation code can be used (the join page\'s "You were invited by a neighbour")',
  description:
    'Never names the member: a code is passed around, and whoever holds one would otherwise learn a member\'s ' +
    'name. Limited per client address, so codes cannot be tried one after another.',
  errors: { 400: BAD_INPUT, 401: BAD_TOKEN, 429: 'Too many code checks from this client address.' },
  limits: [
    { rule: 'referralChecksPerIp', bucket: 'referral-check', key: ({ clientAddress }) => clientAddress, text: 'code checks per client address' },
  ],
  handler: ({ call, params }) => call('app.check_referral_code', { p_code: params.code }),
});

export const adminReferrals = endpoint({
  ...routes.adminReferrals, tag: 'Admin', roles: ['admin'],
  summary: '"Bring a neighbour": the bonus, the monthly cap per referrer, the joins in a day that flag',
  description: RULE,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_referral_settings'),
});

export const updateReferrals = endpoint({
  ...routes.updateReferrals, tag: 'Admin', roles: ['admin'],
  summary: 'Set "Bring a neighbour": the bonus (0 off), the monthly cap per referrer, the joins in a day that flag',
  description: `${RULE} From the next approval on: bonuses already paid stay. Audited (settings.referrals).`,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 413: TOO_LARGE },
  handler: ({ call, body }) =>
    call('app.admin_update_referral_settings', {
      p_bonus_points: body.bonusPoints,
      p_bonuses_per_month: body.bonusesPerMonth,
      p_flag_joins_per_day: body.flagJoinsPerDay,
    }),
});
