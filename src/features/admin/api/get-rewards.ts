// GET /api/admin/rewards: the reward catalogue with unlocks and redemptions per business.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminRewardsResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';
import { rangeParams, type AdminFilters } from './filters.ts';

export const rewardsQueryOptions = (filters: AdminFilters) =>
  queryOptions({
    queryKey: ['/api/admin/rewards', rangeParams(filters)] as const,
    queryFn: ({ queryKey }) => getByKey(AdminRewardsResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useAdminRewards(filters: AdminFilters) {
  return useQuery(rewardsQueryOptions(filters));
}
