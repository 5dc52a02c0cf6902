// The prize draw's calls: the public list (GET /api/draws), a member's entries (GET /api/me/draws),
// and the operator's list, set-up and run (/api/admin/draws).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateDrawRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export const publicDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/draws'] as const,
    queryFn: () => callEndpoint(endpoints.publicDraws),
  });
export const usePublicDraws = () => useQuery(publicDrawsQueryOptions());

export const myDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/draws'] as const,
    queryFn: () => callEndpoint(endpoints.myDraws),
  });
export const useMyDraws = () => useQuery(myDrawsQueryOptions());

export const adminDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/draws'] as const,
    queryFn: () => callEndpoint(endpoints.adminDraws),
  });
export const useAdminDraws = () => useQuery(adminDrawsQueryOptions());

export function useCreateDraw() {
  return useRefreshingMutation(
    (body: CreateDrawRequest) => callEndpoint(endpoints.createDraw, { body }),
    { queryKey: ['/api/admin/draws'] },
  );
}

export function useRunDraw() {
  return useRefreshingMutation(
    (input: { drawId: string; seed?: string }) =>
      callEndpoint(endpoints.runDraw, {
        params: { drawId: input.drawId },
        body: input.seed ? { seed: input.seed } : {},
      }),
    { queryKey: ['/api/admin/draws'] },
  );
}
