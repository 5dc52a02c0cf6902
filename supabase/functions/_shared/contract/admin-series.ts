// The dashboard chart: approved visits per day per business over a range.
import { z } from 'zod';
import { IsoDate, LocationId, Timestamp } from './common.ts';

export const VisitSeriesResponse = z.object({
  range: z.object({ from: Timestamp, to: Timestamp }),
  timeZone: z.string(),
  locations: z.array(z.object({ id: LocationId, businessName: z.string(), color: z.string() })),
  days: z.array(
    z.object({
      day: IsoDate.describe('a day in timeZone; every day of the range, oldest first'),
      total: z.number().int(),
      visits: z.record(z.string(), z.number().int()).describe('approved visits that day, by location id (0 included)'),
    }),
  ),
});
export type VisitSeriesResponse = z.infer<typeof VisitSeriesResponse>;
