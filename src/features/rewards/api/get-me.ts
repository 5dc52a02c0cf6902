// GET /api/me: the signed-in member's points, tier, next goal, rewards and visited businesses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  answerOn401,
  callEndpoint,
  endpoints,
  type UnauthorizedBehavior,
} from '@/lib/api-client.ts';
import { liveQuery, MEMBER_POLL_MS } from '@/lib/live.ts';

/** `on401: 'returnNull'` answers null when nobody is signed in instead of failing. */
export const meQueryOptions = (options: { on401: UnauthorizedBehavior } = { on401: 'throw' }) =>
  queryOptions({
    queryKey: ['/api/me'] as const,
    queryFn: () => answerOn401(callEndpoint(endpoints.me), options.on401),
  });

/**
 * `live`: the member's own screens (account, wallet, QR) re-read it every ~2 s while visible and
 * on returning to the tab, so a counter's approval or redemption shows without a reload
 * (docs/LIVE.md). `refetchInterval` overrides the pace (the check-in QR's own polling).
 */
export function useMe(options?: {
  on401: UnauthorizedBehavior;
  refetchInterval?: number | false;
  live?: boolean;
}) {
  return useQuery({
    ...meQueryOptions(options),
    ...(options?.live ? liveQuery(MEMBER_POLL_MS) : {}),
    ...(options?.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
  });
}
