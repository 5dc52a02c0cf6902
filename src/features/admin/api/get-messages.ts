// GET /api/admin/messages: contact messages from the public site, newest first, a page at a time.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ContactMessagesResponse, HandleMessageResponse } from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const messagesQueryOptions = (page: number, limit = 20) =>
  queryOptions({
    queryKey: ['/api/admin/messages', { limit, page: page > 1 ? page : undefined }] as const,
    queryFn: ({ queryKey }) => getByKey(ContactMessagesResponse, queryKey),
    placeholderData: keepPreviousData,
  });

export function useMessages(page: number, limit?: number) {
  return useQuery(messagesQueryOptions(page, limit));
}

/** POST /api/admin/messages/{id}/handled: mark handled (true) or open again (false). */
export function useHandleMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiJson(
        HandleMessageResponse,
        'POST',
        `/api/admin/messages/${encodeURIComponent(id)}/handled`,
        { handled },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/messages'] }),
  });
}
