// Admins and business owners by phone (issue 21 §3): GET/POST /api/admin/admins (+ /remove),
// GET /api/admin/owners, POST /api/admin/locations/{id}/owners (+ /revoke).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAdminsResponse,
  AdminOwnersResponse,
  GrantAdminResponse,
  GrantOwnerResponse,
  RemoveAdminResponse,
  RevokeOwnerResponse,
} from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/admins'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminAdminsResponse, queryKey),
  });
export const useAdmins = () => useQuery(adminsQueryOptions());

export const ownersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/owners'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminOwnersResponse, queryKey),
  });
export const useOwners = () => useQuery(ownersQueryOptions());

function usePeopleMutation<I, T>(run: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/admins'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/owners'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/audit'] }),
      ]);
    },
  });
}

export const useGrantAdmin = () =>
  usePeopleMutation((phone: string) =>
    apiJson(GrantAdminResponse, 'POST', '/api/admin/admins', { phone }),
  );
export const useRemoveAdmin = () =>
  usePeopleMutation((phone: string) =>
    apiJson(RemoveAdminResponse, 'POST', '/api/admin/admins/remove', { phone }),
  );

const ownersPath = (locationId: string) =>
  `/api/admin/locations/${encodeURIComponent(locationId)}/owners`;
export const useGrantOwner = () =>
  usePeopleMutation(({ locationId, phone }: { locationId: string; phone: string }) =>
    apiJson(GrantOwnerResponse, 'POST', ownersPath(locationId), { phone }),
  );
export const useRevokeOwner = () =>
  usePeopleMutation(({ locationId, phone }: { locationId: string; phone: string }) =>
    apiJson(RevokeOwnerResponse, 'POST', `${ownersPath(locationId)}/revoke`, { phone }),
  );
