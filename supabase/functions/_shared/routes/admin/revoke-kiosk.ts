// POST /api/admin/kiosks/:kioskId/revoke: a lost or stolen kiosk loses its enrolment and session.
// PUT .../name: the operator names kiosks and staff phones.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const revokeKiosk = endpoint({
  ...routes.revokeKiosk, tag: 'Admin', roles: ['admin'],
  summary: 'Revoke a kiosk',
  description:
    'Drops the kiosk\'s enrolment and ends its Auth sessions: its token is refused at once and cannot be ' +
    'refreshed. The device can only be used again after a new sign-in and enrolment with the current code; ' +
    'set a new enrolment code when the device may have kept it. Revoking twice is harmless.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown kiosk.' },
  handler: ({ call, params }) => call('app.revoke_kiosk', { p_kiosk_id: params.kioskId }),
});

export const nameKiosk = endpoint({
  ...routes.nameKiosk, tag: 'Admin', roles: ['admin'],
  summary: 'Name a kiosk',
  description:
    'The name the operator gives a kiosk ("Front counter tablet", at most 60 characters; empty clears it), shown ' +
    'wherever a visit or a redemption says who served, instead of the device\'s browser string. One `kiosk.rename` ' +
    'audit row when it changed.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown kiosk.', 413: TOO_LARGE },
  handler: ({ call, params, body }) => call('app.admin_name_kiosk', { p_kiosk_id: params.kioskId, p_name: body.name }),
});

export const nameStaff = endpoint({
  ...routes.nameStaff, tag: 'Admin', roles: ['admin'],
  summary: 'Name a staff phone',
  description:
    'The name the operator gives a staff phone of this business ("Maria", at most 60 characters; empty clears ' +
    'it), shown wherever a visit or a redemption says who served. One `staff.rename` audit row when it changed.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Not staff at this business.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_name_staff', { p_location_id: params.locationId, p_user_id: body.userId, p_name: body.name }),
});

export const namePendingStaff = endpoint({
  ...routes.namePendingStaff, tag: 'Admin', roles: ['admin'],
  summary: 'Name a staff grant that waits for its phone',
  description:
    'The name the operator gives the person of a pending staff grant (a phone that has not signed in yet; at ' +
    'most 60 characters, empty clears it). It is listed with the grant, and becomes the name of their staff ' +
    'phone when it signs in. One `staff.rename` audit row when it changed.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'No pending staff grant for this phone here.', 413: TOO_LARGE },
  handler: ({ call, params, body }) =>
    call('app.admin_name_pending_staff', { p_location_id: params.locationId, p_phone: body.phone, p_name: body.name }),
});
