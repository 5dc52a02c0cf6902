// Phone sign-in (PRODUCT §7 auth calls): send a code, verify it (login or sign-up), sign out.
import { z } from 'zod';
import { OptionalEmail, PersonName, Phone, Uuid, VerificationCode } from './common.ts';
import { SmsConsentWording } from './customers.ts';
import { ReferralCode, ReferralOutcome } from './referrals.ts';

export const SendCodeRequest = z.strictObject({ phone: Phone });
export type SendCodeRequest = z.input<typeof SendCodeRequest>;

export const SendCodeResponse = z.object({ sent: z.literal(true) });
export type SendCodeResponse = z.infer<typeof SendCodeResponse>;

// With a name it is the sign-up variant (mobile): a missing customer is created, not a 404.
export const VerifyCodeRequest = z.strictObject({
  phone: Phone,
  code: VerificationCode,
  name: PersonName.optional().describe('The sign-up variant: creates the customer when none has this phone'),
  email: OptionalEmail,
  smsConsent: z.boolean().default(false),
  emailConsent: z.boolean().default(false),
  smsConsentWording: SmsConsentWording,
  referralCode: ReferralCode.optional().describe('The sign-up variant: a neighbour\'s invitation code'),
  continueToJoin: z
    .boolean()
    .default(false)
    .describe(
      'Login only (no name): a phone without a customer answers 200 with customer null and keeps the session, ' +
        'so the join page creates the customer (POST /api/customers, linked to this session) without a second code',
    ),
});
export type VerifyCodeRequest = z.input<typeof VerifyCodeRequest>;

/** The Supabase Auth session, as GoTrue returns it (supabase-js `setSession` accepts it). */
export const AuthSession = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  expires_at: z.number().optional(),
  user: z.looseObject({ id: Uuid }),
});
export type AuthSession = z.infer<typeof AuthSession>;

export const VerifyCodeResponse = z.object({
  session: AuthSession,
  customer: z
    .object({ id: Uuid, name: z.string(), phone: z.string() })
    .nullable()
    .describe('null only with continueToJoin, when no customer has this phone'),
  created: z.boolean().describe('True when the sign-up variant created the customer'),
  referral: ReferralOutcome.optional().describe('The sign-up variant: what became of referralCode'),
});
export type VerifyCodeResponse = z.infer<typeof VerifyCodeResponse>;

/** The operator's and clerks' sign-in (/admin, /staff): the same counted code check, no customer. */
export const VerifySessionRequest = z.strictObject({ phone: Phone, code: VerificationCode });
export type VerifySessionRequest = z.input<typeof VerifySessionRequest>;
export const VerifySessionResponse = z.object({
  session: AuthSession,
  role: z.enum(['staff', 'owner', 'admin']).nullable().describe("The session's app_metadata.role when staff, owner or admin, else null"),
});
export type VerifySessionResponse = z.infer<typeof VerifySessionResponse>;

export const LogoutResponse = z.object({ signedOut: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;
