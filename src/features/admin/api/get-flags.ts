// GET /api/admin/flags: members flagged by the velocity rule (5+ approved visits in a day).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const flagsQueryOptions = (includeDismissed: boolean) =>
  queryOptions({
    queryKey: [
      '/api/admin/flags',
      { includeDismissed: includeDismissed ? 'true' : undefined },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(routes.velocityFlags, { query: queryKey[1] }),
  });

export function useFlags(includeDismissed = false) {
  return useQuery(flagsQueryOptions(includeDismissed));
}
