// POST /api/visits/approve: approve a scanned check-in token or member card; points, tier and
// rewards change, so the member's account queries are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApproveVisitResponse, type ApproveVisitRequest } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

/** The account keys an approval changes (GET /api/me and its sub-paths). */
export const ACCOUNT_KEY_PREFIX = '/api/me';

export function approveVisit(input: ApproveVisitRequest): Promise<ApproveVisitResponse> {
  return apiJson(ApproveVisitResponse, 'POST', '/api/visits/approve', input);
}

export function useApproveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVisit,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          String(query.queryKey[0]).startsWith(ACCOUNT_KEY_PREFIX) ||
          String(query.queryKey[0]).startsWith('/api/admin'),
      }),
  });
}
