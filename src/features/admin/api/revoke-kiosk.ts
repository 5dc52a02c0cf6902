// POST /api/admin/kiosks/{kioskId}/revoke: end a kiosk device's sessions (lost or stolen tablet).
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { useRefreshingMutation } from '@/lib/refreshing-mutation.ts';

export function revokeKiosk(kioskId: string) {
  return callEndpoint(endpoints.revokeKiosk, { params: { kioskId } });
}

export function useRevokeKiosk() {
  return useRefreshingMutation(revokeKiosk, { queryKey: ['/api/admin/locations'] });
}

// PUT /api/admin/kiosks/{kioskId}/name and /api/admin/locations/{locationId}/staff/name: the
// names the operator gives kiosks and staff phones.
export function useNameKiosk() {
  return useRefreshingMutation(
    (request: { kioskId: string; name: string }) =>
      callEndpoint(endpoints.nameKiosk, {
        params: { kioskId: request.kioskId },
        body: { name: request.name },
      }),
    { queryKey: ['/api/admin/locations'] },
  );
}

export function useNameStaff() {
  return useRefreshingMutation(
    (request: { locationId: string; userId: string; name: string }) =>
      callEndpoint(endpoints.nameStaff, {
        params: { locationId: request.locationId },
        body: { userId: request.userId, name: request.name },
      }),
    { queryKey: ['/api/admin/locations'] },
  );
}

// PUT /api/admin/locations/{locationId}/staff/pending-name: a grant whose phone has not signed in.
export function useNamePendingStaff() {
  return useRefreshingMutation(
    (request: { locationId: string; phone: string; name: string }) =>
      callEndpoint(endpoints.namePendingStaff, {
        params: { locationId: request.locationId },
        body: { phone: request.phone, name: request.name },
      }),
    { queryKey: ['/api/admin/locations'] },
  );
}
