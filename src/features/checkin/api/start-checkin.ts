// POST /api/checkin/start: a single-use check-in token, by phone at a kiosk or for the signed-in
// member on the mobile QR screen (PRODUCT §7: phone as digits only).
import { useMutation } from '@tanstack/react-query';
import type { StartCheckinRequest, StartCheckinResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function startCheckin(input: StartCheckinRequest): Promise<StartCheckinResponse> {
  return callEndpoint(endpoints.startCheckin, { body: input });
}

export function useStartCheckin() {
  return useMutation({ mutationFn: startCheckin });
}
