// GET /api/admin/metrics: the four dashboard metrics with their growth, for the filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const metricsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: [
      '/api/admin/metrics',
      { location: filters.location, ...rangeParams(filters) },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminMetrics, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useMetrics(filters: AdminFilters) {
  // Shown on the dashboards left open all day: kept within 30 s of the truth.
  return useQuery({ ...metricsQueryOptions(filters), ...liveQuery(BOARD_POLL_MS) });
}
