// The funder's monthly report (docs/FUNDER-REPORT.md): one page for whoever funds or runs the
// scheme. A figure about fewer than 3 members is null ("fewer than 3").
import { z } from 'zod';
import { Month } from './coalition.ts';
import { LocationId, Timestamp, Uuid } from './common.ts';

const Few = z.number().int().nullable().describe('null when it is about 1 or 2 members ("fewer than 3")');

export const FunderReportResponse = z.object({
  month: Month,
  monthLabel: z.string(),
  timeZone: z.string(),
  from: Timestamp,
  to: Timestamp,
  villagePopulation: z.number().int().nullable().describe('the operator\'s setting; null until given'),
  members: Few.describe('members at the end of the month (joined by then, not forgotten)'),
  membersPercentOfVillage: z.number().nullable(),
  newMembers: Few,
  activeMembers: Few.describe('members with an approved visit in the month'),
  returningMembers: Few.describe('active members who had visited before the month'),
  visits: Few.describe('approved visits (withheld when fewer than 3 members made them)'),
  repeatVisits: Few.describe('visits at a business the member had visited before'),
  crossShopping: z.object({ twoOrMore: Few, threeOrMore: Few, twoOrMorePercent: z.number().nullable() }),
  firstVisitsFromOtherBusinesses: Few.describe('first visits at a business by members who had visited another business before'),
  businesses: z.array(z.object({
    locationId: LocationId, businessName: z.string(), visits: Few, members: Few, firstVisits: Few,
    firstVisitsFromOtherBusinesses: Few,
  })),
  rewards: z.object({
    redeemed: Few, welcome: Few, tier: Few, prize: z.number().int(),
    valueCents: z.number().int().nullable().describe('tier rewards and prizes redeemed, at their value'),
    expired: Few.default(null).describe('rewards that expired unused in the month: never redeemed, so not in redeemed or the settlement'),
  }),
  settlement: z.object({
    redemptions: z.number().int(), crossBusiness: z.number().int(), crossBusinessCents: z.number().int(),
    transfers: z.number().int(), transfersCents: z.number().int(),
  }),
  texts: z.object({ sent: Few, optOuts: Few }),
  draw: z.object({
    id: Uuid, status: z.enum(['committed', 'drawn']), prizeName: z.string(), sponsorName: z.string(),
    entrants: Few, totalEntries: z.number().int().nullable(), winnerDrawn: z.boolean(), prizeRedeemed: z.boolean(),
  }).nullable(),
});
export type FunderReportResponse = z.infer<typeof FunderReportResponse>;

export const VillagePopulationRequest = z.strictObject({
  villagePopulation: z.number().int().min(1).max(10_000_000).nullable(),
});
export const VillagePopulationResponse = z.object({ villagePopulation: z.number().int().nullable() });
