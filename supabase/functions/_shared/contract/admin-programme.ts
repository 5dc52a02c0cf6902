// The admin Rewards, Locations and Messages tabs.
import { z } from 'zod';
import { checkRange, DateRange, rangeFields } from './admin.ts';
import { LocationId, optionalText, Phone, RewardScope, TierName, Timestamp, Uuid } from './common.ts';

/** A dashboard range, or `all` (no bounds). */
const rangeOrAll = (fallback: 'all' | '7days') =>
  z.strictObject({ ...rangeFields, range: z.enum([...DateRange.options, 'all']).default(fallback) }).superRefine(checkRange);
export const AdminRewardsQuery = rangeOrAll('all');
export const AdminLocationsQuery = rangeOrAll('7days');

export const RewardBusinessFigures = z.object({
  locationId: LocationId,
  businessName: z.string(),
  unlocks: z.number().int().describe('unlocked by a visit at this business in the range (revoked ones not counted)'),
  redemptions: z.number().int().describe('honoured at this business in the range'),
});
export const AdminReward = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string(),
  kind: z.enum(['welcome', 'tier', 'prize']),
  scope: RewardScope,
  tier: TierName.nullable(),
  locationId: LocationId.nullable().describe('the business of a welcome reward'),
  businessName: z.string().nullable(),
  valueCents: z.number().int().nullable().describe('what honouring a tier reward costs a business; null for welcome rewards'),
  unlocks: z.number().int(),
  redemptions: z.number().int(),
  unattributedRedemptions: z
    .number()
    .int()
    .describe('redeemed in the range without a business (before counter-confirmed redemption); in redemptions, in no business'),
  outstanding: z.number().int().describe('unlocked and not yet used, now (a forgotten member\'s unused rewards and expired ones are not counted)'),
  expired: z.number().int().default(0).describe('unlocks that expired unused, ever (only for a reward the operator made expire)'),
  byBusiness: z.array(RewardBusinessFigures).describe('every business for a tier reward; its own for a welcome reward'),
});
export const AdminRewardsResponse = z.array(AdminReward);
export type AdminReward = z.infer<typeof AdminReward>;

export const StaffAccount = z.object({ userId: Uuid, phone: z.string(), lastSignInAt: Timestamp.nullable() });
export const AdminLocation = z.object({
  id: LocationId,
  businessName: z.string(),
  kind: z.string(),
  icon: z.string(),
  color: z.string(),
  visits: z.number().int().describe('approved visits in the range'),
  members: z.number().int().describe('distinct customers with an approved visit in the range'),
  signups: z.number().int().describe('customers who joined at this business (ever)'),
  kiosks: z.number().int(),
  enrolledKiosks: z.number().int(),
  enrolmentCodeSetAt: Timestamp.nullable(),
  staff: z.array(StaffAccount),
});
export const AdminLocationsResponse = z.array(AdminLocation);
export type AdminLocation = z.infer<typeof AdminLocation>;

export const LocationParams = z.strictObject({ locationId: LocationId });
export const AdminKiosk = z.object({
  id: Uuid,
  locationId: LocationId,
  enrolled: z.boolean(),
  enrolledAt: Timestamp.nullable(),
  deviceFingerprint: z.string().nullable(),
  name: z.string().nullable().describe('the name the operator gave it ("Front counter tablet"); null: none yet'),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  signedIn: z.boolean().describe('the device still holds a live session (false once revoked)'),
});
export const AdminKiosksResponse = z.array(AdminKiosk);
export type AdminKiosk = z.infer<typeof AdminKiosk>;
export const KioskParams = z.strictObject({ kioskId: Uuid });
/** A name the operator gives a kiosk or a staff phone; empty clears it. */
export const DeviceName = optionalText('The name', 60);
export const NameKioskRequest = z.strictObject({ name: DeviceName });
export const NameKioskResponse = z.object({ id: Uuid, name: z.string().nullable() });
export const NameStaffRequest = z.strictObject({ userId: Uuid, name: DeviceName });
export const NameStaffResponse = z.object({ userId: Uuid, name: z.string().nullable() });
export const NamePendingStaffRequest = z.strictObject({ phone: Phone, name: DeviceName });
export const NamePendingStaffResponse = z.object({ phone: z.string().describe('10 digits'), name: z.string().nullable() });
export const RevokeKioskResponse = z.object({ id: Uuid, locationId: LocationId, revoked: z.literal(true) });

export const MessagesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ContactMessage = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: Timestamp,
  handledAt: Timestamp.nullable().describe('when an admin marked it handled; null while it is open'),
});
export const ContactMessagesResponse = z.object({
  total: z.number().int(),
  open: z.number().int().describe('messages not marked handled (all pages)'),
  messages: z.array(ContactMessage),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

// Staff management on the Locations tab: grant a phone staff access at one business, revoke it.
export const StaffPhoneRequest = z.strictObject({ phone: Phone });
export const GrantStaffRequest = z.strictObject({
  phone: Phone,
  memberConfirmed: z
    .boolean()
    .optional()
    .describe("true once the admin or owner was told the phone is a member's and still grants it"),
});
// A removal names a person: by user id (an active row of a list: it reaches them whatever their
// phone is now), or by phone (a pending grant, or whoever has that phone now). Exactly one.
export const PersonRequest = z
  .strictObject({
    userId: Uuid.optional().describe("the person's Auth user id, from the list"),
    phone: Phone.optional().describe("a pending grant's phone, or the person's phone as it is now"),
  })
  .refine((body) => (body.userId === undefined) !== (body.phone === undefined), {
    message: 'Give either userId or phone',
    path: ['userId'],
  });
export const StaffMember = z.object({
  phone: z.string().describe('10 digits'),
  status: z.enum(['active', 'pending']).describe("active: an Auth user with this phone is staff here; pending: granted, the phone has not signed up yet"),
  userId: Uuid.nullable(),
  lastSignInAt: Timestamp.nullable(),
  grantedAt: Timestamp.nullable().describe('null for staff set up outside this screen'),
  name: z.string().nullable().describe("the name the operator gave this phone (\"Maria's phone\"); null: none yet"),
});
export const AdminStaffResponse = z.array(StaffMember);
export type StaffMember = z.infer<typeof StaffMember>;
export const GrantStaffResponse = z.object({
  phone: z.string(),
  locationId: LocationId,
  status: z
    .enum(['active', 'pending', 'needs_confirmation'])
    .describe("needs_confirmation: nothing granted; the phone is a member's: ask `question`, then send memberConfirmed"),
  userId: Uuid.nullable(),
  grantedAt: Timestamp.nullable(),
  question: z.string().optional().describe('with needs_confirmation: the sentence to put to the admin or owner'),
});
export const RevokeStaffResponse = z.object({
  phone: z.string().nullable().describe("the person's phone as it is now (10 digits), or the pending grant's"),
  userId: Uuid.nullable().describe('null for a pending grant'),
  locationId: LocationId,
  revoked: z.literal(true),
  sessionsEnded: z.number().int().describe("the staff member's sessions ended (their tokens are refused at once)"),
});
