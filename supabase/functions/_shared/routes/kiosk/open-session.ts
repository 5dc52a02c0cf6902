// POST /api/kiosk/session: a kiosk device opens (or moves) its session at a location.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const openKioskSession = endpoint({
  ...routes.openKioskSession, tag: 'Kiosk', roles: ['kiosk'],
  summary: 'Open (or move) this kiosk device\'s session at a location',
  description:
    'A kiosk is an anonymous Supabase Auth user (signInAnonymously). Moving to another location drops ' +
    'its enrolment. The response says whether the kiosk is enrolled, i.e. trusted to approve its own check-ins.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'The caller is not an anonymous kiosk user.', 404: 'Unknown location.', 413: TOO_LARGE },
  handler: ({ call, body }) =>
    call('app.open_kiosk_session', { p_location_id: body.locationId, p_device_fingerprint: body.deviceFingerprint }),
});
