// POST /api/visits/approve: approve a scanned check-in token or member card; points, tier and
// rewards change, so the member's account queries are refreshed. An `Idempotency-Key` (one per
// approval attempt, reused on every retry of it) makes a retried approval count once.
import { useMutation, useQueryClient, type NetworkMode } from '@tanstack/react-query';
import type { ApproveVisitRequest, ApproveVisitResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

/** The account keys an approval changes (GET /api/me and its sub-paths). */
export const ACCOUNT_KEY_PREFIX = '/api/me';

export function approveVisit(
  input: ApproveVisitRequest,
  options: { idempotencyKey?: string } = {},
): Promise<ApproveVisitResponse> {
  const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
  return callEndpoint(endpoints.approveVisit, { body: input, headers });
}

export type ApproveVisitVariables = ApproveVisitRequest & { idempotencyKey?: string };

/** `networkMode: 'always'` makes an offline attempt fail at once (to be queued) instead of pausing. */
export function useApproveVisit(options: { networkMode?: NetworkMode } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: options.networkMode,
    mutationFn: ({ idempotencyKey, ...input }: ApproveVisitVariables) =>
      approveVisit(input, { idempotencyKey }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          String(query.queryKey[0]).startsWith(ACCOUNT_KEY_PREFIX) ||
          String(query.queryKey[0]).startsWith('/api/admin'),
      }),
  });
}
