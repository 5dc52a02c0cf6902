// POST /api/auth/verify-session: the operator's (/admin) and clerks' (/staff) sign-in by code,
// counted and limited exactly as a member's (counted-verify.ts), answering the Supabase session
// alone: they usually have no customer row, which POST /api/auth/verify needs. The screens decide
// what a session without the staff or admin role sees ("Not authorised").
import { callerFromToken } from '../../auth.ts';
import { routes } from '../../contract.ts';
import { endpoint, UNAVAILABLE } from '../../endpoint.ts';
import { BAD_INPUT, EVERYONE, TOO_LARGE } from '../texts.ts';
import { countedVerify } from './counted-verify.ts';
import { e164 } from './phone.ts';

export const verifySession = endpoint({
  ...routes.verifySession, tag: 'Auth', roles: EVERYONE,
  summary: 'Verify a sign-in code and answer the Supabase session only (the admin and staff screens)',
  description:
    'The code limits of `POST /api/auth/verify` apply: one count of tries per phone whichever endpoint is used, a ' +
    'dead code after `private.settings.sign_in_code_max_failures` wrong tries. No customer is looked up or ' +
    'linked. `role` is the session\'s `app_metadata.role` when it is staff, owner or admin. Store the session with ' +
    'supabase-js `setSession`.',
  errors: {
    400: BAD_INPUT, 401: 'The code is wrong or expired, or had too many wrong tries.', 413: TOO_LARGE,
    429: 'Too many verification attempts for this phone.', 503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [{ rule: 'verifyPerPhone', bucket: 'verify:phone', key: ({ body }) => body.phone, text: 'verification attempts per phone' }],
  async handler({ body, auth, verifier, config, callAsService }) {
    const session = await countedVerify({ auth, callAsService }, e164(body.phone), body.code);
    const caller = await callerFromToken(session.access_token, config.anonKey, verifier);
    const role = caller.kind === 'staff' || caller.kind === 'owner' || caller.kind === 'admin' ? caller.kind : null;
    return { session, role };
  },
});
