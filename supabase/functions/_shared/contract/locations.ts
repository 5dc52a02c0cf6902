// GET /api/locations: the participating businesses (PRODUCT §3 Location).
import { z } from 'zod';
import { LocationId } from './common.ts';

export const RewardSummary = z.object({
  name: z.string(),
  description: z.string(),
});
export type RewardSummary = z.infer<typeof RewardSummary>;

export const Location = z.object({
  id: LocationId,
  slug: z.string(),
  businessName: z.string(),
  kind: z.string(),
  description: z.string(),
  address: z.string(),
  logoUrl: z.string(),
  icon: z.string(),
  color: z.string(),
  hours: z.string().default('').describe('opening hours as the business writes them; empty when not given'),
  welcomeReward: RewardSummary.nullable().describe('the current welcome reward; null while the business has none'),
});
export type Location = z.infer<typeof Location>;

export const LocationList = z.array(Location);
export type LocationList = z.infer<typeof LocationList>;
