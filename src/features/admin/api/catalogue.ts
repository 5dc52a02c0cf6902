// The Programme tab's businesses and rewards: GET /api/admin/catalogue and its
// changes, and the audited changes (add, edit, archive, retire, replace, expiry). Every change refreshes
// the catalogue, its history, the public list of businesses (landings, join pages) and the
// dashboard's reward figures.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessFields, CreateBusinessRequest, ReplaceRewardRequest, RewardExpiryRequest, RewardWordingRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/catalogue'] as const,
    queryFn: () => callEndpoint(endpoints.adminCatalogue),
  });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}

export function useCatalogueChanges() {
  return useQuery({
    queryKey: ['/api/admin/catalogue/changes'] as const,
    queryFn: () => callEndpoint(endpoints.adminCatalogueChanges),
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
  useCatalogueMutation((body: CreateBusinessRequest) => callEndpoint(endpoints.createBusiness, { body }));

export const useUpdateBusiness = () =>
  useCatalogueMutation(({ id, ...body }: BusinessFields & { id: string }) =>
    callEndpoint(endpoints.updateBusiness, { params: { locationId: id }, body }),
  );

export const useArchiveBusiness = () =>
  useCatalogueMutation(({ id, archive, reason }: { id: string; archive: boolean; reason?: string }) =>
    callEndpoint(archive ? endpoints.archiveBusiness : endpoints.unarchiveBusiness, { params: { locationId: id }, body: reason ? { reason } : {} }),
  );

export const useCreateReward = () =>
  useCatalogueMutation((body: RewardWordingRequest & { locationId: string }) =>
    callEndpoint(endpoints.createReward, { body }),
  );

export const useUpdateReward = () =>
  useCatalogueMutation(({ id, ...body }: RewardWordingRequest & { id: string }) =>
    callEndpoint(endpoints.updateReward, { params: { rewardId: id }, body }),
  );

export const useRetireReward = () =>
  useCatalogueMutation(({ id, reason }: { id: string; reason?: string }) =>
    callEndpoint(endpoints.retireReward, { params: { rewardId: id }, body: reason ? { reason } : {} }),
  );

/** PUT /api/admin/rewards/{id}/expiry (docs/RULES.md "Reward expiry"). */
export const useSetRewardExpiry = () =>
  useCatalogueMutation(({ id, ...body }: RewardExpiryRequest & { id: string }) =>
    callEndpoint(endpoints.setRewardExpiry, { params: { rewardId: id }, body }),
  );

export const useReplaceReward = () =>
  useCatalogueMutation(({ id, ...body }: ReplaceRewardRequest & { id: string }) =>
    callEndpoint(endpoints.replaceReward, { params: { rewardId: id }, body }),
  );
