// POST /api/rewards/scan-card at the counter: a card scanned when a visit is refused as too soon
// still shows the member is here, so the clerk can redeem what they may redeem here.
import { useMutation } from '@tanstack/react-query';
import type { RedeemableRewardsResponse, ScanCardRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function scanCard(input: ScanCardRequest): Promise<RedeemableRewardsResponse> {
  return callEndpoint(endpoints.scanCard, { body: input });
}

/** A mutation: each scan is recorded once, never cached across members. */
export function useScanCard() {
  return useMutation({ mutationFn: scanCard });
}
