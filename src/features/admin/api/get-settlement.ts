// GET /api/admin/coalition/settlement: a month's settlement statement between the businesses.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettlementResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';

export const settlementQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/coalition/settlement', { month }] as const,
    queryFn: ({ queryKey }) => getByKey(SettlementResponse, queryKey),
  });

export function useSettlement(month: string) {
  return useQuery(settlementQueryOptions(month));
}
