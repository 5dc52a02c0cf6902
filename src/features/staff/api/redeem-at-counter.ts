// POST /api/rewards/redeem at the counter: staff redeem a member's reward at this location, with
// an Idempotency-Key so a double tap or a retry redeems it once.
import { useMutation } from '@tanstack/react-query';
import type { RedeemRewardResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function redeemAtCounter(input: {
  customerRewardId: string;
  locationId: string;
  idempotencyKey: string;
}): Promise<RedeemRewardResponse> {
  return callEndpoint(endpoints.redeemReward, {
    body: { customerRewardId: input.customerRewardId, locationId: input.locationId },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useRedeemAtCounter() {
  return useMutation({ mutationFn: redeemAtCounter });
}
