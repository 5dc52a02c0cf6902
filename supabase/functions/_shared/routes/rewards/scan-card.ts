// POST /api/rewards/scan-card: a member's card scanned at the counter without a visit (they are
// back within the hour only to redeem); recorded as proof they are here, answered with what they
// can redeem. app.scan_card decides who may.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const scanCard = endpoint({
  ...routes.scanCard, tag: 'Account', roles: ['staff', 'owner', 'admin'],
  summary: 'Record a scanned member card (no visit) and list what the member can redeem here',
  description:
    'When a visit would be refused by its limit, the counter still scanned the card: the scan is recorded (this ' +
    'clerk, this business, now) and for 2 minutes lets POST /api/rewards/redeem redeem the member\'s rewards here. ' +
    'Staff at their own location; admins name one. Never on their own account.',
  errors: {
    400: `${BAD_INPUT} Or not a member card, or an admin without locationId.`, 401: NOT_SIGNED_IN,
    403: 'Members, kiosks, staff of another location, or staff scanning their own card.',
    404: 'Unknown member or location.', 410: 'A card that was replaced by a new one.', 413: TOO_LARGE,
  },
  handler: ({ call, body }) => call('app.scan_card', { p_token: body.token, p_location_id: body.locationId }),
});
