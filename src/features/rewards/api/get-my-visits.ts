// GET /api/me/visits: the signed-in member's visits, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const myVisitsQueryOptions = (limit = 50) =>
  queryOptions({
    queryKey: ['/api/me/visits', { limit }] as const,
    queryFn: () => callEndpoint(routes.myVisits, { query: { limit } }),
  });

export function useMyVisits(limit?: number) {
  return useQuery(myVisitsQueryOptions(limit));
}
