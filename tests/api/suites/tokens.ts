// Tokens for the issue-14 suites: a signed-in member straight through the Auth stand-in (the
// API's send-code path belongs to another suite), and the callers every admin endpoint refuses.
import { createKiosk, createStaff, nextPhone, signUp } from '../../support/api-factories.ts';
import type { ApiHarness } from '../../support/api-harness.ts';
import { signInWithPhone } from '../../support/auth-client.ts';

export async function memberToken(h: ApiHarness, phone?: string): Promise<string> {
  const own = phone ?? (await signUp(h, { phone: nextPhone() })).phone;
  return (await signInWithPhone(h.auth, own)).access_token;
}

/** A member's, a staff member's and an unenrolled kiosk's tokens: none may call an admin endpoint. */
export async function nonAdminTokens(h: ApiHarness): Promise<Record<string, string>> {
  return {
    member: await memberToken(h),
    staff: await createStaff(h, 'creamery'),
    kiosk: (await createKiosk(h, 'creamery', { enrolled: false })).token,
  };
}
