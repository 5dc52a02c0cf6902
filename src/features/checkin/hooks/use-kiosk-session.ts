// The kiosk device's session at a location (PRODUCT §2: opened once on load): an anonymous Supabase
// sign-in (reused while it lasts, so an enrolment is remembered on the device), then
// POST /api/kiosk/session. A failure is retried with backoff for as long as it takes: a kiosk
// that gives up silently loses customers, so the screen shows every failed attempt.
// supabase-js and the contract load on demand, so a landing screen paints before they arrive
// (the kiosk landing's first load stays within its JS budget).
// A revoked kiosk (an admin ended its Auth session) gets 401 for its stored token: it forgets that
// session and signs in anew, so the screen shows the enrolment form again instead of retrying
// the dead token forever.
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** Backoff between attempts: 1 s, 2 s, 4 s … at most 30 s. */
export function kioskRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

async function ensureAnonymousSignIn(fresh = false): Promise<void> {
  const { supabase } = await import('@/lib/supabase.ts');
  if (fresh) await supabase.auth.signOut({ scope: 'local' });
  const { data } = await supabase.auth.getSession();
  if (data.session?.user.is_anonymous) return;
  const { error } = await supabase.auth.signInAnonymously();
  if (error) throw error;
}

const refused = (error: unknown) => (error as { status?: unknown } | null)?.status === 401;

/** open-kiosk-session.ts's `kioskSessionKey` and the location (spelt out: see above). */
export const kioskSessionQueryKey = (locationId: string) => ['/api/kiosk/session', locationId] as const;

export function useKioskSession(locationId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: kioskSessionQueryKey(locationId),
    queryFn: async () => {
      await ensureAnonymousSignIn();
      const { openKioskSession } = await import('../api/open-kiosk-session.ts');
      const open = () =>
        openKioskSession({ locationId, deviceFingerprint: navigator.userAgent.slice(0, 512) });
      try {
        return await open();
      } catch (error) {
        if (!refused(error)) throw error;
        await ensureAnonymousSignIn(true);
        // Whatever failed with the dead token (the catalogue: the logo, the texts) asks again.
        void queryClient.refetchQueries({ queryKey: ['/api/locations'] });
        return open();
      }
    },
    staleTime: Infinity,
    retry: true,
    retryDelay: kioskRetryDelay,
  });
}
