// GET /api/admin/coalition/settlement: a month's settlement statement between the businesses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const settlementQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/coalition/settlement', { month }] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.settlement, { query: queryKey[1] }),
  });

export function useSettlement(month: string) {
  return useQuery(settlementQueryOptions(month));
}
