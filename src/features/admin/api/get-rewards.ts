// GET /api/admin/rewards: the reward catalogue with unlocks and redemptions per business.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const rewardsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: ['/api/admin/rewards', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminRewards, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useAdminRewards(filters: AdminFilters) {
  return useQuery(rewardsQueryOptions(filters));
}
