// PUT /api/admin/locations/{locationId}/enrolment-code: set or rotate a location's kiosk code.
import { useMutation } from '@tanstack/react-query';
import { SetEnrolmentCodeResponse } from '@contract';
import { apiJson } from '@/lib/api-client.ts';

export function setEnrolmentCode(input: {
  locationId: string;
  code: string;
}): Promise<SetEnrolmentCodeResponse> {
  return apiJson(
    SetEnrolmentCodeResponse,
    'PUT',
    `/api/admin/locations/${encodeURIComponent(input.locationId)}/enrolment-code`,
    { code: input.code },
  );
}

export function useSetEnrolmentCode() {
  return useMutation({ mutationFn: setEnrolmentCode });
}
