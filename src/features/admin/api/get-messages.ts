// GET /api/admin/messages: contact messages from the public site, newest first, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ContactMessagesResponse } from '@contract';
import { getByKey } from '@/lib/api-client.ts';

export const messagesQueryOptions = (page: number, limit = 20) =>
  queryOptions({
    queryKey: ['/api/admin/messages', { limit, page: page > 1 ? page : undefined }] as const,
    queryFn: ({ queryKey }) => getByKey(ContactMessagesResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useMessages(page: number, limit?: number) {
  return useQuery(messagesQueryOptions(page, limit));
}
