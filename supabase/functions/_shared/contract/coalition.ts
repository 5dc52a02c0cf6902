// The coalition views: settlement between the businesses, cross-shopping, and a
// business's monthly report. Months and days are in America/Chicago.
import { z } from 'zod';
import { checkRange, DateRange, OwnerFigure, rangeFields } from './admin.ts';
import { LocationId, Timestamp } from './common.ts';

export const Month = z
  .string()
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM')
  .describe('a calendar month in America/Chicago, YYYY-MM');
export const MonthQuery = z.strictObject({ month: Month });
export const BusinessReportQuery = z.strictObject({ location: LocationId, month: Month });
export const CrossShoppingQuery = z
  .strictObject({ ...rangeFields, range: DateRange.default('30days') })
  .superRefine(checkRange);

const Cents = z.number().int();

export const SettlementBusiness = z.object({
  locationId: LocationId,
  businessName: z.string(),
  honoured: z.number().int().describe('rewards it honoured (welcome and tier)'),
  welcomeRedeemed: z.number().int(),
  honouredForOthers: z.number().int().describe('rewards it honoured that were earned with another business'),
  honouredForOthersCents: Cents,
  earnedHonouredElsewhere: z.number().int().describe('rewards earned with it that another business honoured'),
  earnedHonouredElsewhereCents: Cents,
  netCents: Cents.describe('honouredForOthersCents - earnedHonouredElsewhereCents: positive, the others owe it'),
});
export const SettlementPair = z.object({
  a: LocationId,
  b: LocationId,
  aHonouredForB: z.number().int(),
  aHonouredForBCents: Cents,
  bHonouredForA: z.number().int(),
  bHonouredForACents: Cents,
  payer: LocationId.nullable().describe('null when the pair is even'),
  payee: LocationId.nullable(),
  amountCents: Cents.describe('what the payer transfers to the payee to settle the pair'),
});
export const SettlementResponse = z.object({
  month: Month,
  timeZone: z.string(),
  from: Timestamp,
  to: Timestamp,
  totals: z.object({
    redemptions: z.number().int().describe('every reward redeemed in the month, unattributed ones too'),
    crossBusiness: z.number().int().describe('of those, honoured by a business other than the one they were earned with'),
    crossBusinessCents: Cents,
    unattributed: z.number().int().describe('redemptions recorded without a business (before redemptions happened at a counter): counted, with no business to pay back'),
    unattributedCents: Cents,
  }),
  businesses: z.array(SettlementBusiness),
  pairs: z.array(SettlementPair).describe('pairs of businesses with anything honoured across them'),
});
export type SettlementResponse = z.infer<typeof SettlementResponse>;

// One business's line of the settlement, for its owners and admins.
export const BusinessSettlementResponse = z.object({
  month: Month,
  timeZone: z.string(),
  from: Timestamp,
  to: Timestamp,
  business: SettlementBusiness,
  pairs: z.array(SettlementPair).describe('the pairs this business is in, with anything honoured across them'),
});
export type BusinessSettlementResponse = z.infer<typeof BusinessSettlementResponse>;

export const SETTLEMENT_EXPORT_COLUMNS = [
  { key: 'month', title: 'Month' },
  { key: 'payer', title: 'Payer ID' },
  { key: 'payer_name', title: 'Payer' },
  { key: 'payee', title: 'Payee ID' },
  { key: 'payee_name', title: 'Payee' },
  { key: 'amount', title: 'Amount (USD)' },
  { key: 'payee_honoured_for_payer', title: 'Rewards Payee Honoured For Payer' },
  { key: 'payer_honoured_for_payee', title: 'Rewards Payer Honoured For Payee' },
] as const;

export const CrossShoppingResponse = z.object({
  range: z.object({ from: Timestamp, to: Timestamp }),
  activeMembers: z.number().int().describe('members with an approved visit in the range'),
  multiBusinessMembers: z.number().int().describe('of those, members who visited two or more businesses'),
  multiBusinessPercent: z.number().nullable().describe('multiBusinessMembers / activeMembers × 100, one decimal; null with no members'),
  distribution: z.array(z.object({ businesses: z.number().int(), members: z.number().int() })),
  businesses: z.array(z.object({ locationId: LocationId, businessName: z.string(), members: z.number().int() })),
  pairs: z.array(z.object({ a: LocationId, b: LocationId, members: z.number().int() })).describe('all 15 pairs, most shared first'),
});
export type CrossShoppingResponse = z.infer<typeof CrossShoppingResponse>;

export const BusinessReportResponse = z.object({
  locationId: LocationId,
  businessName: z.string(),
  month: Month,
  timeZone: z.string(),
  from: Timestamp,
  to: Timestamp,
  visits: OwnerFigure,
  previousMonthVisits: OwnerFigure,
  members: OwnerFigure.describe('distinct members who visited in the month; null for an owner when fewer than 3'),
  newMembers: OwnerFigure.describe('customers who joined at this business in the month; null for an owner when fewer than 3'),
  firstVisits: OwnerFigure.describe('members whose first visit here was in the month; null for an owner when fewer than 3'),
  welcomeRewardsRedeemed: OwnerFigure,
  tierRewardsHonoured: OwnerFigure,
  tierRewardsHonouredCents: Cents.nullable().describe('null when tierRewardsHonoured is withheld'),
  alsoShopAt: z.array(
    z.object({
      locationId: LocationId,
      businessName: z.string(),
      members: OwnerFigure.describe("of this month's members, how many also visited there that month; null for an owner when fewer than 3 (or the month has fewer than 3)"),
      percent: z.number().nullable(),
    }),
  ),
});
export type BusinessReportResponse = z.infer<typeof BusinessReportResponse>;
