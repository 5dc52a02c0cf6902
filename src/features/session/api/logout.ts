// POST /api/auth/logout: revoke the session on the server, forget it in this browser and clear
// every cached answer (PRODUCT §4: sign-out clears all cached data).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage.ts';
import { supabase } from '@/lib/supabase.ts';

/** Signs out; never fails: whatever the server says, this browser ends up signed out. */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(endpoints.logout);
    // The server revoked the session. Drop the stored copy first so supabase-js signs out locally
    // without asking Auth to revoke it again (Auth would answer 403, logged by the browser).
    localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Offline, or the session had already ended: supabase-js revokes what it still can.
  }
  await supabase.auth.signOut({ scope: 'local' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
