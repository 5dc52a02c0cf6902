// POST /api/admin/rewards/{customerRewardId}/undo-redemption: undo a mistaken redemption with a
// reason; the reward is unlocked again and settlement follows, so every admin answer is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UndoRedemptionResponse, routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export function undoRedemption(input: { customerRewardId: string; reason: string }): Promise<UndoRedemptionResponse> {
  return callEndpoint(routes.undoRedemption, {
    params: { customerRewardId: input.customerRewardId },
    body: { reason: input.reason },
  });
}

export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin'),
      }),
  });
}
