// GET /api/rewards/redeemable at the counter: what a scanned member can redeem here without a
// visit — after a scan refused as too soon, the clerk can still redeem (issue 20 §5).
import { useMutation } from '@tanstack/react-query';
import { RedeemableRewardsResponse } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function getRedeemable(input: {
  customerId: string;
  locationId: string;
}): Promise<RedeemableRewardsResponse> {
  const query = new URLSearchParams(input);
  return apiJson(RedeemableRewardsResponse, 'GET', `/api/rewards/redeemable?${query}`);
}

/** A mutation, not a query: it is asked once per refused scan, never cached across members. */
export function useGetRedeemable() {
  return useMutation({ mutationFn: getRedeemable });
}
