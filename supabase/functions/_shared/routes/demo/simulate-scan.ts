// POST /api/demo/simulate-scan: demo mode's 'Simulate Scan' on the mobile QR screen — the member's
// own pending check-in approved by the real approval rules (app.demo_simulate_scan).
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const simulateScan = endpoint({
  ...routes.simulateScan, tag: 'Check-in', roles: ['member'],
  summary: 'Demo mode only: approve your own mobile check-in as a counter scan would',
  description:
    'Only while DEMO_MODE is on (GET /api/demo), and only for a check-in token the caller started on the mobile ' +
    'QR screen. The approval is the real one (POST /api/visits/approve\'s rules: single use, expiry, visit ' +
    'limits, points, welcome and tier rewards, ledger), made by a "demo counter" staff identity at the ' +
    'token\'s location. `redeemableRewards` is always [].',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Demo mode is off, or the caller is not a member.',
    404: 'Not a check-in token this member started on the mobile QR screen.',
    409: 'The token has already been used.', 410: 'The token has expired (15 minutes after issue).',
    413: TOO_LARGE,
    429: 'A per-member visit limit (per business, between visits, per hour); Retry-After says when.',
  },
  handler: ({ call, body }) => call('app.demo_simulate_scan', { p_token: body.token }),
});
