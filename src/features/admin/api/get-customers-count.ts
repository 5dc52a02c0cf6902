// GET /api/admin/customers/count: how many customers match the filters (the pager's total).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { BOARD_POLL_MS, liveQuery } from '@/lib/live.ts';
import { customerFilterParams, type CustomerQuery } from './get-customers.ts';

export const customersCountQueryOptions = (filters: CustomerQuery) =>
  queryOptions({
    queryKey: ['/api/admin/customers/count', customerFilterParams(filters)] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminCustomersCount, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useCustomersCount(filters: CustomerQuery) {
  return useQuery({ ...customersCountQueryOptions(filters), ...liveQuery(BOARD_POLL_MS) });
}
