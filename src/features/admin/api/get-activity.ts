// GET /api/admin/activity: the latest approved visits (SPEC §9: 20).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ActivityResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';

export const activityQueryOptions = (limit = 20) =>
  queryOptions({
    queryKey: ['/api/admin/activity', { limit }] as const,
    queryFn: ({ queryKey }) => getByKey(ActivityResponse, queryKey),
  });

export function useActivity(limit?: number) {
  return useQuery(activityQueryOptions(limit));
}
