// POST /api/kiosk/enrol: prove the location's enrolment code so this kiosk may approve visits.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EnrolKioskRequest, KioskSessionResponse, routes } from '@contract';
import { callEndpoint } from '@/lib/api-client.ts';
import { kioskSessionKey } from './open-kiosk-session.ts';

export function enrolKiosk(input: EnrolKioskRequest): Promise<KioskSessionResponse> {
  return callEndpoint(routes.enrolKiosk, { body: input });
}

export function useEnrolKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolKiosk,
    onSuccess: (data) => queryClient.setQueryData(kioskSessionKey, data),
  });
}
