// POST /api/checkin/start: a kiosk checks a customer in by phone, or a signed-in member starts a
// mobile check-in for themselves; either way a 15-minute single-use token comes back.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const startCheckin = endpoint({
  ...routes.startCheckin, tag: 'Check-in', roles: SIGNED_IN,
  rolesFor: ({ body }) => (body.phone ? ['kiosk'] : ['member', 'staff', 'owner', 'admin']),
  summary: 'Start a check-in: a kiosk by phone, or the signed-in member for themselves',
  description:
    'With `phone`: only the kiosk whose session is at `locationId` may look the customer up. Without: the ' +
    'signed-in member (mobile QR). The token is random (244 bits), single use, valid for 15 minutes; only its ' +
    'hash is stored.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN,
    403: 'With a phone: the caller is not the kiosk of this location. Without: the caller is a kiosk.',
    404: 'Unknown location, no customer with this phone, or no customer for this sign-in.', 413: TOO_LARGE,
    429: 'Too many check-ins by phone from this kiosk device.',
  },
  // A phone that is not a customer answers 404, so unlimited look-ups would list members.
  limits: [
    {
      rule: 'checkinsPerKiosk', bucket: 'checkin:kiosk',
      key: ({ caller, body }) => (body.phone ? caller.userId : undefined),
      text: 'check-ins by phone per kiosk device',
    },
  ],
  // Counted in start_checkin's own transaction: one transaction per check-in instead of two.
  limitsInCall: true,
  handler: ({ call, body }) => call('app.start_checkin', { p_location_id: body.locationId, p_phone: body.phone }),
});
