// POST /api/admin/rewards/{customerRewardId}/undo-redemption: undo a mistaken redemption with a
// reason; the reward is unlocked again and settlement follows, so every admin answer is refreshed.
import type { UndoRedemptionResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { answersUnder, useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function undoRedemption(input: { customerRewardId: string; reason: string }): Promise<UndoRedemptionResponse> {
  return callEndpoint(endpoints.undoRedemption, {
    params: { customerRewardId: input.customerRewardId },
    body: { reason: input.reason },
  });
}

export function useUndoRedemption() {
  return useRefreshingMutation(undoRedemption, answersUnder('/api/admin'));
}
