// Top Performing Locations (PRODUCT §2): name, '{visits} visits this week' (the range's own words
// for other ranges), growth against the previous period, an icon and a colour per business.
import type { TopLocation } from '@contract';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { cn } from '@/lib/cn.ts';
import type { AdminFilters } from '../api/filters.ts';
import { LocationTile } from './LocationTile.tsx';
import { listAsQuery, QueryView } from './QueryState.tsx';

export function visitsWording(visits: number, range: AdminFilters['range']): string {
  const noun = visits === 1 ? 'visit' : 'visits';
  switch (range) {
    case '7days':
      return `${visits} ${noun} this week`;
    case '30days':
      return `${visits} ${noun} in the last 30 days`;
    case '3months':
      return `${visits} ${noun} in the last 3 months`;
    case 'custom':
      return `${visits} ${noun} in the selected range`;
  }
}

export function growthText(
  location: Pick<TopLocation, 'growth' | 'previousVisits' | 'visits'>,
): string {
  if (location.growth === null) return location.visits > 0 ? 'New this period' : 'No visits yet';
  if (location.growth === 0) return 'No change';
  return `${location.growth > 0 ? '+' : '-'}${Math.abs(location.growth)}%`;
}

export function TopLocations(props: {
  items: TopLocation[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  range: AdminFilters['range'];
}) {
  return (
    <Card>
      <CardTitle>Top Performing Locations</CardTitle>
      <QueryView query={listAsQuery(props)} emptyText="No location data available" what="top locations">
        <ul className="mt-4 grid gap-3">
          {props.items?.map((location) => (
            <li key={location.id} className="flex items-center gap-3">
              <LocationTile location={location} className="shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-bark-900">{location.name}</p>
                <p className="text-sm text-bark-700">
                  {visitsWording(location.visits, props.range)}
                </p>
              </div>
              <span
                className={cn(
                  'shrink-0 text-sm font-semibold',
                  location.growth !== null && location.growth < 0
                    ? 'text-red-800'
                    : 'text-meadow-800',
                )}
              >
                {growthText(location)}
              </span>
            </li>
          ))}
        </ul>
      </QueryView>
    </Card>
  );
}
