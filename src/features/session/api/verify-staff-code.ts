// Staff and admin sign-in: the code is checked by Supabase Auth itself (supabase-js verifyOtp),
// because POST /api/auth/verify links a customer row and answers 404 to a user who has none —
// which is what an operator or a counter clerk usually is. The code is still sent through
// POST /api/auth/send-code, so the API's per-phone and per-address limits apply.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';

export class StaffCodeError extends Error {}

export async function verifyStaffCode(input: { phone: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.verifyOtp({
    phone: `+1${input.phone}`,
    token: input.code,
    type: 'sms',
  });
  if (error) {
    throw new StaffCodeError(
      error.status === 429
        ? 'Too many attempts. Please wait a minute and try again.'
        : 'Invalid or expired code. Please try again.',
    );
  }
}

export function useVerifyStaffCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyStaffCode,
    // Whatever was cached belonged to the previous caller. Cleared before the code is checked:
    // the new session is published while verifyOtp is still running, so the screen behind the
    // sign-in has already started its queries, and clearing after success would drop them mid-fetch
    // (their observers stayed on the removed queries: the counter showed 'Loading…' until a reload).
    onMutate: () => queryClient.clear(),
  });
}
