// POST /api/admin/kiosks/{kioskId}/revoke: end a kiosk device's sessions (lost or stolen tablet).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NameKioskResponse, NamePendingStaffResponse, NameStaffResponse, RevokeKioskResponse } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function revokeKiosk(kioskId: string) {
  return apiJson(
    RevokeKioskResponse,
    'POST',
    `/api/admin/kiosks/${encodeURIComponent(kioskId)}/revoke`,
  );
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

// PUT /api/admin/kiosks/{kioskId}/name and /api/admin/locations/{locationId}/staff/name: the
// names the operator gives kiosks and staff phones (issue 31 §3).
export function useNameKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { kioskId: string; name: string }) =>
      apiJson(NameKioskResponse, 'PUT', `/api/admin/kiosks/${encodeURIComponent(request.kioskId)}/name`, { name: request.name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

export function useNameStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { locationId: string; userId: string; name: string }) =>
      apiJson(NameStaffResponse, 'PUT', `/api/admin/locations/${encodeURIComponent(request.locationId)}/staff/name`, {
        userId: request.userId,
        name: request.name,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}

// PUT /api/admin/locations/{locationId}/staff/pending-name: a grant whose phone has not signed in.
export function useNamePendingStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { locationId: string; phone: string; name: string }) =>
      apiJson(NamePendingStaffResponse, 'PUT', `/api/admin/locations/${encodeURIComponent(request.locationId)}/staff/pending-name`, {
        phone: request.phone,
        name: request.name,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/locations'] }),
  });
}
