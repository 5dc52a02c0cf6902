// The one Auth client of the app (data goes through /api): supabase-js's own Auth client
// (@supabase/auth-js), built as createClient builds it, without the database, realtime, storage
// and functions clients the app does not use (23 KB gzipped instead of 50 KB in every signed-in
// screen's first load). It keeps the session in localStorage across reloads and refreshes it
// before it expires (supabase-js defaults). `supabase.auth` is the same API as supabase-js's.
import { AuthClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

// `npm run dev` writes both to .env.local; the fallbacks are the local stack's address so unit
// tests and a bare `vite` still load (a wrong key only fails sign-in, loudly, at the stack).
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321';
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY ?? 'local-anon-key-missing';

export const supabase = {
  auth: new AuthClient({
    url: new URL('auth/v1', SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`).href,
    headers: { Authorization: `Bearer ${SUPABASE_ANON_KEY}`, apikey: SUPABASE_ANON_KEY },
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
  }),
};

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
