// POST /api/visits/approve: a kiosk, staff or admin approves a scanned check-in (PRODUCT §7). The
// rules (who may approve what, single use, expiry, limits, points, unlocks) are in app.approve_visit.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { counterAnswer } from '../counter-answers.ts';
import { BAD_INPUT, IDEMPOTENCY, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const approveVisit = endpoint({
  ...routes.approveVisit, tag: 'Check-in', roles: ['kiosk', 'staff', 'owner', 'admin'],
  summary: 'Approve a visit from a scanned QR value',
  description:
    'The value is a check-in token or a member card `customer:{id}`. A kiosk approves only the tokens it issued ' +
    'and only once enrolled (DEMO_MODE trusts kiosks without enrolment); staff approve tokens and member cards ' +
    'at their location (app_metadata.location_id), admins anywhere (a member card needs `locationId`). Staff and ' +
    'admins never approve a customer linked to their own phone. Each approved visit earns 5 points; the first at ' +
    'a business unlocks its welcome reward; Silver (10) and Gold (20) rewards unlock once. Limits per member ' +
    '(private.settings): one visit per business per 60 minutes, 1 minute between any two visits, 4 visits per ' +
    'hour across the village. `redeemableRewards` lists, for staff and admins, the member\'s unlocked rewards ' +
    'valid here (pass an id to POST /api/rewards/redeem); a kiosk gets []. `customer.id` (the member card\'s value) ' +
    `only to admins and to a counter that scanned the card itself. ${IDEMPOTENCY}`,
  errors: {
    400: `${BAD_INPUT} Or a member card scanned by an admin without locationId.`, 401: NOT_SIGNED_IN,
    403: 'Not allowed to approve this check-in (another kiosk\'s token, a kiosk not enrolled, staff of another ' +
      'location, a member, or staff approving their own customer row).',
    404: 'Unknown check-in token or customer.', 409: 'The token has already been used.',
    410: 'The token has expired (15 minutes after issue), or the member card was replaced by a new one.', 413: TOO_LARGE,
    422: 'The Idempotency-Key was already used for a different request.',
    429: 'A per-member visit limit (per business, between visits, per hour); Retry-After says when.',
  },
  handler: async ({ call, caller, body, headers }) =>
    counterAnswer(
      await call('app.approve_visit', {
        p_token: body.token,
        p_location_id: body.locationId,
        p_idempotency_key: headers['idempotency-key'],
      }),
      caller,
      body.token.startsWith('customer:'),
    ),
});
