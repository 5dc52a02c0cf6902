// POST /api/rewards/redeem: redeem an unlocked reward once; the account is refreshed afterwards
// (SPEC §4 reward redemption).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RedeemRewardResponse, type RedeemRewardRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';
import { meQueryOptions } from './get-me.ts';

export function redeemReward(input: RedeemRewardRequest): Promise<RedeemRewardResponse> {
  return apiJson(RedeemRewardResponse, 'POST', '/api/rewards/redeem', input);
}

export function useRedeemReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
