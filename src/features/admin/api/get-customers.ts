// GET /api/admin/customers: one page of the customers matching the filters, sorted on the server
// (100k rows never reach the browser). `everyone` lists all customers, active in the range or not.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerSort } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export type CustomerSortKey = z.infer<typeof CustomerSort>;

export interface CustomerQuery extends AdminFilters {
  search?: string;
  everyone?: boolean;
  limit?: number;
  page?: number;
  sort?: CustomerSortKey;
  order?: 'asc' | 'desc';
}

/** The filter part of the query, shared with GET /api/admin/customers/count. */
export function customerFilterParams(filters: CustomerQuery) {
  return {
    search: filters.search || undefined,
    location: filters.location,
    ...(filters.everyone ? { range: 'all' as const } : rangeParams(filters)),
  };
}

export const customersQueryOptions = (filters: CustomerQuery) =>
  queryOptions({
    queryKey: [
      '/api/admin/customers',
      {
        ...customerFilterParams(filters),
        limit: filters.limit,
        page: filters.page && filters.page > 1 ? filters.page : undefined,
        sort: filters.sort,
        order: filters.order,
      },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminCustomers, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

/** Live like the dashboard: re-read every 30 s while visible, and when the tab comes back. */
export function useCustomers(filters: CustomerQuery) {
  return useQuery({ ...customersQueryOptions(filters), ...liveQuery(BOARD_POLL_MS) });
}
