// POST /api/rewards/redeem: redeem an unlocked reward once; the account is refreshed afterwards
// (SPEC §4 reward redemption). An `Idempotency-Key` per redemption attempt makes a retry safe.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RedeemRewardResponse, type RedeemRewardRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';
import { meQueryOptions } from './get-me.ts';

export function redeemReward(
  input: RedeemRewardRequest,
  options: { idempotencyKey?: string } = {},
): Promise<RedeemRewardResponse> {
  const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
  return apiJson(RedeemRewardResponse, 'POST', '/api/rewards/redeem', input, { headers });
}

export type RedeemRewardVariables = RedeemRewardRequest & { idempotencyKey?: string };

export function useRedeemReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: RedeemRewardVariables) =>
      redeemReward(input, { idempotencyKey }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        // /api/me and its sub-paths (the history lists the redemption).
        predicate: (query) => String(query.queryKey[0]).startsWith(meQueryOptions().queryKey[0]),
      }),
  });
}
