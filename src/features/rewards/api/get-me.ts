// GET /api/me: the signed-in member's points, tier, next goal, rewards and visited businesses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponse } from '@contract';
import { getByKey, type UnauthorizedBehavior } from '@/lib/api-client.ts';

/** `on401: 'returnNull'` answers null when nobody is signed in instead of failing. */
export const meQueryOptions = (options: { on401: UnauthorizedBehavior } = { on401: 'throw' }) =>
  queryOptions({
    queryKey: ['/api/me'] as const,
    queryFn: ({ queryKey }) => getByKey(MeResponse, queryKey, options),
  });

export function useMe(options?: { on401: UnauthorizedBehavior; refetchInterval?: number | false }) {
  return useQuery({
    ...meQueryOptions(options),
    refetchInterval: options?.refetchInterval ?? false,
  });
}
