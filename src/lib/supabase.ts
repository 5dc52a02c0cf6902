// The one Auth client of the app (data goes through /api): supabase-js's own Auth client
// (@supabase/auth-js), built as createClient builds it, without the database, realtime, storage
// and functions clients the app does not use. It keeps the session in localStorage across reloads
// and refreshes it before it expires (supabase-js defaults). `supabase.auth` offers the calls of
// supabase-js's `auth` the app makes, and loads the client (23 KB gzipped) on first need: at once
// when a session is stored in this browser, else at a sign-in. A visitor's screens (a signed-out
// /account, /admin's sign-in form) paint without it; who is signed in is known without it when
// nothing is stored: nobody.
import type { AuthChangeEvent, GoTrueClient as AuthClient, Session } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY, hasStoredSession } from './auth-storage.ts';

// `npm run dev` writes both to .env.local; the fallbacks are the local stack's address so unit
// tests and a bare `vite` still load (a wrong key only fails sign-in, loudly, at the stack).
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321';
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY ?? 'local-anon-key-missing';

let loading: Promise<AuthClient> | undefined;
let loaded: AuthClient | undefined;
/** Listeners waiting for the client: each is attached to it when it loads. */
const waiting = new Set<(client: AuthClient) => void>();

function authClient(): Promise<AuthClient> {
  loading ??= import('@supabase/auth-js').then(({ AuthClient: Client }) => {
    loaded = new Client({
      url: new URL('auth/v1', SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`).href,
      headers: { Authorization: `Bearer ${SUPABASE_ANON_KEY}`, apikey: SUPABASE_ANON_KEY },
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
    });
    for (const attach of waiting) attach(loaded);
    waiting.clear();
    return loaded;
  });
  return loading;
}

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;

export const supabase = {
  auth: {
    /** The stored session (refreshed first when it is about to expire); none stored: null, at once. */
    getSession: (async () => {
      if (!loaded && !hasStoredSession()) return { data: { session: null }, error: null };
      return (await authClient()).getSession();
    }) as AuthClient['getSession'],
    setSession: (async (session) => (await authClient()).setSession(session)) as AuthClient['setSession'],
    signInAnonymously: (async (credentials) =>
      (await authClient()).signInAnonymously(credentials)) as AuthClient['signInAnonymously'],
    signOut: (async (options) => (await authClient()).signOut(options)) as AuthClient['signOut'],
    /**
     * supabase-js's onAuthStateChange: INITIAL_SESSION once the stored session is read, then every
     * sign-in, sign-out and refresh. With nothing stored, INITIAL_SESSION says "nobody" without the
     * client; the listener is attached to the client when a sign-in loads it.
     */
    onAuthStateChange(listener: AuthListener): { data: { subscription: { unsubscribe: () => void } } } {
      let active = true;
      let detach = () => {};
      const attach = (client: AuthClient) => {
        if (active) detach = client.onAuthStateChange(listener).data.subscription.unsubscribe;
      };
      if (loaded) attach(loaded);
      else {
        waiting.add(attach);
        if (hasStoredSession()) void authClient();
        else queueMicrotask(() => active && !loaded && listener('INITIAL_SESSION', null));
      }
      const unsubscribe = () => {
        active = false;
        waiting.delete(attach);
        detach();
      };
      return { data: { subscription: { unsubscribe } } };
    },
  },
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
