// The admin dashboard's reads (SPEC §2 Admin dashboard, §3 metrics/activity/customers/top locations).
import { z } from 'zod';
import { IsoDate, LocationId, TierName, Timestamp, Uuid } from './common.ts';

export const DateRange = z.enum(['7days', '30days', '3months', 'custom']);

const rangeFields = {
  range: DateRange.default('7days'),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
};

// A custom range needs from <= to (at most two years apart); the others take neither.
function checkRange(query: { range: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.range !== 'custom') {
    for (const key of ['from', 'to'] as const) {
      if (query[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} belongs to a custom range` });
    }
    return;
  }
  if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs from' });
  if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A custom range needs to' });
  if (query.from && query.to) {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    if (days > 731) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A range spans at most two years' });
  }
}

export const MetricsQuery = z.strictObject({ location: LocationId.optional(), ...rangeFields }).superRefine(checkRange);
export const CustomersQuery = z
  .strictObject({
    search: z.string().trim().max(100).optional(),
    location: LocationId.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    ...rangeFields,
  })
  .superRefine(checkRange);
export const TopLocationsQuery = z
  .strictObject({ limit: z.coerce.number().int().min(1).max(50).default(5), ...rangeFields })
  .superRefine(checkRange);
export const ActivityQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

const Growth = (period: 'yesterday' | 'previous_period') =>
  z.object({
    previous: z.number().int(),
    /** Whole percent change against `previous`; null when previous is 0. */
    percent: z.number().int().nullable(),
    period: z.literal(period),
  });
const Period = z.object({ from: Timestamp, to: Timestamp });

export const MetricsResponse = z.object({
  signupsToday: z.number().int(),
  totalVisits: z.number().int(),
  redemptions: z.number().int(),
  activeMembers: z.number().int(),
  growth: z.object({
    signupsToday: Growth('yesterday'),
    totalVisits: Growth('previous_period'),
    redemptions: Growth('previous_period'),
    activeMembers: Growth('previous_period'),
  }),
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
