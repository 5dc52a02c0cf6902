// Business owners by phone: an admin lists, grants and removes the owners of a
// business. An owner reads only their business (private.require_owner_of in the SQL functions).
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';
import { PERSON_400, PERSON_DESCRIPTION } from './people-texts.ts';

const PHONE_400 = `${BAD_INPUT} Or the phone is not a 10-digit US number.`;

export const adminOwners = endpoint({
  ...routes.adminOwners, tag: 'Admin', roles: ['admin'],
  summary: 'Business owners, of one business or all',
  description:
    "Auth users with app_metadata role 'owner' (status active) and owner grants whose phone has not signed up yet " +
    '(status pending), by business then phone; `location` narrows to one business.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.' },
  handler: ({ call, query }) => call('app.admin_owners', { p_location_id: query.location }),
});

export const grantOwner = endpoint({
  ...routes.grantOwner, tag: 'Admin', roles: ['admin'],
  summary: 'Make a phone an owner of a business',
  description:
    "The phone's Auth user becomes an owner of this business (app_metadata role 'owner' and location_id) at once, " +
    'with their next token; a phone that has not signed up yet keeps a pending grant. A business may have several ' +
    'owners. Granting again changes nothing. Audited (owner.grant).',
  errors: {
    400: PHONE_400, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown location.',
    409: 'The phone is an admin, staff somewhere, or an owner of another business.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) => call('app.grant_owner', { p_location_id: params.locationId, p_phone: body.phone }),
});

export const revokeOwner = endpoint({
  ...routes.revokeOwner, tag: 'Admin', roles: ['admin'],
  summary: 'Remove an owner of a business',
  description:
    `${PERSON_DESCRIPTION} Drops the grant and the owner role, and ends every Auth session of theirs: their token ` +
    'is refused at once (the api and Storage). Audited (owner.revoke).',
  errors: {
    400: `${BAD_INPUT} ${PERSON_400}`, 401: NOT_SIGNED_IN, 403: 'Not an admin.',
    404: 'Unknown location, or nobody so named is an owner of this business.', 413: TOO_LARGE,
  },
  handler: ({ call, params, body }) =>
    call('app.revoke_owner', { p_location_id: params.locationId, p_phone: body.phone, p_user_id: body.userId }),
});
