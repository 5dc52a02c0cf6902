// A business's staff phones: GET /api/admin/locations/{locationId}/staff, grant (POST .../staff)
// and revoke (POST .../staff/revoke, naming the person by user id, or a pending grant by phone).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminStaffResponse, GrantStaffResponse, RevokeStaffResponse } from '@contract';
import { apiJson, getByKey } from '@/lib/api-client.ts';
import type { PersonRef } from './people.ts';

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

function useStaffMutation<I, T>(run: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

export function useGrantStaff() {
  return useStaffMutation(
    ({ locationId, phone, memberConfirmed }: { locationId: string; phone: string; memberConfirmed?: boolean }) =>
      apiJson(GrantStaffResponse, 'POST', staffPath(locationId), {
        phone,
        ...(memberConfirmed ? { memberConfirmed } : {}),
      }),
  );
}

export function useRevokeStaff() {
  return useStaffMutation(({ locationId, person }: { locationId: string; person: PersonRef }) =>
    apiJson(RevokeStaffResponse, 'POST', `${staffPath(locationId)}/revoke`, person),
  );
}
