// "Bring a neighbour": the member's code and counts (GET /api/me/referral) and the join page's check
// of a code (GET /api/referrals/:code). The operator's setting is the admin feature's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { isReferralCode } from '@/lib/referral-code.ts';

export const myReferralQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/referral'] as const,
    queryFn: () => callEndpoint(endpoints.myReferral),
  });
export const useMyReferral = () => useQuery(myReferralQueryOptions());

/** Checks a code only when it has a code's shape: anything else is not a code, without asking. */
export const useReferralCodeCheck = (code: string | null) =>
  useQuery({
    queryKey: ['/api/referrals', code] as const,
    queryFn: () => callEndpoint(endpoints.checkReferralCode, { params: { code: code! } }),
    enabled: code !== null && isReferralCode(code),
    staleTime: Infinity,
    retry: false,
  });
