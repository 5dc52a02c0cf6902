// POST /api/visits/approve from the counter: the staff member's own call (it names the location
// and sends an Idempotency-Key, so a double scan or a retried request approves the visit once,
// and it reads the member's `redeemableRewards` that the kiosk never gets).
import type { ApproveVisitResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { answersUnder, useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export interface ApproveScanInput {
  /** The scanned value: a check-in token or a member card `customer:{id}`. */
  token: string;
  locationId: string;
  idempotencyKey: string;
}

export function approveScan(input: ApproveScanInput): Promise<ApproveVisitResponse> {
  return callEndpoint(endpoints.approveVisit, {
    body: { token: input.token, locationId: input.locationId },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useApproveScan() {
  // An admin using the counter sees the new visit on the dashboard too.
  return useRefreshingMutation(approveScan, answersUnder('/api/admin'));
}
