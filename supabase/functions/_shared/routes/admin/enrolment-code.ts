// PUT /api/admin/locations/:locationId/enrolment-code: set a location's kiosk enrolment code.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const setEnrolmentCode = endpoint({
  ...routes.setEnrolmentCode, tag: 'Admin', roles: ['admin'],
  summary: 'Set (or replace) a location\'s kiosk enrolment code',
  description: 'Only a salted hash is kept. A new code un-enrols every kiosk of the location.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.', 413: TOO_LARGE },
  handler: ({ call, params, body }) => call('app.set_enrolment_code', { p_location_id: params.locationId, p_code: body.code }),
});
