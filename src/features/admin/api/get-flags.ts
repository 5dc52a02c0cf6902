// GET /api/admin/flags: members flagged by the velocity rule (5+ approved visits in a day).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VelocityFlagsResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';

export const flagsQueryOptions = (includeDismissed: boolean) =>
  queryOptions({
    queryKey: [
      '/api/admin/flags',
      { includeDismissed: includeDismissed ? 'true' : undefined },
    ] as const,
    queryFn: ({ queryKey }) => getByKey(VelocityFlagsResponse, queryKey),
  });

export function useFlags(includeDismissed = false) {
  return useQuery(flagsQueryOptions(includeDismissed));
}
