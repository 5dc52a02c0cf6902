// POST /api/admin/locations/:locationId/staff/revoke: take a phone's staff access away.
import { LocationParams, RevokeStaffResponse, StaffPhoneRequest } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const revokeStaff = endpoint({
  method: 'post', path: '/api/admin/locations/:locationId/staff/revoke', tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "Revoke a phone's staff access at a business",
  description:
    'Drops the grant (pending or not) and the staff role, and ends the user\'s Auth sessions: their token is ' +
    'refused at once and cannot be refreshed; signing in again makes them an ordinary member. An admin is never ' +
    'demoted here. Recorded with the admin and the time.',
  params: LocationParams, body: StaffPhoneRequest, status: 200, response: RevokeStaffResponse,
  errors: {
    400: `${BAD_INPUT} Or the phone is not a 10-digit US number.`, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER,
    404: 'Unknown location, or the phone is not staff at this business.', 409: 'The phone belongs to an admin.',
    413: TOO_LARGE,
  },
  handler: ({ caller, call, params, body }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.revoke_staff', { p_location_id: params.locationId, p_phone: body.phone });
  },
});
