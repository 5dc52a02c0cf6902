// The four metric cards of PRODUCT §2 with growth captions computed for the previous period.
import type { MetricsResponse } from '@contract';
import { Card } from '@/components/ui/Card.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { daysBetween, growthCaption } from '../lib/growth.ts';

const CARDS = [
  { key: 'signupsToday', title: 'Sign-ups Today', noun: 'sign-ups' },
  { key: 'totalVisits', title: 'Total Visits', noun: 'visits' },
  { key: 'redemptions', title: 'Redemptions', noun: 'redemptions' },
  { key: 'activeMembers', title: 'Active Members', noun: 'active members' },
] as const;

/** A figure withheld from an owner (about fewer than 3 members) reads "fewer than 3". */
export const shownFigure = (value: number | null) =>
  value === null ? FEWER_THAN_3 : value.toLocaleString();
export const FEWER_THAN_3 = 'fewer than 3';

export function MetricCards(props: {
  metrics: MetricsResponse | undefined;
  loading: boolean;
  /** The read failed (said above the cards): a dash, never a '...' that waits forever. */
  failed?: boolean;
  filters: AdminFilters;
}) {
  const { metrics } = props;
  const previousDays = metrics
    ? daysBetween(metrics.previousRange.from, metrics.previousRange.to)
    : undefined;
  return (
    <section aria-label="Key metrics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map((card) => (
        <Card key={card.key} className="p-5">
          <h2 className="text-sm font-semibold text-bark-700">{card.title}</h2>
          <p className="mt-2 font-display text-3xl font-bold text-bark-900" aria-live="polite">
            {metrics
              ? shownFigure(metrics[card.key])
              : props.failed && !props.loading
                ? '—'
                : '...'}
          </p>
          <p className="mt-1 text-sm text-bark-700" data-testid={`growth-${card.key}`}>
            {metrics
              ? growthCaption(metrics.growth[card.key], card.noun, props.filters, previousDays)
              : '\u00a0'}
          </p>
        </Card>
      ))}
    </section>
  );
}
