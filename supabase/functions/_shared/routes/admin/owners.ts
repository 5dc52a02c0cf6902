// Business owners by phone (issue 21 §3): an admin lists, grants and removes the owners of a
// business. An owner reads only their business (private.require_owner_of in the SQL functions).
import {
  AdminOwnersResponse, GrantOwnerResponse, LocationParams, OwnersQuery, PersonRequest, RevokeOwnerResponse, StaffPhoneRequest,
} from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';
import { PERSON_400, PERSON_DESCRIPTION } from './people-texts.ts';

const PHONE_400 = `${BAD_INPUT} Or the phone is not a 10-digit US number.`;

export const adminOwners = endpoint({
  method: 'get', path: '/api/admin/owners', tag: 'Admin', roles: ['admin'],
  summary: 'Business owners, of one business or all',
  description:
    "Auth users with app_metadata role 'owner' (status active) and owner grants whose phone has not signed up yet " +
    '(status pending), by business then phone; `location` narrows to one business.',
  query: OwnersQuery, status: 200, response: AdminOwnersResponse,
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) => call('app.admin_owners', { p_location_id: query.location }),
});

export const grantOwner = endpoint({
  method: 'post', path: '/api/admin/locations/:locationId/owners', tag: 'Admin', roles: ['admin'],
  summary: 'Make a phone an owner of a business',
  description:
    "The phone's Auth user becomes an owner of this business (app_metadata role 'owner' and location_id) at once, " +
    'with their next token; a phone that has not signed up yet keeps a pending grant. A business may have several ' +
    'owners. Granting again changes nothing. Audited (owner.grant).',
  params: LocationParams, body: StaffPhoneRequest, status: 200, response: GrantOwnerResponse,
  errors: {
    400: PHONE_400, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.',
    409: 'The phone is an admin, staff somewhere, or an owner of another business.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) => call('app.grant_owner', { p_location_id: params.locationId, p_phone: body.phone }),
});

export const revokeOwner = endpoint({
  method: 'post', path: '/api/admin/locations/:locationId/owners/revoke', tag: 'Admin', roles: ['admin'],
  summary: 'Remove an owner of a business',
  description:
    `${PERSON_DESCRIPTION} Drops the grant and the owner role, and ends every Auth session of theirs: their token ` +
    'is refused at once (the api and Storage). Audited (owner.revoke).',
  params: LocationParams, body: PersonRequest, status: 200, response: RevokeOwnerResponse,
  errors: {
    400: `${BAD_INPUT} ${PERSON_400}`, 401: NOT_SIGNED_IN, 403: 'Not an admin.',
    404: 'Unknown location, or nobody so named is an owner of this business.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.revoke_owner', { p_location_id: params.locationId, p_phone: body.phone, p_user_id: body.userId }),
});
