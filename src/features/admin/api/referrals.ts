// GET/PUT /api/admin/referrals: "Bring a neighbour" — the bonus, the monthly cap, the flag.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ReferralSettingsRequest } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const referralSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/referrals'] as const,
    queryFn: () => callEndpoint(routes.adminReferrals),
  });
export const useReferralSettings = () => useQuery(referralSettingsQueryOptions());

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettingsRequest) => callEndpoint(routes.updateReferrals, { body }),
    onSuccess: (data) => queryClient.setQueryData(referralSettingsQueryOptions().queryKey, data),
  });
}
