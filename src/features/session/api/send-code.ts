// POST /api/auth/send-code: text a sign-in code to a phone (digits only, PRODUCT §5).
import { useMutation } from '@tanstack/react-query';
import type { SendCodeRequest, SendCodeResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function sendCode(input: SendCodeRequest): Promise<SendCodeResponse> {
  return callEndpoint(endpoints.sendCode, { body: input });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
