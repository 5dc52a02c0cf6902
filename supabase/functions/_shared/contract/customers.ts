// Sign-up (SPEC §3 sign-up payload and response) and the contact form.
import { z } from 'zod';
import { LocationId, OptionalEmail, PersonName, Phone, Uuid } from './common.ts';
import { RewardSummary } from './locations.ts';

export const CreateCustomerRequest = z.strictObject({
  name: PersonName,
  phone: Phone,
  email: OptionalEmail,
  smsConsent: z.boolean().default(false),
  emailConsent: z.boolean().default(false),
  locationId: LocationId.optional(),
});
export type CreateCustomerRequest = z.input<typeof CreateCustomerRequest>;

export const CreateCustomerResponse = z.object({
  customer: z.object({ id: Uuid, name: z.string() }),
  welcomeReward: RewardSummary.nullable().describe('The welcome reward of the business joined at; null for a general sign-up'),
});
export type CreateCustomerResponse = z.infer<typeof CreateCustomerResponse>;

export const ContactMessageRequest = z.strictObject({
  name: PersonName,
  email: z.email().max(254),
  subject: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>;

export const ContactMessageResponse = z.object({ received: z.literal(true) });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;
