// GET/PUT /api/admin/nudges: the "your reward is waiting" reminder's setting.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const nudgeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/nudges'] as const,
    queryFn: () => callEndpoint(endpoints.adminNudges),
  });

export const useNudgeSettings = () => useQuery(nudgeSettingsQueryOptions());

export function useUpdateNudgeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardWaitingDays: number | null) => callEndpoint(endpoints.updateNudges, { body: { rewardWaitingDays } }),
    onSuccess: (data) => queryClient.setQueryData(nudgeSettingsQueryOptions().queryKey, data),
  });
}
