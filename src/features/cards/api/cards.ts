// Member cards: the member's own (GET /api/me/card), an admin's print of a member's card (GET
// /api/admin/customers/:id/card) and the replacement of a lost one (POST, same path).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const myCardQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/card'] as const,
    queryFn: () => callEndpoint(endpoints.myMemberCard),
  });

export function useMyCard(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myCardQueryOptions(), enabled: options.enabled ?? true });
}

export function useAdminCard(customerId: string) {
  return useQuery({
    queryKey: ['/api/admin/customers', customerId, 'card'] as const,
    queryFn: () => callEndpoint(endpoints.adminMemberCard, { params: { customerId } }),
    enabled: customerId !== '',
  });
}

/** Replaces a lost card: the answer is the new card; the old one stops working at once. */
export function useReplaceCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerId: string; reason: string }) =>
      callEndpoint(endpoints.replaceMemberCard, {
        params: { customerId: input.customerId },
        body: input.reason ? { reason: input.reason } : {},
      }),
    onSuccess: (card) => {
      queryClient.setQueryData(['/api/admin/customers', card.customerId, 'card'], card);
      return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
    },
  });
}
