// Kiosk sessions and enrolment (PRODUCT §3 Kiosk session).
import { z } from 'zod';
import { LocationId, Uuid } from './common.ts';

export const OpenKioskSessionRequest = z.strictObject({
  locationId: LocationId,
  deviceFingerprint: z.string().max(512).optional(),
});
export type OpenKioskSessionRequest = z.input<typeof OpenKioskSessionRequest>;

export const KioskSessionResponse = z.object({
  session: z.object({
    id: Uuid,
    locationId: LocationId,
    enrolled: z.boolean().describe("Whether the kiosk proved its location's enrolment code (needed to approve visits)"),
  }),
});
export type KioskSessionResponse = z.infer<typeof KioskSessionResponse>;

export const EnrolmentCode = z.string().min(8, 'An enrolment code has 8 to 128 characters').max(128);

export const EnrolKioskRequest = z.strictObject({ code: EnrolmentCode });
export type EnrolKioskRequest = z.input<typeof EnrolKioskRequest>;

export const SetEnrolmentCodeParams = z.strictObject({ locationId: LocationId });
export const SetEnrolmentCodeRequest = z.strictObject({ code: EnrolmentCode });
export type SetEnrolmentCodeRequest = z.input<typeof SetEnrolmentCodeRequest>;

export const SetEnrolmentCodeResponse = z.object({ locationId: LocationId, enrolmentCodeSet: z.literal(true) });
export type SetEnrolmentCodeResponse = z.infer<typeof SetEnrolmentCodeResponse>;
