// POST /api/checkin/start: a single-use check-in token, by phone at a kiosk or for the signed-in
// member on the mobile QR screen (SPEC §7: phone as digits only).
import { useMutation } from '@tanstack/react-query';
import { StartCheckinResponse, type StartCheckinRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function startCheckin(input: StartCheckinRequest): Promise<StartCheckinResponse> {
  return apiJson(StartCheckinResponse, 'POST', '/api/checkin/start', input);
}

export function useStartCheckin() {
  return useMutation({ mutationFn: startCheckin });
}
