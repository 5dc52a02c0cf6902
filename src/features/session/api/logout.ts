// POST /api/auth/logout: revoke the session on the server, forget it in this browser and clear
// every cached answer (SPEC §4: sign-out clears all cached data).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogoutResponse } from '@contract';
import { ApiError, apiJson } from '@/lib/api-client.ts';
import { supabase } from '@/lib/supabase.ts';

export async function logout(): Promise<void> {
  try {
    await apiJson(LogoutResponse, 'POST', '/api/auth/logout');
  } catch (error) {
    // An already revoked or expired session is signed out all the same.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  } finally {
    await supabase.auth.signOut({ scope: 'local' });
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
