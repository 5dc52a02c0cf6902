// GET /api/me/visits: the signed-in member's visits, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const myVisitsQueryOptions = (limit = 50) =>
  queryOptions({
    queryKey: ['/api/me/visits', { limit }] as const,
    queryFn: () => callEndpoint(endpoints.myVisits, { query: { limit } }),
  });

export function useMyVisits(limit?: number) {
  return useQuery(myVisitsQueryOptions(limit));
}
