// POST /api/auth/logout: revoke the caller's session.
import { routes } from '../../contract.ts';
import { endpoint, UNAVAILABLE } from '../../endpoint.ts';
import { NOT_SIGNED_IN, SIGNED_IN, TOO_LARGE } from '../texts.ts';

export const logout = endpoint({
  ...routes.logout, tag: 'Auth', roles: SIGNED_IN,
  summary: 'Sign out: revoke the caller\'s session',
  description: 'Tokens of the session are refused from then on, even before they expire.',
  errors: { 400: 'A query parameter was sent; logout takes none.', 401: NOT_SIGNED_IN, 413: TOO_LARGE, 503: `Supabase Auth is unreachable. ${UNAVAILABLE}` },
  async handler({ auth, caller }) {
    await auth.signOut(caller.accessToken ?? '');
    return { signedOut: true };
  },
});
