// A business's staff phones: GET /api/admin/locations/{locationId}/staff, grant (POST .../staff)
// and revoke (POST .../staff/revoke).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminStaffResponse, GrantStaffResponse, RevokeStaffResponse } from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';

export const staffQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: ['/api/admin/locations', locationId, 'staff'] as const,
    queryFn: ({ queryKey }) => getByKey(AdminStaffResponse, queryKey),
  });

export function useStaff(locationId: string) {
  return useQuery(staffQueryOptions(locationId));
}

const staffPath = (locationId: string) =>
  `/api/admin/locations/${encodeURIComponent(locationId)}/staff`;

function useStaffMutation<T>(run: (input: { locationId: string; phone: string }) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

export function useGrantStaff() {
  return useStaffMutation(({ locationId, phone }) =>
    apiJson(GrantStaffResponse, 'POST', staffPath(locationId), { phone }),
  );
}

export function useRevokeStaff() {
  return useStaffMutation(({ locationId, phone }) =>
    apiJson(RevokeStaffResponse, 'POST', `${staffPath(locationId)}/revoke`, { phone }),
  );
}
