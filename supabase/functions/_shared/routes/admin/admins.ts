// Admins by phone: list, grant, remove. The rules (one role per phone, never
// yourself, never the last admin, sessions ended) live in app.grant_admin / app.remove_admin.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN, TOO_LARGE } from '../texts.ts';
import { PERSON_400, PERSON_DESCRIPTION } from './people-texts.ts';

const PHONE_400 = `${BAD_INPUT} Or the phone is not a 10-digit US number.`;

export const adminAdmins = endpoint({
  ...routes.adminAdmins, tag: 'Admin', roles: ['admin'],
  summary: 'The admins, signed up or pending',
  description:
    "Auth users with app_metadata role 'admin' (status active) and phones granted admin that have not signed up " +
    'yet (status pending), by phone; `you` marks the caller.',
  errors: { 400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.' },
  handler: ({ call }) => call('app.admin_admins'),
});

export const grantAdmin = endpoint({
  ...routes.grantAdmin, tag: 'Admin', roles: ['admin'],
  summary: 'Make a phone an admin',
  description:
    "The phone's Auth user becomes an admin at once (the claim is in their next token: sign-in or refresh); a phone " +
    'that has not signed up yet keeps a pending grant that its sign-up takes up. Granting an admin again changes ' +
    'nothing. Audited (admin.grant).',
  errors: {
    400: PHONE_400, 401: NOT_SIGNED_IN, 403: 'Not an admin.',
    409: 'The phone is staff or an owner at a business (remove it there first).', 413: TOO_LARGE,
  },
  handler: ({ call, body }) => call('app.grant_admin', { p_phone: body.phone }),
});

export const removeAdmin = endpoint({
  ...routes.removeAdmin, tag: 'Admin', roles: ['admin'],
  summary: 'Remove an admin',
  description:
    `${PERSON_DESCRIPTION} Drops the grant and the admin role, and ends every Auth session of theirs: their token ` +
    'is refused at once (the api and Storage). Never yourself (another admin removes you) and never the last admin; removals run one at a time, so ' +
    'two admins removing each other at once leave one. Audited (admin.remove).',
  errors: {
    400: `${BAD_INPUT} ${PERSON_400}`, 401: NOT_SIGNED_IN, 403: 'Not an admin (or no longer one: another admin removed you).',
    404: 'Nobody so named is an admin.', 409: 'The person is you, or the last admin.', 413: TOO_LARGE,
  },
  handler: ({ call, body }) => call('app.remove_admin', { p_phone: body.phone, p_user_id: body.userId }),
});
