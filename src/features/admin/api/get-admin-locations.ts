// GET /api/admin/locations: the six businesses with visits, members, kiosks and staff phones.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminLocationsResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const adminLocationsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: ['/api/admin/locations', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => getByKey(AdminLocationsResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useAdminLocations(filters: AdminFilters) {
  return useQuery(adminLocationsQueryOptions(filters));
}
