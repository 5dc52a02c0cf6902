// The dashboard's filters as query parameters (PRODUCT §2: location, date range).
import type { z } from 'zod';
import type { DateRange } from '@contract';

export interface AdminFilters {
  /** Omitted for all locations. */
  location?: string;
  range: z.infer<typeof DateRange>;
  from?: string;
  to?: string;
}

/** The query parameters of a range: from/to only for a custom range. */
export function rangeParams(filters: AdminFilters) {
  return filters.range === 'custom'
    ? { range: filters.range, from: filters.from, to: filters.to }
    : { range: filters.range };
}
