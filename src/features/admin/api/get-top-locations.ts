// GET /api/admin/top-locations: businesses ranked by visits in the range, with growth.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const topLocationsQueryOptions = (filters: Omit<AdminFilters, 'location'>) =>
  queryOptions({
    queryKey: ['/api/admin/top-locations', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminTopLocations, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useTopLocations(filters: Omit<AdminFilters, 'location'>) {
  // Shown on the dashboards left open all day: kept within 30 s of the truth.
  return useQuery({ ...topLocationsQueryOptions(filters), ...liveQuery(BOARD_POLL_MS) });
}
