// A business's staff phones: GET /api/admin/locations/{locationId}/staff, grant (POST .../staff)
// and revoke (POST .../staff/revoke, naming the person by user id, or a pending grant by phone).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';
import type { PersonRef } from './people.ts';

export const staffQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: ['/api/admin/locations', locationId, 'staff'] as const,
    queryFn: () => callEndpoint(endpoints.adminStaff, { params: { locationId } }),
  });

export function useStaff(locationId: string) {
  return useQuery(staffQueryOptions(locationId));
}

function useStaffMutation<I, T>(run: (input: I) => Promise<T>) {
  return useRefreshingMutation(run, { queryKey: ['/api/admin/locations'] });
}

export function useGrantStaff() {
  return useStaffMutation(
    ({ locationId, phone, memberConfirmed }: { locationId: string; phone: string; memberConfirmed?: boolean }) =>
      callEndpoint(endpoints.grantStaff, {
        params: { locationId },
        body: { phone, ...(memberConfirmed ? { memberConfirmed } : {}) },
      }),
  );
}

export function useRevokeStaff() {
  return useStaffMutation(({ locationId, person }: { locationId: string; person: PersonRef }) =>
    callEndpoint(endpoints.revokeStaff, { params: { locationId }, body: person }),
  );
}
