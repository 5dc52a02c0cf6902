// The Programme tab's businesses and rewards (issue 21 §1–2): GET /api/admin/catalogue and its
// changes, and the audited changes (add, edit, archive, retire, replace). Every change refreshes
// the catalogue, its history, the public list of businesses (landings, join pages) and the
// dashboard's reward figures.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCatalogue,
  CatalogueBusiness,
  CatalogueChanges,
  CatalogueReward,
  type BusinessFields,
  type CreateBusinessRequest,
  type ReplaceRewardRequest,
  type RewardWordingRequest,
} from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/catalogue'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminCatalogue, queryKey),
  });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}

export function useCatalogueChanges() {
  return useQuery({
    queryKey: ['/api/admin/catalogue/changes'] as const,
    queryFn: ({ queryKey }) => getByKey(CatalogueChanges, queryKey),
  });
}

function useCatalogueMutation<I, T>(run: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all(
        [
          '/api/admin/catalogue',
          '/api/admin/catalogue/changes',
          '/api/locations',
          '/api/admin/rewards',
          '/api/admin/locations',
        ].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

const businessPath = (id: string) => `/api/admin/businesses/${encodeURIComponent(id)}`;
const rewardPath = (id: string) => `/api/admin/rewards/${encodeURIComponent(id)}`;

export const useCreateBusiness = () =>
  useCatalogueMutation((body: CreateBusinessRequest) => apiJson(CatalogueBusiness, 'POST', '/api/admin/businesses', body));

export const useUpdateBusiness = () =>
  useCatalogueMutation(({ id, ...body }: BusinessFields & { id: string }) =>
    apiJson(CatalogueBusiness, 'PUT', businessPath(id), body),
  );

export const useArchiveBusiness = () =>
  useCatalogueMutation(({ id, archive, reason }: { id: string; archive: boolean; reason?: string }) =>
    apiJson(CatalogueBusiness, 'POST', `${businessPath(id)}/${archive ? 'archive' : 'unarchive'}`, reason ? { reason } : {}),
  );

export const useCreateReward = () =>
  useCatalogueMutation((body: RewardWordingRequest & { locationId: string }) =>
    apiJson(CatalogueReward, 'POST', '/api/admin/rewards', body),
  );

export const useUpdateReward = () =>
  useCatalogueMutation(({ id, ...body }: RewardWordingRequest & { id: string }) =>
    apiJson(CatalogueReward, 'PUT', rewardPath(id), body),
  );

export const useRetireReward = () =>
  useCatalogueMutation(({ id, reason }: { id: string; reason?: string }) =>
    apiJson(CatalogueReward, 'POST', `${rewardPath(id)}/retire`, reason ? { reason } : {}),
  );

export const useReplaceReward = () =>
  useCatalogueMutation(({ id, ...body }: ReplaceRewardRequest & { id: string }) =>
    apiJson(CatalogueReward, 'POST', `${rewardPath(id)}/replace`, body),
  );
