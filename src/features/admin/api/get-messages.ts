// GET /api/admin/messages: contact messages from the public site, newest first, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export const messagesQueryOptions = (page: number, limit = 20) =>
  queryOptions({
    queryKey: ['/api/admin/messages', { limit, page: page > 1 ? page : undefined }] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminMessages, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export function useMessages(page: number, limit?: number) {
  return useQuery(messagesQueryOptions(page, limit));
}

/** POST /api/admin/messages/{id}/handled: mark handled (true) or open again (false). */
export function useHandleMessage() {
  return useRefreshingMutation(
    ({ id, handled }: { id: string; handled: boolean }) =>
      callEndpoint(endpoints.handleMessage, { params: { messageId: id }, body: { handled } }),
    { queryKey: ['/api/admin/messages'] },
  );
}
