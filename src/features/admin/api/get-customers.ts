// GET /api/admin/customers: customers active in the range, matching the search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminCustomersResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const customersQueryOptions = (
  filters: AdminFilters & { search?: string; limit?: number },
) =>
  queryOptions({
    queryKey: [
      '/api/admin/customers',
      {
        search: filters.search || undefined,
        location: filters.location,
        limit: filters.limit,
        ...rangeParams(filters),
      },
    ] as const,
    queryFn: ({ queryKey }) => getByKey(AdminCustomersResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useCustomers(filters: AdminFilters & { search?: string; limit?: number }) {
  return useQuery(customersQueryOptions(filters));
}
