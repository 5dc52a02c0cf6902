// GET /api/staff/members at the counter: a member found by name or phone digits when their phone
// is flat.
import { useMutation } from '@tanstack/react-query';
import type { CounterSearchResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function searchMembers(q: string): Promise<CounterSearchResponse> {
  return callEndpoint(endpoints.counterSearch, { query: { q } });
}

/** A mutation, not a query: asked once per search typed, never cached across members. */
export function useSearchMembers() {
  return useMutation({ mutationFn: searchMembers });
}
