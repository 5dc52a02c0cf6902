// Live screens (docs/LIVE.md): pages left open poll what they show, TanStack Query's
// way — `refetchInterval` only while the tab is visible (`refetchIntervalInBackground: false`, so a
// hidden tab costs nothing) and a refetch when the tab becomes visible again. Polling rather than
// Realtime: it works through any proxy and when sockets are down, and the local stack serves it.

/** A member at the counter watching their phone: a counter's approval shows within ~2 s. */
export const MEMBER_POLL_MS = 2_000;
/** The admin dashboard, the owner's view: within 30 s of the truth. */
export const BOARD_POLL_MS = 30_000;

/** Query options that keep an open, visible page current every `intervalMs`. */
export function liveQuery(intervalMs: number) {
  return {
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  } as const;
}
