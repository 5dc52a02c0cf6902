// The kiosk device's session at a location (SPEC §2: opened once on load): an anonymous Supabase
// sign-in (reused while it lasts, so an enrolment is remembered on the device), then
// POST /api/kiosk/session. A failure is retried with backoff for as long as it takes: a kiosk
// that gives up silently loses customers, so the screen shows every failed attempt.
// supabase-js and the contract load on demand, so a landing screen paints before they arrive
// (the kiosk landing's first load stays within its JS budget).
import { useQuery } from '@tanstack/react-query';

/** Backoff between attempts: 1 s, 2 s, 4 s … at most 30 s. */
export function kioskRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

async function ensureAnonymousSignIn(): Promise<void> {
  const { supabase } = await import('@/lib/supabase.ts');
  const { data } = await supabase.auth.getSession();
  if (data.session?.user.is_anonymous) return;
  const { error } = await supabase.auth.signInAnonymously();
  if (error) throw error;
}

/** open-kiosk-session.ts's `kioskSessionKey` and the location (spelt out: see above). */
export const kioskSessionQueryKey = (locationId: string) => ['/api/kiosk/session', locationId] as const;

export function useKioskSession(locationId: string) {
  return useQuery({
    queryKey: kioskSessionQueryKey(locationId),
    queryFn: async () => {
      await ensureAnonymousSignIn();
      const { openKioskSession } = await import('../api/open-kiosk-session.ts');
      return openKioskSession({ locationId, deviceFingerprint: navigator.userAgent.slice(0, 512) });
    },
    staleTime: Infinity,
    retry: true,
    retryDelay: kioskRetryDelay,
  });
}
