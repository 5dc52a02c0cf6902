// "Bring a neighbour": the member's code and counts (GET /api/me/referral), the join page's check of
// a code (GET /api/referrals/:code), and the operator's setting (GET/PUT /api/admin/referrals).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type ReferralSettingsRequest } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';
import { isReferralCode } from '../lib/code.ts';

export const myReferralQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/referral'] as const,
    queryFn: () => callEndpoint(routes.myReferral),
  });
export const useMyReferral = () => useQuery(myReferralQueryOptions());

/** Checks a code only when it has a code's shape: anything else is not a code, without asking. */
export const useReferralCodeCheck = (code: string | null) =>
  useQuery({
    queryKey: ['/api/referrals', code] as const,
    queryFn: () => callEndpoint(routes.checkReferralCode, { params: { code: code! } }),
    enabled: code !== null && isReferralCode(code),
    staleTime: Infinity,
    retry: false,
  });

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
