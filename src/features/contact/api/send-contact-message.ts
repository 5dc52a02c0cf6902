// POST /api/contact: store a contact-form message for the programme's team.
import { useMutation } from '@tanstack/react-query';
import type { ContactMessageRequest, ContactMessageResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function sendContactMessage(input: ContactMessageRequest): Promise<ContactMessageResponse> {
  const { subject, ...rest } = input;
  return callEndpoint(endpoints.submitContactMessage, {
    body: subject ? { ...rest, subject } : rest,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
