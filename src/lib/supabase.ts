// The one supabase-js client of the app (Auth only: data goes through /api). It keeps the session
// in localStorage across reloads and refreshes it before it expires (supabase-js defaults).
import { createClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

// `npm run dev` writes both to .env.local; the fallbacks are the local stack's address so unit
// tests and a bare `vite` still load (a wrong key only fails sign-in, loudly, at the stack).
const url = import.meta.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321';
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY ?? 'local-anon-key-missing';

export const supabase = createClient(url, anonKey, {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
  },
});

/** The current access token (refreshed first when it is about to expire), or null. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Forgets a session the server has ended (a revoked kiosk, a removed staff member, a forgotten
 * member) in this browser only: the stored copy goes first, so supabase-js does not ask Auth to
 * revoke it again (Auth would answer 403, which the browser logs).
 */
export async function forgetEndedSession(): Promise<void> {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  await supabase.auth.signOut({ scope: 'local' });
}
