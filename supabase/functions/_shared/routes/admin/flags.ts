// GET /api/admin/flags: members flagged for unusual visit velocity (5+ approved visits in a day), and
// redemptions members said were not them.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const velocityFlags = endpoint({
  ...routes.velocityFlags, tag: 'Admin', roles: ['admin'],
  summary: 'Flags: members with 5 or more approved visits in one day, "not you?" redemptions, and invitation codes used by many in one day',
  description:
    'Square\'s threshold: a member with 5 or more approved visits in one day (America/Chicago) is flagged for ' +
    'the operator (kind `velocity`). A member\'s "not you?" on a redemption is a flag too (kind `not_me`), naming ' +
    'the clerk or kiosk that redeemed it. A member whose invitation code brought many neighbours in one day is ' +
    'flagged too (kind `referrals`, the setting of PUT /api/admin/referrals). Open flags only, unless `includeDismissed=true`. Newest first.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call, query }) => call('app.admin_velocity_flags', { p_include_dismissed: query.includeDismissed }),
});
