// POST /api/admin/kiosks/{kioskId}/revoke: end a kiosk device's sessions (lost or stolen tablet).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RevokeKioskResponse } from '@contract';
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
