// GET /api/admin/visits/daily: approved visits per day per business for the filters (the chart).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const visitsDailyQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: [
      '/api/admin/visits/daily',
      { location: filters.location, ...rangeParams(filters) },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminVisitSeries, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useVisitsDaily(filters: AdminFilters) {
  // Shown on the dashboards left open all day: kept within 30 s of the truth.
  return useQuery({ ...visitsDailyQueryOptions(filters), ...liveQuery(BOARD_POLL_MS) });
}
