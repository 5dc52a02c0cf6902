// Sign-up (PRODUCT §3 sign-up payload and response) and the contact form.
import { z } from 'zod';
import { LocationId, OptionalEmail, optionalText, PersonName, Phone, Uuid, visibleText } from './common.ts';
import { RewardSummary } from './locations.ts';
import { SMS_CONSENT_TEXT } from './constants.ts';
import { ReferralCode, ReferralOutcome } from './referrals.ts';

export { SMS_CONSENT_NOTICE, SMS_CONSENT_TEXT } from './constants.ts';
/** The consent wordings the API accepts (a record of exactly what the customer agreed to). */
export const SmsConsentWording = z
  .enum([SMS_CONSENT_TEXT], { error: 'Unknown consent wording; send SMS_CONSENT_TEXT' })
  .optional()
  .describe('The consent text the customer saw (SMS_CONSENT_TEXT); stored with the consent');

export const CreateCustomerRequest = z.strictObject({
  name: PersonName,
  phone: Phone,
  email: OptionalEmail,
  smsConsent: z.boolean().default(false),
  emailConsent: z.boolean().default(false),
  locationId: LocationId.optional(),
  smsConsentWording: SmsConsentWording,
  referralCode: ReferralCode.optional(),
});
export type CreateCustomerRequest = z.input<typeof CreateCustomerRequest>;

export const CreateCustomerResponse = z.object({
  customer: z.object({ id: Uuid, name: z.string() }),
  welcomeReward: RewardSummary.nullable().describe('The welcome reward of the business joined at; null for a general sign-up'),
  referral: ReferralOutcome.optional(),
});
export type CreateCustomerResponse = z.infer<typeof CreateCustomerResponse>;

export const ContactMessageRequest = z.strictObject({
  name: PersonName,
  email: z.email().max(254),
  subject: optionalText('Subject', 200).optional(),
  message: visibleText('Message', 5000, { lines: true, empty: 'Message is required' }),
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>;

export const ContactMessageResponse = z.object({ received: z.literal(true) });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;
