// POST /api/contact: store a contact-form message for the programme's team.
import { useMutation } from '@tanstack/react-query';
import { ContactMessageResponse, type ContactMessageRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function sendContactMessage(input: ContactMessageRequest): Promise<ContactMessageResponse> {
  const { subject, ...rest } = input;
  return apiJson(
    ContactMessageResponse,
    'POST',
    '/api/contact',
    subject ? { ...rest, subject } : rest,
  );
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
