// POST /api/auth/verify: check a sign-in code, then keep the returned Supabase session in
// supabase-js (persisted, refreshed) so every later request carries its Bearer token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyCodeRequest, VerifyCodeResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { supabase } from '@/lib/supabase.ts';

export async function verifyCode(input: VerifyCodeRequest): Promise<VerifyCodeResponse> {
  const result = await callEndpoint(endpoints.verifyCode, { body: input });
  const { error } = await supabase.auth.setSession({
    access_token: result.session.access_token,
    refresh_token: result.session.refresh_token,
  });
  if (error) throw error;
  return result;
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    // Whatever was cached belonged to the previous caller.
    onSuccess: () => queryClient.clear(),
  });
}
