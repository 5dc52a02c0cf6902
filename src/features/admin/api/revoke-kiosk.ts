// POST /api/admin/kiosks/{kioskId}/revoke: end a kiosk device's sessions (lost or stolen tablet).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';

export function revokeKiosk(kioskId: string) {
  return callEndpoint(routes.revokeKiosk, { params: { kioskId } });
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

// PUT /api/admin/kiosks/{kioskId}/name and /api/admin/locations/{locationId}/staff/name: the
// names the operator gives kiosks and staff phones.
export function useNameKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { kioskId: string; name: string }) =>
      callEndpoint(routes.nameKiosk, { params: { kioskId: request.kioskId }, body: { name: request.name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

export function useNameStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { locationId: string; userId: string; name: string }) =>
      callEndpoint(routes.nameStaff, {
        params: { locationId: request.locationId },
        body: { userId: request.userId, name: request.name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

// PUT /api/admin/locations/{locationId}/staff/pending-name: a grant whose phone has not signed in.
export function useNamePendingStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { locationId: string; phone: string; name: string }) =>
      callEndpoint(routes.namePendingStaff, {
        params: { locationId: request.locationId },
        body: { phone: request.phone, name: request.name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}
