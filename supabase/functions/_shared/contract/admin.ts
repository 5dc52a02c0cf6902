// The admin dashboard's reads (PRODUCT §2 Admin dashboard, §3 metrics/activity/customers/top locations).
import { z } from 'zod';
import { IsoDate, LocationId, TierName, Timestamp, Uuid, visibleText } from './common.ts';

export const DateRange = z.enum(['7days', '30days', '3months', 'custom']);

export const rangeFields = {
  range: DateRange.default('7days'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
};

/** The earliest day a custom range may start: before the programme there is nothing to count. */
export const EARLIEST_RANGE_DAY = '2020-01-01';
const DAY_MS = 86_400_000;

// A custom range needs from <= to, from 2020-01-01 at the earliest, to at most tomorrow (UTC,
// so every time zone's today fits) and at most two years apart; the others take neither.
export function checkRange(query: { range: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  const issue = (path: 'from' | 'to', message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (query.range !== 'custom') {
    for (const key of ['from', 'to'] as const) {
      if (query[key] !== undefined) issue(key, `${key} belongs to a custom range`);
    }
    return;
  }
  const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  if (!query.from) issue('from', 'A custom range needs from');
  else if (query.from < EARLIEST_RANGE_DAY) issue('from', `from is ${EARLIEST_RANGE_DAY} or later`);
  else if (query.from > tomorrow) issue('from', 'from is not in the future');
  if (!query.to) issue('to', 'A custom range needs to');
  else if (query.to > tomorrow) issue('to', 'to is not in the future');
  else if (query.to < EARLIEST_RANGE_DAY) issue('to', `to is ${EARLIEST_RANGE_DAY} or later`);
  if (query.from && query.to) {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
    if (days < 0) issue('to', 'to is before from');
    if (days > 731) issue('to', 'A range spans at most two years');
  }
}

export const MetricsQuery = z.strictObject({ location: LocationId.optional(), ...rangeFields }).superRefine(checkRange);
export const CustomerSort = z.enum(['lastActive', 'name', 'points', 'lastVisit', 'totalVisits', 'createdAt']);
/** The customers filter: a date range (or `all`: everyone), a location and a search. */
export const customerFilterFields = {
  search: z.string().trim().max(100).optional(),
  location: LocationId.optional(),
  ...rangeFields,
  range: z.enum([...DateRange.options, 'all']).default('7days'),
};
export const CustomersQuery = z
  .strictObject({
    ...customerFilterFields,
    limit: z.coerce.number().int().min(1).max(500).default(100).describe('Rows per page'),
    page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
    sort: CustomerSort.default('lastActive'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(checkRange);
export const CustomersCountQuery = z.strictObject(customerFilterFields).superRefine(checkRange);
export const CustomersCountResponse = z.object({ total: z.number().int() });
export const TopLocationsQuery = z
  .strictObject({ limit: z.coerce.number().int().min(1).max(50).default(5), ...rangeFields })
  .superRefine(checkRange);
export const ActivityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  location: LocationId.optional().describe('Only visits at this business (the dashboard\'s Location filter)'),
});

const Growth = (period: 'yesterday' | 'previous_period') =>
  z.object({
    previous: z.number().int(),
    /** Whole percent change against `previous`; null when previous is 0. */
    percent: z.number().int().nullable(),
    period: z.literal(period),
  });
const Period = z.object({ from: Timestamp, to: Timestamp });

/** A figure an owner may not see: null when it is about fewer than 3 members (admins see every figure). */
export const OwnerFigure = z
  .number()
  .int()
  .nullable()
  .describe('null for a business owner when the figure is about fewer than 3 members ("fewer than 3")');
export const MetricsResponse = z.object({
  signupsToday: OwnerFigure,
  totalVisits: OwnerFigure,
  redemptions: OwnerFigure,
  activeMembers: OwnerFigure,
  growth: z.object({
    signupsToday: Growth('yesterday').nullable(),
    totalVisits: Growth('previous_period').nullable(),
    redemptions: Growth('previous_period').nullable(),
    activeMembers: Growth('previous_period').nullable(),
  }).describe('each null when its figure, or the one it is compared with, is withheld from an owner'),
  range: Period,
  previousRange: Period,
  today: Period.extend({ timeZone: z.string() }),
});
export type MetricsResponse = z.infer<typeof MetricsResponse>;

export const ActivityItem = z.object({
  id: Uuid,
  customerName: z.string(),
  locationId: LocationId,
  locationName: z.string(),
  createdAt: Timestamp,
  points: z.number().int(),
});
export const ActivityResponse = z.array(ActivityItem);
export type ActivityItem = z.infer<typeof ActivityItem>;

export const AdminCustomer = z.object({
  id: Uuid,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  totalPoints: z.number().int(),
  status: TierName,
  lastVisit: Timestamp.nullable(),
  totalVisits: z.number().int(),
  createdAt: Timestamp,
});
export const AdminCustomersResponse = z.array(AdminCustomer);
export type AdminCustomer = z.infer<typeof AdminCustomer>;

export const TopLocation = z.object({
  id: LocationId,
  name: z.string(),
  visits: z.number().int(),
  previousVisits: z.number().int(),
  /** Whole percent change against the previous period; null when it had no visits. */
  growth: z.number().int().nullable(),
  icon: z.string(),
  color: z.string(),
});
export const TopLocationsResponse = z.array(TopLocation);
export type TopLocation = z.infer<typeof TopLocation>;

export const VisitParams = z.strictObject({ visitId: Uuid });
export const VoidVisitRequest = z.strictObject({
  reason: visibleText('A reason', 500).describe('Why the visit is voided: at least one visible character (cleaned as names are)'),
});
export type VoidVisitRequest = z.input<typeof VoidVisitRequest>;
export const VoidVisitResponse = z.object({
  visitId: Uuid,
  voided: z.literal(true),
  pointsReversed: z.number().int(),
  rewardsRevoked: z.array(Uuid).describe('Unredeemed customer rewards no longer earned, now revoked'),
  rewardsClawedBack: z
    .array(Uuid)
    .describe('Customer rewards no longer earned but already redeemed: they stay redeemed, the ledger records the claw-back'),
  totalPoints: z.number().int().describe("The customer's points after the void"),
});
export type VoidVisitResponse = z.infer<typeof VoidVisitResponse>;

export const CustomerParams = z.strictObject({ customerId: Uuid });
export const AdjustPointsRequest = z.strictObject({
  points: z.number().int().min(-1000).max(1000).refine((value) => value !== 0, 'Adjust by at least one point'),
  reason: visibleText('A reason', 500).describe('Why the points change: at least one visible character (cleaned as names are)'),
});
export type AdjustPointsRequest = z.input<typeof AdjustPointsRequest>;
export const AdjustPointsResponse = z.object({
  customerId: Uuid,
  pointsAdjusted: z.number().int(),
  totalPoints: z.number().int(),
  unlockedRewards: z.array(Uuid),
  rewardsRevoked: z.array(Uuid),
  rewardsClawedBack: z.array(Uuid),
});
export type AdjustPointsResponse = z.infer<typeof AdjustPointsResponse>;

export const FlagsQuery = z.strictObject({
  includeDismissed: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
export const FlagParams = z.strictObject({ flagId: Uuid });
export const VelocityFlag = z.object({
  kind: z.literal('velocity'),
  id: Uuid,
  customerId: Uuid,
  customerName: z.string(),
  day: IsoDate.describe('The day (America/Chicago) with 5 or more approved visits'),
  visits: z.number().int(),
  flaggedAt: Timestamp,
  dismissedAt: Timestamp.nullable(),
});
export type VelocityFlag = z.infer<typeof VelocityFlag>;
/** A member said a redemption on their account was not them: the flag names who redeemed it. */
export const RedemptionFlag = z.object({
  kind: z.literal('not_me'),
  id: Uuid,
  customerId: Uuid,
  customerName: z.string(),
  customerRewardId: Uuid,
  rewardName: z.string(),
  locationId: LocationId.nullable(),
  businessName: z.string().nullable(),
  redeemedAt: Timestamp,
  redeemedBy: z.string().nullable().describe("The clerk's name or phone, or the kiosk"),
  flaggedAt: Timestamp,
  dismissedAt: Timestamp.nullable(),
});
export type RedemptionFlag = z.infer<typeof RedemptionFlag>;
/** A member whose invitation code brought many neighbours in one day (97_referrals.sql). */
export const ReferralFlag = z.object({
  kind: z.literal('referrals'),
  id: Uuid,
  customerId: Uuid,
  customerName: z.string(),
  day: IsoDate.describe('The day (programme time zone) the neighbours joined'),
  joins: z.number().int().describe('Neighbours who joined with their code that day'),
  flaggedAt: Timestamp,
  dismissedAt: Timestamp.nullable(),
});
export type ReferralFlag = z.infer<typeof ReferralFlag>;
export const Flag = z.discriminatedUnion('kind', [VelocityFlag, RedemptionFlag, ReferralFlag]);
export type Flag = z.infer<typeof Flag>;
export const VelocityFlagsResponse = z.array(Flag);
