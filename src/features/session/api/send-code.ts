// POST /api/auth/send-code: text a sign-in code to a phone (digits only, SPEC §5).
import { useMutation } from '@tanstack/react-query';
import { SendCodeResponse, type SendCodeRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function sendCode(input: SendCodeRequest): Promise<SendCodeResponse> {
  return apiJson(SendCodeResponse, 'POST', '/api/auth/send-code', input);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
