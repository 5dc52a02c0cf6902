// The API contract: zod schemas for every request and response, shared by the api function and
// the React app (imported there as `@contract`). Field names follow SPEC.md §3 and §7.
import { z } from 'zod';

export const LocationId = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/, 'Unknown location');

export const RewardSummary = z.object({
  name: z.string(),
  description: z.string(),
});

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
  welcomeReward: RewardSummary,
});
export type Location = z.infer<typeof Location>;

export const LocationList = z.array(Location);
export type LocationList = z.infer<typeof LocationList>;
