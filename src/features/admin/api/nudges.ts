// GET/PUT /api/admin/nudges: the "your reward is waiting" reminder's setting.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NudgeSettings } from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const nudgeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/nudges'] as const,
    queryFn: ({ queryKey }) => getByKey(NudgeSettings, queryKey),
  });

export const useNudgeSettings = () => useQuery(nudgeSettingsQueryOptions());

export function useUpdateNudgeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardWaitingDays: number | null) => apiJson(NudgeSettings, 'PUT', '/api/admin/nudges', { rewardWaitingDays }),
    onSuccess: (data) => queryClient.setQueryData(nudgeSettingsQueryOptions().queryKey, data),
  });
}
