// GET /api/admin/locations: the six businesses with visits, members, kiosks and staff phones.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const adminLocationsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: ['/api/admin/locations', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminLocations, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useAdminLocations(filters: AdminFilters) {
  return useQuery(adminLocationsQueryOptions(filters));
}
