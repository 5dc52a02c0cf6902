// POST /api/kiosk/enrol: prove the location's enrolment code so this kiosk may approve visits.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolKioskRequest, KioskSessionResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { kioskSessionKey } from './open-kiosk-session.ts';

export function enrolKiosk(input: EnrolKioskRequest): Promise<KioskSessionResponse> {
  return callEndpoint(endpoints.enrolKiosk, { body: input });
}

export function useEnrolKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolKiosk,
    onSuccess: (data) => queryClient.setQueryData(kioskSessionKey, data),
  });
}
