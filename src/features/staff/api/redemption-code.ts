// The counter's side of a member's redemption code (issue 20 §3): read it (GET, nothing changes),
// then confirm it (POST, with an Idempotency-Key: a retry after a lost answer redeems once).
import { useMutation } from '@tanstack/react-query';
import { CheckRedemptionCodeResponse, RedeemCodeResponse } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function checkRedemptionCode(input: {
  code: string;
  locationId: string;
}): Promise<CheckRedemptionCodeResponse> {
  const query = new URLSearchParams({ code: input.code, locationId: input.locationId });
  return apiJson(CheckRedemptionCodeResponse, 'GET', `/api/rewards/redemption-code?${query}`);
}

export function useCheckRedemptionCode() {
  return useMutation({ mutationFn: checkRedemptionCode });
}

export function redeemCode(input: {
  code: string;
  locationId: string;
  idempotencyKey: string;
}): Promise<RedeemCodeResponse> {
  return apiJson(
    RedeemCodeResponse,
    'POST',
    '/api/rewards/redeem-code',
    { code: input.code, locationId: input.locationId },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
}

export function useRedeemCode() {
  return useMutation({ mutationFn: redeemCode });
}
