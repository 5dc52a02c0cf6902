// POST /api/admin/visits/{visitId}/void: void a fraudulent visit with a reason; the ledger takes
// its points back, so every admin answer (metrics, customers, this customer) is refreshed.
import type { VoidVisitResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { answersUnder, useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function voidVisit(input: { visitId: string; reason: string }): Promise<VoidVisitResponse> {
  return callEndpoint(endpoints.voidVisit, { params: { visitId: input.visitId }, body: { reason: input.reason } });
}

export function useVoidVisit() {
  return useRefreshingMutation(voidVisit, answersUnder('/api/admin'));
}
