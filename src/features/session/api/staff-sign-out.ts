// Sign-out on /admin and /staff: Supabase Auth's own logout (scope local revokes this session on
// the server and forgets it here), then every cached answer is dropped. useLogout() calls
// POST /api/auth/logout first and supabase-js's logout after it, which then finds the session
// already revoked (a 403 the browser logs as a console error); this order has one request only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';

export async function staffSignOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  // The local session is gone even when the server could not be told; say so only if it was not.
  if (error && (await supabase.auth.getSession()).data.session) throw error;
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: staffSignOut, onSettled: () => queryClient.clear() });
}
