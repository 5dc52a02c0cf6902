// GET /api/admin/flags: members flagged by the velocity rule (5+ approved visits in a day).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const flagsQueryOptions = (includeDismissed: boolean) =>
  queryOptions({
    queryKey: [
      '/api/admin/flags',
      { includeDismissed: includeDismissed ? 'true' : undefined },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.velocityFlags, { query: queryKey[1] }),
  });

export function useFlags(includeDismissed = false) {
  return useQuery(flagsQueryOptions(includeDismissed));
}
