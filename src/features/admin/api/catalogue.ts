// The Programme tab's businesses and rewards: GET /api/admin/catalogue and its
// changes, and the audited changes (add, edit, archive, retire, replace, expiry). Every change refreshes
// the catalogue, its history, the public list of businesses (landings, join pages) and the
// dashboard's reward figures.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BusinessFields,
  type CreateBusinessRequest,
  type ReplaceRewardRequest,
  type RewardExpiryRequest,
  type RewardWordingRequest,
  routes,
} from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/catalogue'] as const,
    queryFn: () => callEndpoint(routes.adminCatalogue),
  });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}

export function useCatalogueChanges() {
  return useQuery({
    queryKey: ['/api/admin/catalogue/changes'] as const,
    queryFn: () => callEndpoint(routes.adminCatalogueChanges),
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

export const useCreateBusiness = () =>
  useCatalogueMutation((body: CreateBusinessRequest) => callEndpoint(routes.createBusiness, { body }));

export const useUpdateBusiness = () =>
  useCatalogueMutation(({ id, ...body }: BusinessFields & { id: string }) =>
    callEndpoint(routes.updateBusiness, { params: { locationId: id }, body }),
  );

export const useArchiveBusiness = () =>
  useCatalogueMutation(({ id, archive, reason }: { id: string; archive: boolean; reason?: string }) =>
    callEndpoint(archive ? routes.archiveBusiness : routes.unarchiveBusiness, { params: { locationId: id }, body: reason ? { reason } : {} }),
  );

export const useCreateReward = () =>
  useCatalogueMutation((body: RewardWordingRequest & { locationId: string }) =>
    callEndpoint(routes.createReward, { body }),
  );

export const useUpdateReward = () =>
  useCatalogueMutation(({ id, ...body }: RewardWordingRequest & { id: string }) =>
    callEndpoint(routes.updateReward, { params: { rewardId: id }, body }),
  );

export const useRetireReward = () =>
  useCatalogueMutation(({ id, reason }: { id: string; reason?: string }) =>
    callEndpoint(routes.retireReward, { params: { rewardId: id }, body: reason ? { reason } : {} }),
  );

/** PUT /api/admin/rewards/{id}/expiry (docs/RULES.md "Reward expiry"). */
export const useSetRewardExpiry = () =>
  useCatalogueMutation(({ id, ...body }: RewardExpiryRequest & { id: string }) =>
    callEndpoint(routes.setRewardExpiry, { params: { rewardId: id }, body }),
  );

export const useReplaceReward = () =>
  useCatalogueMutation(({ id, ...body }: ReplaceRewardRequest & { id: string }) =>
    callEndpoint(routes.replaceReward, { params: { rewardId: id }, body }),
  );
