// GET /api/admin/locations/{id}/settlement: one business's line of a month's settlement.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const businessSettlementQueryOptions = (locationId: string, month: string) =>
  queryOptions({
    queryKey: [
      `/api/admin/locations/${encodeURIComponent(locationId)}/settlement`,
      { month },
    ] as const,
    queryFn: () => callEndpoint(endpoints.businessSettlement, { params: { locationId }, query: { month } }),
  });

export const useBusinessSettlement = (locationId: string, month: string) =>
  useQuery(businessSettlementQueryOptions(locationId, month));
