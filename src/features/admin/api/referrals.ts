// GET/PUT /api/admin/referrals: "Bring a neighbour" — the bonus, the monthly cap, the flag.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralSettingsRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const referralSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/referrals'] as const,
    queryFn: () => callEndpoint(endpoints.adminReferrals),
  });
export const useReferralSettings = () => useQuery(referralSettingsQueryOptions());

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsRequest) =>
      callEndpoint(endpoints.updateReferrals, { body }),
    onSuccess: (data) => queryClient.setQueryData(referralSettingsQueryOptions().queryKey, data),
  });
}
