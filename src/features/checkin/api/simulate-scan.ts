// POST /api/demo/simulate-scan: demo mode only — approve the signed-in member's own pending
// check-in token, as a counter scan would, through the real approval rules.
import type { ApproveVisitResponse, SimulateScanRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { ACCOUNT_KEY_PREFIX } from './approve-visit.ts';
import { answersUnder, useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function simulateScan(input: SimulateScanRequest): Promise<ApproveVisitResponse> {
  return callEndpoint(endpoints.simulateScan, { body: input });
}

export function useSimulateScan() {
  return useRefreshingMutation(simulateScan, answersUnder(ACCOUNT_KEY_PREFIX));
}
