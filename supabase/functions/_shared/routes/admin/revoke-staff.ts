// POST /api/admin/locations/:locationId/staff/revoke: take a person's staff access away.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';
import { PERSON_400, PERSON_DESCRIPTION } from './people-texts.ts';

export const revokeStaff = endpoint({
  ...routes.revokeStaff, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: "Revoke a person's staff access at a business",
  description:
    `${PERSON_DESCRIPTION} Drops the grant and the staff role, and ends every Auth session of theirs: their ` +
    'token is refused at once (the api and Storage) and cannot be refreshed; signing in again makes them an ' +
    'ordinary member. An admin is never demoted here. Recorded with the admin and the time.',
  errors: {
    400: `${BAD_INPUT} ${PERSON_400}`, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER,
    404: 'Unknown location, or nobody so named is staff at this business.', 409: 'The person is an admin.',
    413: TOO_LARGE,
  },
  handler: ({ caller, call, params, body }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.revoke_staff', { p_location_id: params.locationId, p_phone: body.phone, p_user_id: body.userId });
  },
});
