// The monthly prize draw (docs/DRAWS.md): the public list anyone can verify, the operator's set-up
// and run, and a member's entries.
import { z } from 'zod';
import { Month } from './coalition.ts';
import { LocationId, Timestamp, Uuid, visibleText } from './common.ts';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex: 64 characters 0-9 and a-f');
export const DrawPrizeKind = z.enum(['reward', 'voucher']).describe(
  'reward: redeemable only at the sponsoring business; voucher: worth valueCents at any business, paid for by the sponsor');

export const DrawRule = z.object({
  minBusinesses: z.number().int().describe('approved visits at this many different businesses in the month give one entry'),
  maxEntries: z.number().int().describe('each further business one more entry, up to this many'),
});

export const PublicDrawEntry = z.object({
  entryId: Sha256.describe('sha256("<draw id>:<member id>"): the member, anonymised'),
  entries: z.number().int(),
});

export const PublicDraw = z.object({
  id: Uuid,
  month: Month,
  monthLabel: z.string().describe('"November 2026"'),
  status: z.enum(['committed', 'drawn']),
  sponsor: z.object({ locationId: LocationId, businessName: z.string() }),
  prize: z.object({ kind: DrawPrizeKind, name: z.string(), description: z.string(), valueCents: z.number().int() }),
  rule: DrawRule,
  commitment: Sha256.describe('SHA-256 of the seed, published before the month began'),
  seed: z.string().nullable().describe('revealed at the draw; null until then'),
  drawnAt: Timestamp.nullable(),
  totalEntries: z.number().int().nullable(),
  entriesSha256: Sha256.nullable().describe('SHA-256 of the entry list as the draw hashes it'),
  winningTicket: z.number().int().nullable(),
  winnerEntryId: Sha256.nullable().describe('null until drawn, or when nobody had an entry'),
  entries: z.array(PublicDrawEntry).nullable().describe('the frozen entry list in entry id order; null until drawn'),
});
export type PublicDraw = z.infer<typeof PublicDraw>;

export const PublicDrawsResponse = z.object({ draws: z.array(PublicDraw) });
export type PublicDrawsResponse = z.infer<typeof PublicDrawsResponse>;
export const DrawParams = z.strictObject({ drawId: Uuid });

export const AdminDraw = PublicDraw.extend({
  entrants: z.number().int().describe('members with at least one entry (so far, while the month runs)'),
  entriesSoFar: z.number().int().nullable().describe('entries so far; null once drawn (see totalEntries)'),
  seedKept: z.boolean().describe('the programme made the seed and keeps it; false: the operator must give it at the draw'),
  winner: z.object({ customerId: Uuid, name: z.string() }).nullable(),
  prizeStatus: z.enum(['unlocked', 'redeemed', 'revoked', 'expired']).nullable(),
});
export type AdminDraw = z.infer<typeof AdminDraw>;
export const AdminDrawsResponse = z.object({ draws: z.array(AdminDraw) });
export type AdminDrawsResponse = z.infer<typeof AdminDrawsResponse>;

export const CreateDrawRequest = z.strictObject({
  month: Month.describe('a month that has not started'),
  sponsorLocationId: LocationId,
  prizeKind: DrawPrizeKind,
  prizeName: visibleText('The prize\'s name', 100),
  prizeDescription: z.string().max(500).default(''),
  prizeValueCents: z.number().int().min(0).max(100000),
  minBusinesses: z.number().int().min(1).max(50),
  maxEntries: z.number().int().min(1).max(50),
  commitment: Sha256.optional().describe(
    'SHA-256 of a seed the operator keeps; left out, the programme makes the seed and keeps it privately'),
});
export type CreateDrawRequest = z.input<typeof CreateDrawRequest>;
export const CreateDrawResponse = PublicDraw.extend({ seedKept: z.boolean() });

export const RunDrawRequest = z.strictObject({
  seed: z.string().min(16).max(200).optional().describe('the seed whose SHA-256 was published; left out, the kept one'),
});
export const RunDrawResponse = PublicDraw.extend({ winner: z.object({ customerId: Uuid, name: z.string() }).nullable() });

export const MyDraw = z.object({
  id: Uuid,
  month: Month,
  monthLabel: z.string(),
  status: z.enum(['committed', 'drawn']),
  prize: z.object({ kind: DrawPrizeKind, name: z.string(), valueCents: z.number().int() }),
  sponsorName: z.string(),
  rule: DrawRule,
  eligible: z.boolean().describe('false for staff, owners, admins and suspended members'),
  businesses: z.number().int().describe('different businesses with an approved visit this month'),
  entries: z.number().int(),
  businessesForNextEntry: z.number().int().nullable().describe('more businesses to visit for one more entry; null at the cap or once drawn'),
  entryId: Sha256.describe('how this member appears in the published entry list'),
  won: z.boolean(),
});
export type MyDraw = z.infer<typeof MyDraw>;
export const MyDrawsResponse = z.object({ draws: z.array(MyDraw) });
export type MyDrawsResponse = z.infer<typeof MyDrawsResponse>;
