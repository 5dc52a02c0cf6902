// PUT /api/admin/locations/{locationId}/enrolment-code: set or rotate a location's kiosk code.
import { useMutation } from '@tanstack/react-query';
import type { SetEnrolmentCodeResponse } from '@contract';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export function setEnrolmentCode(input: {
  locationId: string;
  code: string;
}): Promise<SetEnrolmentCodeResponse> {
  return callEndpoint(endpoints.setEnrolmentCode, { params: { locationId: input.locationId }, body: { code: input.code } });
}

export function useSetEnrolmentCode() {
  return useMutation({ mutationFn: setEnrolmentCode });
}
