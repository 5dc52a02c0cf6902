// GET /api/admin/activity: the latest approved visits (PRODUCT §9: 20), at one business when the
// dashboard's Location filter names one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';

export const activityQueryOptions = (limit = 20, location?: string) =>
  queryOptions({
    queryKey: ['/api/admin/activity', { limit, location }] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminActivity, { query: queryKey[1] }),
  });

export function useActivity(limit?: number, location?: string) {
  // Shown on the dashboards left open all day: kept within 30 s of the truth.
  return useQuery({ ...activityQueryOptions(limit, location), ...liveQuery(BOARD_POLL_MS) });
}
