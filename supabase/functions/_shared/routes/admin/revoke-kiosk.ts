// POST /api/admin/kiosks/:kioskId/revoke: a lost or stolen kiosk loses its enrolment and session.
import { KioskParams, RevokeKioskResponse } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

export const revokeKiosk = endpoint({
  method: 'post', path: '/api/admin/kiosks/:kioskId/revoke', tag: 'Admin', roles: ['admin'],
  summary: 'Revoke a kiosk',
  description:
    'Drops the kiosk\'s enrolment and ends its Auth sessions: its token is refused at once and cannot be ' +
    'refreshed. The device can only be used again after a new sign-in and enrolment with the current code; ' +
    'set a new enrolment code when the device may have kept it. Revoking twice is harmless.',
  params: KioskParams, status: 200, response: RevokeKioskResponse,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown kiosk.' },
  handler: ({ call, params }) => call('app.revoke_kiosk', { p_kiosk_id: params.kioskId }),
});
