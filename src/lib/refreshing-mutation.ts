// A write that, once it succeeds, re-reads the answers it made stale: each feature's mutation
// names what it changes, and this holds the useMutation + invalidate that every one repeated.
import { useMutation, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';

/** Every cached answer whose path starts with `prefix` ('/api/admin': each admin read). */
export function answersUnder(prefix: string): InvalidateQueryFilters {
  return { predicate: (query) => String(query.queryKey[0]).startsWith(prefix) };
}

/** useMutation whose success invalidates `stale` (and waits for it, as `onSuccess` returning it does). */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: InvalidateQueryFilters,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries(stale) });
}
