// Check-in tokens and visit approval (PRODUCT §3 check-in start and visit approval responses).
import { z } from 'zod';
import { MEMBER_CARD } from './cards.ts';
import { LocationId, Phone, RewardScope, TierName, Timestamp, Uuid } from './common.ts';

export const StartCheckinRequest = z
  .strictObject({
    locationId: LocationId.optional().describe(
      "At a kiosk: its location (required). On the mobile QR screen it is ignored: a member's token carries no business, the approving counter's business is where the visit counts",
    ),
    phone: Phone.optional().describe(
      "At a kiosk: the customer's phone. Omitted on the mobile QR screen (the signed-in member)",
    ),
  })
  .refine((body) => !body.phone || body.locationId, {
    message: "A check-in by phone names the kiosk's location",
    path: ['locationId'],
  });
export type StartCheckinRequest = z.input<typeof StartCheckinRequest>;

export const StartCheckinResponse = z.object({
  token: z.string(),
  expiresAt: Timestamp,
});
export type StartCheckinResponse = z.infer<typeof StartCheckinResponse>;

export const ApproveVisitRequest = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1, 'Scan a check-in code')
    .max(200)
    .refine((value) => !value.startsWith('customer:') || MEMBER_CARD.test(value), {
      message: 'Not a member card: customer: is followed by the member id',
    })
    .refine(
      (value) =>
        !value.startsWith('lookup:') || Uuid.safeParse(value.slice('lookup:'.length)).success,
      {
        message: 'Not a member search: lookup: is followed by the lookup id',
      },
    )
    .describe(
      "A scanned QR value: a check-in token, or a member card 'customer:{id}' ('customer:{id}:{code}' once replaced); or 'lookup:{lookupId}' for a member this clerk found by a search (GET /api/staff/members)",
    ),
  locationId: LocationId.optional().describe(
    'Where the visit happens; staff default to their own location, admins must say',
  ),
});
export type ApproveVisitRequest = z.input<typeof ApproveVisitRequest>;

export const UnlockedReward = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string(),
  scope: RewardScope,
});

export const RedeemableReward = z.object({
  id: Uuid.describe('The customer reward id to pass to POST /api/rewards/redeem'),
  name: z.string(),
  scope: RewardScope,
});

export const ApproveVisitResponse = z.object({
  visitId: Uuid,
  customer: z.object({
    id: Uuid.optional().describe(
      "The member's id (their card's value): to admins, and to a counter that scanned the card itself; absent after a " +
        "search or a check-in code shown on the member's phone",
    ),
    name: z.string(),
  }),
  foundBySearch: z
    .boolean()
    .describe(
      'The member was found by name or phone: a visit, but no proof for redeeming — ask for the code on their phone or scan their card',
    ),
  memberSeen: z
    .boolean()
    .describe(
      "A staff or admin counter scanned the member's card or their phone's check-in code: POST /api/rewards/redeem " +
        "redeems their rewards here for 2 minutes. False after a search, a kiosk's code (typed in by phone number) or at a kiosk",
    ),
  locationId: LocationId,
  pointsEarned: z.number().int(),
  totalPoints: z.number().int(),
  // .default(0): an answer stored for a retried request before the field existed has none.
  referralBonus: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'Points the neighbour\'s bonus ("Bring a neighbour") gave the member at this approval, their first: already in totalPoints. 0 almost always',
    ),
  unlockedRewards: z.array(UnlockedReward),
  redeemableRewards: z
    .array(RedeemableReward)
    .describe(
      "Staff and admins: the member's unlocked rewards redeemable at this location (earlier ones too); a kiosk gets []",
    ),
});
export type ApproveVisitResponse = z.infer<typeof ApproveVisitResponse>;

/** GET /api/rewards/redeemable: the staff reward list for a scanned member, without a visit. */
export const RedeemableRewardsQuery = z.strictObject({
  customerId: Uuid.describe("The member's id (from their member card customer:{id})"),
  locationId: LocationId.optional().describe(
    'Where they would be redeemed; staff default to their own location, admins must say',
  ),
});
export const RedeemableRewardsResponse = z.object({
  customer: z.object({ id: Uuid, name: z.string() }),
  locationId: LocationId,
  redeemableRewards: z.array(RedeemableReward),
});
export type RedeemableRewardsResponse = z.infer<typeof RedeemableRewardsResponse>;

// The counter's member search: a name or phone digits, when a member's phone is flat.
export const CounterSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe('A part of the name (2+ letters, any case) or 3+ digits of the phone'),
});
export const CounterSearchResponse = z.object({
  customers: z
    .array(
      z.object({
        lookupId: Uuid.describe(
          'Approve a visit with the token lookup:{lookupId} (this clerk, 10 minutes); never proof for redeeming',
        ),
        name: z.string(),
        phoneLast4: z
          .string()
          .regex(/^\d{4}$/)
          .describe('Only the last 4 digits: enough to tell two namesakes apart'),
        totalPoints: z.number().int(),
        tier: TierName,
      }),
    )
    .max(10)
    .describe('At most 10, names starting with the text first'),
  more: z.boolean().describe('Other members match too: type more to narrow'),
});
export type CounterSearchResponse = z.infer<typeof CounterSearchResponse>;
