// Recent Activity (PRODUCT §2): '{name} checked in at {location}', local date-time, '+N point(s)'.
import type { ActivityItem } from '@contract';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { listAsQuery, QueryView } from './QueryState.tsx';

export function pointsLabel(points: number): string {
  return `+${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

export function RecentActivity(props: {
  items: ActivityItem[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Card>
      <CardTitle>Recent Activity</CardTitle>
      <QueryView query={listAsQuery(props)} emptyText="No recent activity" what="recent activity">
        <ul className="mt-4 divide-y divide-cream-200">
          {props.items?.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-4 py-3">
              <div>
                <p className="font-medium text-bark-900">
                  {item.customerName} checked in at {item.locationName}
                </p>
                <p className="text-sm text-bark-700">
                  <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
                </p>
              </div>
              <span className="shrink-0 text-sm font-semibold text-meadow-800">
                {pointsLabel(item.points)}
              </span>
            </li>
          ))}
        </ul>
      </QueryView>
    </Card>
  );
}
