// The counter's side of a member's redemption code: read it (GET, nothing changes),
// then confirm it (POST, with an Idempotency-Key: a retry after a lost answer redeems once).
import { useMutation } from '@tanstack/react-query';
import type { CheckRedemptionCodeResponse, RedeemCodeResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function checkRedemptionCode(input: {
  code: string;
  locationId: string;
}): Promise<CheckRedemptionCodeResponse> {
  return callEndpoint(endpoints.checkRedemptionCode, { query: { code: input.code, locationId: input.locationId } });
}

export function useCheckRedemptionCode() {
  return useMutation({ mutationFn: checkRedemptionCode });
}

export function redeemCode(input: {
  code: string;
  locationId: string;
  idempotencyKey: string;
}): Promise<RedeemCodeResponse> {
  return callEndpoint(endpoints.redeemCode, {
    body: { code: input.code, locationId: input.locationId },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useRedeemCode() {
  return useMutation({ mutationFn: redeemCode });
}
