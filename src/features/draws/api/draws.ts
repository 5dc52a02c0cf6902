// The prize draw's calls: the public list (GET /api/draws), a member's entries (GET /api/me/draws),
// and the operator's list, set-up and run (/api/admin/draws).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminDrawsResponse, CreateDrawResponse, MyDrawsResponse, PublicDrawsResponse, RunDrawResponse, type CreateDrawRequest,
} from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const publicDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/draws'] as const,
    queryFn: ({ queryKey }) => getByKey(PublicDrawsResponse, queryKey),
  });
export const usePublicDraws = () => useQuery(publicDrawsQueryOptions());

export const myDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/draws'] as const,
    queryFn: ({ queryKey }) => getByKey(MyDrawsResponse, queryKey),
  });
export const useMyDraws = () => useQuery(myDrawsQueryOptions());

export const adminDrawsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/draws'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminDrawsResponse, queryKey),
  });
export const useAdminDraws = () => useQuery(adminDrawsQueryOptions());

export function useCreateDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDrawRequest) => apiJson(CreateDrawResponse, 'POST', '/api/admin/draws', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/draws'] }),
  });
}

export function useRunDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { drawId: string; seed?: string }) =>
      apiJson(RunDrawResponse, 'POST', `/api/admin/draws/${encodeURIComponent(input.drawId)}/run`,
              input.seed ? { seed: input.seed } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/draws'] }),
  });
}
