// One customer's whole record for the admin detail view: visits, rewards,
// redemptions, consents and points-ledger events. Its path takes CustomerParams (admin.ts).
import { z } from 'zod';
import { LocationId, RewardScope, TierName, Timestamp, Uuid, visibleText } from './common.ts';

export const AdminCustomerVisit = z.object({
  id: Uuid,
  locationId: LocationId,
  businessName: z.string(),
  points: z.number().int(),
  approvedVia: z.enum(['kiosk', 'staff', 'admin']),
  approvedBy: z.string().nullable().describe("Who approved it: the clerk's name or phone, or the kiosk"),
  foundBySearch: z.boolean().describe('The clerk found the member by name or phone (no card, no phone scanned)'),
  status: z.enum(['approved', 'voided']),
  createdAt: Timestamp,
  voidedAt: Timestamp.nullable(),
  voidReason: z.string().nullable(),
});

export const AdminCustomerReward = z.object({
  id: Uuid.describe('customer reward id'),
  status: z.enum(['unlocked', 'redeemed', 'revoked', 'expired']),
  name: z.string(),
  kind: z.enum(['welcome', 'tier', 'prize']).nullable().describe('null when the reward was removed from the catalogue'),
  scope: RewardScope.nullable(),
  locationId: LocationId.nullable().describe('the business of a welcome reward; null for tier rewards'),
  unlockedAt: Timestamp,
  redeemedAt: Timestamp.nullable(),
  redeemedLocationId: LocationId.nullable(),
  revokedAt: Timestamp.nullable(),
});

export const AdminCustomerRedemption = z.object({
  customerRewardId: Uuid,
  rewardName: z.string(),
  locationId: LocationId.nullable(),
  businessName: z.string().nullable(),
  redeemedAt: Timestamp,
  redeemedBy: z.string().nullable().describe("Who redeemed it: the clerk's name or phone, or the kiosk"),
  proof: z.enum(['code', 'card', 'phone', 'admin_reason']).nullable().describe(
    "What showed the member was there: their code, their card or phone scanned, or an admin's reason (in the ledger); null before proof was asked"),
});

export const AdminCustomerConsent = z.object({
  id: Uuid,
  channel: z.enum(['sms', 'email']),
  wording: z.string().describe('the text the customer agreed to'),
  scope: z.string(),
  signupChannel: z.enum(['web', 'business', 'kiosk', 'mobile']).nullable().describe('null for a change after sign-up'),
  createdAt: Timestamp,
  granted: z.boolean().describe('false: a withdrawal'),
  source: z
    .enum(['signup', 'account', 'sms_reply', 'admin', 'sign_in'])
    .describe('sign_in: confirmed by signing in with a code sent to the phone'),
  pending: z.boolean().describe('given on a form, waiting for the phone to confirm it (reply YES or a sign-in code)'),
});

export const LedgerEvent = z.object({
  id: z.number().int(),
  event: z.enum(['visit_approved', 'reward_unlocked', 'reward_redeemed', 'visit_voided', 'reward_revoked', 'reward_clawed_back', 'adjustment',
    'redemption_undone', 'reward_expired', 'referral_bonus', 'referral_bonus_voided']),
  points: z.number().int(),
  visitId: Uuid.nullable(),
  customerRewardId: Uuid.nullable(),
  locationId: LocationId.nullable(),
  actorRole: z.enum(['kiosk', 'staff', 'admin', 'member', 'system']).nullable(),
  actor: z.string().nullable().describe("Who: the person's name or phone, or the kiosk; null for the system"),
  reason: z.string().nullable(),
  createdAt: Timestamp,
});

export const AdminCustomerDetail = z.object({
  customer: z.object({
    id: Uuid,
    name: z.string(),
    phone: z.string().nullable().describe('null once the member was forgotten'),
    email: z.string().nullable(),
    totalPoints: z.number().int(),
    status: TierName,
    lastVisit: Timestamp.nullable(),
    totalVisits: z.number().int().describe('approved visits (voided ones not counted)'),
    createdAt: Timestamp,
    smsConsent: z.boolean().describe('confirmed by the phone (a reply YES or a sign-in code); only then are texts sent'),
    smsConsentPending: z.boolean().describe('consent ticked on a form, not yet confirmed by the phone'),
    emailConsent: z.boolean(),
    signupChannel: z.enum(['web', 'business', 'kiosk', 'mobile']),
    signupLocationId: LocationId.nullable(),
    signedIn: z.boolean().describe('the customer has signed in by phone at least once'),
    suspendedAt: Timestamp.nullable().describe('suspended: no check-ins, no redemptions'),
    suspensionReason: z.string().nullable(),
    forgottenAt: Timestamp.nullable().describe('forgotten on request: name and phone erased'),
  }),
  visits: z.array(AdminCustomerVisit).describe('newest first, at most 500, voided ones included'),
  rewards: z.array(AdminCustomerReward).describe('newest first, revoked ones included'),
  redemptions: z.array(AdminCustomerRedemption).describe('newest first'),
  consents: z.array(AdminCustomerConsent).describe('newest first'),
  ledger: z.array(LedgerEvent).describe('newest first, at most 500'),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

export const UndoRedemptionRequest = z.strictObject({
  reason: visibleText('A reason', 500).describe('Why the redemption is undone (a mistake, a member\'s "not you?")'),
});
export const UndoRedemptionResponse = z.object({
  customerRewardId: Uuid,
  status: z.enum(['unlocked', 'revoked']).describe('revoked when the visit that earned it has been voided since'),
  undoneRedemption: z.object({
    locationId: LocationId.nullable(),
    redeemedAt: Timestamp,
    redeemedBy: z.string().nullable(),
  }),
});
export type UndoRedemptionResponse = z.infer<typeof UndoRedemptionResponse>;

/** GET /api/admin/locations/{locationId}/counter-people: who served at a business's counter. */
export const CounterPeopleResponse = z.array(z.object({
  person: z.string().describe("The clerk's name or phone, or the kiosk (\"Kiosk at …\")"),
  visits: z.number().int().describe('Visits they approved here in the last 30 days'),
  visitsFoundBySearch: z.number().int().describe('Of those, visits of members they found by name or phone'),
  redemptions: z.number().int().describe('Rewards they redeemed here in the last 30 days'),
}));
export type CounterPeopleResponse = z.infer<typeof CounterPeopleResponse>;
