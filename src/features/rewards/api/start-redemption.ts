// POST /api/rewards/redemption-code: a member's Redeem — a 2-minute, single-use code
// to show at a counter, which redeems the reward at its business. The member never redeems alone.
import { useMutation } from '@tanstack/react-query';
import type { StartRedemptionResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function startRedemption(customerRewardId: string): Promise<StartRedemptionResponse> {
  return callEndpoint(endpoints.startRedemption, { body: { customerRewardId } });
}

export function useStartRedemption() {
  return useMutation({ mutationFn: startRedemption });
}
