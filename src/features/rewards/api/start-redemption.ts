// POST /api/rewards/redemption-code: a member's Redeem (issue 20 §3) — a 2-minute, single-use code
// to show at a counter, which redeems the reward at its business. The member never redeems alone.
import { useMutation } from '@tanstack/react-query';
import { StartRedemptionResponse } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function startRedemption(customerRewardId: string): Promise<StartRedemptionResponse> {
  return apiJson(StartRedemptionResponse, 'POST', '/api/rewards/redemption-code', {
    customerRewardId,
  });
}

export function useStartRedemption() {
  return useMutation({ mutationFn: startRedemption });
}
