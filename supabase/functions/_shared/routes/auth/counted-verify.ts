// A code checked with Supabase Auth the way the limits need it, for every sign-in screen (member,
// clerk, operator): the try is counted and admitted first (401 once the code is dead), then Auth
// checks the code (its Custom Access Token hook lets this admitted try through); a wrong code
// stays counted, a right one resets the count.
import { ApiError } from '../../errors.ts';
import type { HandlerContext } from '../../endpoint.ts';
import type { AuthSession } from '../../contract/auth.ts';

export async function countedVerify(
  context: Pick<HandlerContext, 'auth' | 'callAsService'>,
  phone: string,
  code: string,
): Promise<AuthSession> {
  await context.callAsService('app.sign_in_code_attempt', { p_phone: phone });
  let session: AuthSession;
  try {
    session = await context.auth.verifyOtp(phone, code);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await context.callAsService('app.sign_in_code_failed', { p_phone: phone }).catch(() => undefined);
    }
    throw error;
  }
  await context.callAsService('app.sign_in_code_verified', { p_phone: phone });
  return session;
}
