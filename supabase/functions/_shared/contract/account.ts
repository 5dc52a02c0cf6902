// The signed-in member's account: GET /api/me, visit history, reward redemption (PRODUCT §3).
import { z } from 'zod';
import { MEMBER_CARD } from './cards.ts';
import { LocationId, RewardScope, TierName, Timestamp, Uuid, visibleText } from './common.ts';

export const Tier = z.object({ name: TierName, minPoints: z.number().int() });

export const NextGoal = z.object({
  target: z.number().int(),
  label: z.string(),
  pointsNeeded: z.number().int(),
});

export { REWARD_EXPIRY_WARNING_DAYS } from './constants.ts';

export const CustomerReward = z.object({
  id: Uuid,
  status: z.enum(['unlocked', 'redeemed', 'expired']).describe('expired: it reached its expiry date unused'),
  unlockedAt: Timestamp,
  redeemedAt: Timestamp.nullable(),
  expiresAt: Timestamp.nullable().default(null)
    .describe('When an unused reward stops being redeemable (the start of the day after expiresOn); null: it never expires'),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null)
    .describe('The last day (programme time zone) it can be used: "Expires on …"; null: it never expires'),
  redeemedBusinessName: z
    .string()
    .nullable()
    .optional()
    .describe('The business where it was redeemed; null when not redeemed, or redeemed before counters recorded where'),
  reward: z.object({
    id: Uuid,
    name: z.string(),
    description: z.string(),
    scope: RewardScope,
    locationId: LocationId.nullable(),
    businessName: z.string().nullable(),
  }),
});
export type CustomerReward = z.infer<typeof CustomerReward>;

export const VisitedLocation = z.object({
  id: LocationId,
  businessName: z.string(),
  visits: z.number().int(),
  lastVisit: Timestamp,
});

export const RecentRedemption = z.object({
  customerRewardId: Uuid.describe('POST /api/me/rewards/{customerRewardId}/not-me reports it'),
  rewardName: z.string(),
  businessName: z.string().nullable(),
  redeemedAt: Timestamp,
  notice: z.string().describe('"Your Free Ice Cream Scoop was redeemed at Village Creamery at 3:05 PM — not you?"'),
  reportedAt: Timestamp.nullable().describe('When the member said it was not them; null until then'),
});
export type RecentRedemption = z.infer<typeof RecentRedemption>;

export const ProgrammeNews = z.object({
  id: z.number().int(),
  kind: z.enum(['joined', 'left']),
  businessName: z.string(),
  locationId: LocationId,
  at: Timestamp,
});
export type ProgrammeNews = z.infer<typeof ProgrammeNews>;

export const MeResponse = z.object({
  customer: z.object({ id: Uuid, name: z.string(), phone: z.string(), email: z.string().nullable() }),
  totalPoints: z.number().int(),
  tier: Tier,
  nextGoal: NextGoal,
  rewards: z.array(CustomerReward),
  visitedLocations: z.array(VisitedLocation),
  totalVisits: z.number().int(),
  recentRedemptions: z.array(RecentRedemption).describe(
    'Every redemption of the last 30 days, newest first: a card can be copied, so the member is told and can say "not you?"'),
  programmeNews: z
    .array(ProgrammeNews)
    .optional()
    .describe('Businesses that joined or left the programme since the member joined, in the last 14 days, newest first'),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const MyVisitsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const Visit = z.object({
  id: Uuid,
  locationId: LocationId,
  businessName: z.string(),
  points: z.number().int(),
  createdAt: Timestamp,
});

export const MyVisitsResponse = z.object({ visits: z.array(Visit) });
export type MyVisitsResponse = z.infer<typeof MyVisitsResponse>;

export const RedeemRewardRequest = z.strictObject({
  customerRewardId: Uuid,
  locationId: LocationId.optional().describe('Where it is redeemed; staff default to their own location'),
  reason: visibleText('A reason', 500).optional().describe(
    'Admins only: why the reward is redeemed without the member at the counter (no code, no scan); audited'),
});
export type RedeemRewardRequest = z.input<typeof RedeemRewardRequest>;

export const RedeemRewardResponse = z.object({
  customerReward: z.object({
    id: Uuid,
    status: z.literal('redeemed'),
    redeemedAt: Timestamp,
    reward: z.object({ name: z.string() }),
  }),
});
export type RedeemRewardResponse = z.infer<typeof RedeemRewardResponse>;

/** A member's Redeem shows a short-lived code a counter scans or types. */
export const StartRedemptionRequest = z.strictObject({
  customerRewardId: Uuid,
});
export const RedemptionCode = z
  .string()
  .trim()
  .min(1, 'Type the redemption code')
  .max(40)
  .describe("The member's redemption code: 6 characters (e.g. 'KTR472', case, spaces and dashes ignored) or the scanned 'redeem:KTR472'");
export const StartRedemptionResponse = z.object({
  code: z.string().describe('Three letters and three digits, valid 2 minutes, single use'),
  qrValue: z.string().describe("'redeem:{code}', the QR's value"),
  expiresAt: Timestamp,
  reward: z.object({ id: Uuid, name: z.string(), scope: RewardScope, businessName: z.string().nullable() }),
});
export type StartRedemptionResponse = z.infer<typeof StartRedemptionResponse>;

/** A member's id (their card's value) in a counter's answer: admins only. */
const CounterMemberId = Uuid.optional().describe(
  "The member's id: to admins only. A code shown on the member's phone never tells a counter their card's value",
);

export const CheckRedemptionCodeQuery = z.strictObject({
  code: RedemptionCode,
  locationId: LocationId.optional().describe('The counter\'s business: staff default to theirs, a kiosk to its own, admins must say'),
});
export const CheckRedemptionCodeResponse = z.object({
  code: z.string(),
  locationId: LocationId,
  expiresAt: Timestamp,
  customer: z.object({ id: CounterMemberId, name: z.string() }),
  reward: z.object({
    id: Uuid.describe('The customer reward'),
    name: z.string(),
    description: z.string(),
    scope: RewardScope,
    businessName: z.string().nullable(),
  }),
});
export type CheckRedemptionCodeResponse = z.infer<typeof CheckRedemptionCodeResponse>;

export const RedeemCodeRequest = z.strictObject({
  code: RedemptionCode,
  locationId: LocationId.optional().describe('The counter\'s business: staff default to theirs, a kiosk to its own, admins must say'),
});
export const RedeemCodeResponse = RedeemRewardResponse.extend({
  customer: z.object({ id: CounterMemberId, name: z.string() }),
  locationId: LocationId,
});
export type RedeemCodeResponse = z.infer<typeof RedeemCodeResponse>;

export const CustomerRewardParams = z.strictObject({ customerRewardId: Uuid });

export const ReportRedemptionResponse = z.object({
  flagged: z.literal(true),
  flaggedAt: Timestamp,
});
export type ReportRedemptionResponse = z.infer<typeof ReportRedemptionResponse>;

/** POST /api/rewards/scan-card: a card scanned without a visit (proof the member is here). */
export const ScanCardRequest = z.strictObject({
  token: z.string().trim().regex(MEMBER_CARD, 'Not a member card').describe("The scanned member card 'customer:{id}' ('customer:{id}:{code}' once replaced)"),
  locationId: LocationId.optional().describe('Where it was scanned; staff default to their own location, admins must say'),
});
export type ScanCardRequest = z.input<typeof ScanCardRequest>;
