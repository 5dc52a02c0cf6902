// POST /api/auth/verify-staff: the operator's (/admin) and clerks' (/staff) sign-in by code,
// counted and limited exactly as a member's (counted-verify.ts), answering the session of a
// staff member or an admin only (they usually have no customer row for /api/auth/verify).
import { callerFromToken } from '../../auth.ts';
import { VerifyStaffCodeRequest, VerifyStaffCodeResponse } from '../../contract.ts';
import { endpoint, UNAVAILABLE } from '../../endpoint.ts';
import { ApiError } from '../../errors.ts';
import { BAD_INPUT, EVERYONE, TOO_LARGE } from '../texts.ts';
import { countedVerify } from './counted-verify.ts';
import { e164 } from './phone.ts';

export const verifyStaffCode = endpoint({
  method: 'post', path: '/api/auth/verify-staff', tag: 'Auth', roles: EVERYONE,
  summary: 'Verify a staff member\'s or an admin\'s sign-in code; answers the Supabase session',
  description:
    'The code limits of `POST /api/auth/verify` apply (one count of tries per phone, a dead code after ' +
    '`private.settings.sign_in_code_max_failures` wrong tries). A phone that is neither staff nor an admin ' +
    'gets 403 and its new session is signed out again. Store the session with supabase-js `setSession`.',
  body: VerifyStaffCodeRequest, status: 200, response: VerifyStaffCodeResponse,
  errors: {
    400: BAD_INPUT, 401: 'The code is wrong or expired, or had too many wrong tries.',
    403: 'This phone is neither staff nor an admin.', 413: TOO_LARGE,
    429: 'Too many verification attempts for this phone.', 503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [{ rule: 'verifyPerPhone', bucket: 'verify:phone', key: ({ body }) => body.phone, text: 'verification attempts per phone' }],
  async handler({ body, auth, verifier, config, callAsService }) {
    const session = await countedVerify({ auth, callAsService }, e164(body.phone), body.code);
    const caller = await callerFromToken(session.access_token, config.anonKey, verifier).catch(() => undefined);
    if (caller?.kind !== 'staff' && caller?.kind !== 'admin') {
      await auth.signOut(session.access_token).catch(() => undefined);
      throw new ApiError(403, 'forbidden', 'This phone is not signed up as staff or an admin');
    }
    return { session, role: caller.kind };
  },
});
