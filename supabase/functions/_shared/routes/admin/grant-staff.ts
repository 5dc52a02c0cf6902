// POST /api/admin/locations/:locationId/staff: give a phone staff access at one business.
import { routes } from '../../contract.ts';
import { requireOwnBusiness } from '../../caller.ts';
import { endpoint } from '../../endpoint.ts';
import { ADMIN_OR_OWNER, BAD_INPUT, NOT_ADMIN_OR_OWNER, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const grantStaff = endpoint({
  ...routes.grantStaff, tag: 'Admin', roles: ADMIN_OR_OWNER,
  summary: 'Grant a phone staff access at a business',
  description:
    "The phone's Auth user becomes staff at this business (app_metadata role 'staff' and location_id); the " +
    'claim is in their next token (sign-in or refresh). A phone that has not signed up yet is kept as a pending ' +
    'grant and becomes staff when it signs up. Granting again at the same business changes nothing. A phone that ' +
    "is a member's is said first: status `needs_confirmation` with a `question` and nothing granted, then granted " +
    'when the request is sent again with `memberConfirmed: true`. Recorded with the admin and the time.',
  errors: {
    400: `${BAD_INPUT} Or the phone is not a 10-digit US number.`, 401: NOT_SIGNED_IN, 403: NOT_ADMIN_OR_OWNER,
    404: 'Unknown location.',
    409: 'The phone belongs to an admin or an owner, or is already staff at another business.',
    413: TOO_LARGE,
  },
  handler: ({ caller, call, params, body }) => {
    requireOwnBusiness(caller, params.locationId);
    return call('app.grant_staff', {
      p_location_id: params.locationId, p_phone: body.phone, p_member_confirmed: body.memberConfirmed ?? false,
    });
  },
});
