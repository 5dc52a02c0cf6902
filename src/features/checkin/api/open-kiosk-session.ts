// POST /api/kiosk/session: open (or move) this kiosk device's session at a location. The caller
// must already be signed in anonymously (supabase.auth.signInAnonymously()).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KioskSessionResponse, OpenKioskSessionRequest } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export const kioskSessionKey = ['/api/kiosk/session'] as const;

export function openKioskSession(input: OpenKioskSessionRequest): Promise<KioskSessionResponse> {
  return callEndpoint(endpoints.openKioskSession, { body: input });
}

export function useOpenKioskSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openKioskSession,
    onSuccess: (data) => queryClient.setQueryData(kioskSessionKey, data),
  });
}
