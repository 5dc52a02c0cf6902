// Staff and admin sign-in: POST /api/auth/verify-session checks the code with the same counted
// limits as a member's sign-in (POST /api/auth/verify links a customer row and answers 404 to a
// user who has none — which is what an operator or a counter clerk usually is), then the session
// is kept in supabase-js. The code is sent through POST /api/auth/send-code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifySessionResponse } from '@contract';
import { ApiError, callEndpoint, endpoints, userMessage } from '@/lib/api-client.ts';
import { supabase } from '@/lib/supabase.ts';

export class StaffCodeError extends Error {}

export async function verifyStaffCode(input: { phone: string; code: string }): Promise<void> {
  let result: VerifySessionResponse;
  try {
    result = await callEndpoint(endpoints.verifySession, { body: input });
  } catch (error) {
    throw new StaffCodeError(
      error instanceof ApiError && error.status === 429
        ? 'Too many attempts. Please wait a minute and try again.'
        : error instanceof ApiError && error.status === 401
          ? 'Invalid or expired code. Please try again.'
          : userMessage(error),
    );
  }
  const { error } = await supabase.auth.setSession({
    access_token: result.session.access_token,
    refresh_token: result.session.refresh_token,
  });
  if (error) throw new StaffCodeError('Invalid or expired code. Please try again.');
}

export function useVerifyStaffCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyStaffCode,
    // Whatever was cached belonged to the previous caller. Cleared before the session changes:
    // the new session is published while setSession is still running, so the screen behind the
    // sign-in has already started its queries, and clearing after success would drop them mid-fetch.
    onMutate: () => queryClient.clear(),
  });
}
