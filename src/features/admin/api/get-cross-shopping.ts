// GET /api/admin/coalition/cross-shopping: members by pair of businesses, share at two or more.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const crossShoppingQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: ['/api/admin/coalition/cross-shopping', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.crossShopping, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useCrossShopping(filters: AdminFilters) {
  return useQuery(crossShoppingQueryOptions(filters));
}
