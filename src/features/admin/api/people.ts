// Admins and business owners: GET/POST /api/admin/admins (+ /remove), GET /api/admin/owners,
// POST /api/admin/locations/{id}/owners (+ /revoke). Granted by phone; removed as a person.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

/**
 * Who a removal names: an active row by its user id (so it reaches the person whatever their phone
 * is now), a pending grant by its phone.
 */
export type PersonRef = { userId: string } | { phone: string };
export const personOf = (row: { userId: string | null; phone: string }): PersonRef =>
  row.userId ? { userId: row.userId } : { phone: row.phone };

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/admins'] as const,
    queryFn: () => callEndpoint(endpoints.adminAdmins),
  });
export const useAdmins = () => useQuery(adminsQueryOptions());

export const ownersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/owners'] as const,
    queryFn: () => callEndpoint(endpoints.adminOwners),
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
    callEndpoint(endpoints.grantAdmin, { body: { phone } }),
  );
export const useRemoveAdmin = () =>
  usePeopleMutation((person: PersonRef) =>
    callEndpoint(endpoints.removeAdmin, { body: person }),
  );

export const useGrantOwner = () =>
  usePeopleMutation(({ locationId, phone }: { locationId: string; phone: string }) =>
    callEndpoint(endpoints.grantOwner, { params: { locationId }, body: { phone } }),
  );
export const useRevokeOwner = () =>
  usePeopleMutation(({ locationId, person }: { locationId: string; person: PersonRef }) =>
    callEndpoint(endpoints.revokeOwner, { params: { locationId }, body: person }),
  );
