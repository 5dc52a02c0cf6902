// The metric cards' growth captions, computed from the metrics answer's growth fields for the
// comparable previous period (PRODUCT §2 hard-coded them; these are the real figures).
import type { MetricsResponse } from '@contract';
import type { AdminFilters } from '../api/filters.ts';

type Growth = NonNullable<MetricsResponse['growth']['totalVisits']>;

/** How the previous period reads after "from …": yesterday, last week, the previous 30 days… */
export function previousPeriodWords(
  growth: Growth,
  filters: Pick<AdminFilters, 'range'>,
  previousDays?: number,
): string {
  if (growth.period === 'yesterday') return 'yesterday';
  switch (filters.range) {
    case '7days':
      return 'last week';
    case '30days':
      return 'the previous 30 days';
    case '3months':
      return 'the previous 3 months';
    case 'custom':
      return previousDays && previousDays > 0
        ? `the previous ${previousDays} day${previousDays === 1 ? '' : 's'}`
        : 'the previous period';
  }
}

/** Whole days between two timestamps (the previous range's length), rounded. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/**
 * '+12% from yesterday', '-3% from last week', 'No change from last week'; when the previous
 * period had none, percent is meaningless, so say so: 'No visits in the previous 30 days'. No
 * growth (withheld from an owner: a figure about fewer than 3 members) reads as nothing to compare.
 */
export function growthCaption(
  growth: Growth | null,
  noun: string,
  filters: Pick<AdminFilters, 'range'>,
  previousDays?: number,
): string {
  if (!growth) return 'Too few members to compare';
  const when = previousPeriodWords(growth, filters, previousDays);
  if (growth.previous === 0 || growth.percent === null) {
    if (growth.period === 'yesterday') return `No ${noun} yesterday`;
    return `No ${noun} in ${when === 'last week' ? 'the previous week' : when}`;
  }
  if (growth.percent === 0) return `No change from ${when}`;
  const sign = growth.percent > 0 ? '+' : '-';
  return `${sign}${Math.abs(growth.percent)}% from ${when}`;
}
