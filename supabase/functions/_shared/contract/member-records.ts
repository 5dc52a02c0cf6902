// Member records (the operator corrects a name or phone, suspends, forgets) and the
// member's own data on /account (name, phone by code, texts on/off, download, delete).
import { z } from 'zod';
import { AuthSession } from './auth.ts';
import { SMS_CONSENT_TEXT, SMS_OPT_OUT_TEXT } from './constants.ts';
import { PersonName, Phone, Timestamp, Uuid, VerificationCode, visibleText } from './common.ts';

export { SMS_OPT_OUT_TEXT } from './constants.ts';

const Reason = visibleText('A reason', 500).describe('Why: at least one visible character, at most 500 (3+ in SQL)');

export const MemberRecord = z.object({
  id: Uuid,
  name: z.string(),
  phone: z.string().nullable().describe('10 digits; null once forgotten'),
  suspendedAt: Timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  forgottenAt: Timestamp.nullable(),
});
export type MemberRecord = z.infer<typeof MemberRecord>;

export const AdminRenameRequest = z.strictObject({ name: PersonName, reason: Reason });
export type AdminRenameRequest = z.input<typeof AdminRenameRequest>;
export const AdminPhoneRequest = z.strictObject({ phone: Phone, reason: Reason });
export type AdminPhoneRequest = z.input<typeof AdminPhoneRequest>;
export const AdminReasonRequest = z.strictObject({ reason: Reason });
export type AdminReasonRequest = z.input<typeof AdminReasonRequest>;

export const MyDetails = z.object({
  name: z.string(),
  phone: z.string().describe('10 digits'),
  email: z.string().nullable(),
  smsConsent: z.boolean().describe('texts are on: consent confirmed by the phone'),
  smsConsentPending: z
    .boolean()
    .describe('consent ticked on a form, waiting for a reply YES to our text (or this signed-in session) to confirm it'),
  suspended: z.boolean().describe('the operator suspended the membership: no check-ins or redemptions'),
  smsConsentChangedAt: Timestamp.nullable().describe('when the SMS choice was last recorded (null: never given)'),
});
export type MyDetails = z.infer<typeof MyDetails>;

export const UpdateMyNameRequest = z.strictObject({ name: PersonName });
export type UpdateMyNameRequest = z.input<typeof UpdateMyNameRequest>;

export const SetMySmsConsentRequest = z
  .strictObject({
    smsConsent: z.boolean(),
    wording: z
      .enum([SMS_CONSENT_TEXT, SMS_OPT_OUT_TEXT], { error: 'Unknown wording; send SMS_CONSENT_TEXT or SMS_OPT_OUT_TEXT' })
      .describe('The text the member saw: SMS_CONSENT_TEXT to turn texts on, SMS_OPT_OUT_TEXT to turn them off'),
  })
  .refine((body) => (body.wording === SMS_CONSENT_TEXT) === body.smsConsent, {
    message: 'The wording does not match the choice',
    path: ['wording'],
  });
export type SetMySmsConsentRequest = z.input<typeof SetMySmsConsentRequest>;

export const ChangeMyPhoneRequest = z.strictObject({ phone: Phone });
export type ChangeMyPhoneRequest = z.input<typeof ChangeMyPhoneRequest>;
export const ChangeMyPhoneResponse = z.object({ sent: z.literal(true) });

export const ConfirmMyPhoneRequest = z.strictObject({ phone: Phone, code: VerificationCode });
export type ConfirmMyPhoneRequest = z.input<typeof ConfirmMyPhoneRequest>;
export const ConfirmMyPhoneResponse = z.object({
  details: MyDetails,
  session: AuthSession.describe('The session Supabase Auth issued for the new phone: store it (supabase-js setSession)'),
});
export type ConfirmMyPhoneResponse = z.infer<typeof ConfirmMyPhoneResponse>;

export const MyDataExport = z.object({
  exportedAt: Timestamp,
  programme: z.string(),
  member: z.object({
    id: Uuid,
    name: z.string(),
    phone: z.string().describe('E.164'),
    email: z.string().nullable(),
    smsConsent: z.boolean(),
    smsConsentPending: z.boolean().describe('Consent given on a form that the phone has not yet confirmed (reply YES)'),
    emailConsent: z.boolean(),
    totalPoints: z.number().int(),
    tier: z.string(),
    visitCount: z.number().int(),
    lastVisitAt: Timestamp.nullable(),
    joinedAt: Timestamp,
    signupChannel: z.string(),
    signupLocationId: z.string().nullable(),
    suspendedAt: Timestamp.nullable(),
  }),
  referral: z.object({
    code: z.string().nullable().describe('The member\'s invitation code'),
    joinedWithInvitation: z.object({
      status: z.enum(['pending', 'rewarded', 'not_rewarded', 'ineligible']),
      reason: z.string().nullable(),
      bonusPoints: z.number().int().nullable(),
      createdAt: Timestamp,
    }).nullable().describe('The neighbour\'s invitation they joined with, if any (who invited them is not kept once either is forgotten)'),
    neighboursJoined: z.number().int(),
    neighboursRewarded: z.number().int(),
  }).describe('"Bring a neighbour"'),
  formerPhones: z.array(z.object({ phone: z.string().describe('E.164'), replacedAt: Timestamp }))
    .describe('The phones the member had before (kept so that forgetting them reaches what those numbers left)'),
  consents: z.array(z.object({
    id: Uuid, channel: z.string(), granted: z.boolean(),
    pending: z.boolean().describe('This step gave consent that waits for the phone to confirm it'), source: z.string(),
    wording: z.string(), scope: z.string(), createdAt: Timestamp,
  })),
  visits: z.array(z.object({
    id: Uuid, locationId: z.string(), businessName: z.string(), points: z.number().int(),
    status: z.string(), createdAt: Timestamp, voidedAt: Timestamp.nullable(),
  })),
  ledger: z.array(z.object({
    id: z.number().int(), event: z.string(), points: z.number().int(), visitId: Uuid.nullable(),
    customerRewardId: Uuid.nullable(), locationId: z.string().nullable(), reason: z.string().nullable(),
    createdAt: Timestamp,
  })),
  rewards: z.array(z.object({
    id: Uuid, name: z.string(), status: z.string(), unlockedAt: Timestamp, redeemedAt: Timestamp.nullable(),
    redeemedLocationId: z.string().nullable(), revokedAt: Timestamp.nullable(),
  })),
});
export type MyDataExport = z.infer<typeof MyDataExport>;

export const DeleteMyAccountRequest = z.strictObject({
  confirm: z.literal(true, { error: 'Confirm with {"confirm": true}' }),
});
export type DeleteMyAccountRequest = z.input<typeof DeleteMyAccountRequest>;
export const DeleteMyAccountResponse = z.object({ deleted: z.literal(true) });
