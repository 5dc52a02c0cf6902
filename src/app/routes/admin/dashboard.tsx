// The "Village Rewards Admin" screen (PRODUCT §2): admin-only; signed out it offers the
// phone-code sign-in, signed in without the admin claim it says so. Filters live in the URL.
// Left open, its figures are re-read every 30 s while visible and on returning to the tab, and the
// header says when they were last read (docs/LIVE.md).
import { retryableLazy } from '@/components/ui/LoadFailed.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { oldestRead, UpdatedAt } from '@/components/ui/UpdatedAt.tsx';
import { useActivity } from '@/features/admin/api/get-activity.ts';
import { useMetrics } from '@/features/admin/api/get-metrics.ts';
import { useTopLocations } from '@/features/admin/api/get-top-locations.ts';
import { DashboardFilters } from '@/features/admin/components/DashboardFilters.tsx';
import { DemoModeBanner } from '@/features/admin/components/DemoModeBanner.tsx';
import { MetricCards } from '@/features/admin/components/MetricCards.tsx';
import { RecentActivity } from '@/features/admin/components/RecentActivity.tsx';
import { TopLocations } from '@/features/admin/components/TopLocations.tsx';
import { readProblem } from '@/features/admin/lib/range-problem.ts';
import { useUrlFilters } from '@/features/admin/lib/url-filters.ts';
import { useDemoMode } from '@/features/checkin/api/get-demo-mode.ts';
import { useLocations } from '@/features/locations/api/get-locations.ts';
import { StaffHeader, StaffScreen } from '@/app/components/StaffScreen.tsx';

// The sections' tabs: their own chunk, so the sign-in form and the figures paint without them.
const AdminTabs = retryableLazy(
  async () => (await import('./tabs.tsx')).AdminTabs,
  'The dashboard sections',
  <Skeleton className="mt-8 h-72" />,
);

// recharts is big: its own chunk, fetched only when the dashboard draws the chart.
// A chunk that cannot be fetched says so with Retry.
const VisitsChart = retryableLazy(
  async () => (await import('@/features/admin/components/VisitsChart.tsx')).default,
  'The chart',
  <Skeleton className="mt-4 h-72" />,
);

export function AdminDashboardPage() {
  return (
    <StaffScreen
      kind="admin"
      title="Village Rewards Admin"
      intro="Sign in with the operator's phone number. We will text you a 6-digit code."
      forbidden="the admin dashboard"
    >
      <AdminDashboard />
    </StaffScreen>
  );
}

function AdminDashboard() {
  const [filters, setFilters] = useUrlFilters();
  const locations = useLocations();
  const metrics = useMetrics(filters);
  const activity = useActivity(20, filters.location);
  const top = useTopLocations(filters);
  const demo = useDemoMode();

  return (
    <div className="min-h-svh bg-cream-50">
      <StaffHeader
        role="Admin"
        status={
          <UpdatedAt
            updatedAt={oldestRead([
              metrics.dataUpdatedAt,
              activity.dataUpdatedAt,
              top.dataUpdatedAt,
            ])}
            failed={metrics.isRefetchError || activity.isRefetchError || top.isRefetchError}
          />
        }
      />
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
        <DemoModeBanner demo={demo} />
        <div className="print:hidden">
          <DashboardFilters filters={filters} locations={locations.data} onChange={setFilters} />
        </div>
        {metrics.error ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            Could not load the metrics. {readProblem(metrics.error)}
          </p>
        ) : null}
        <MetricCards
          metrics={metrics.data}
          loading={metrics.isPending}
          failed={metrics.isError}
          filters={filters}
        />
        <Card className="print:hidden">
          <CardTitle>Visits per day</CardTitle>
          <VisitsChart filters={filters} />
        </Card>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2 print:hidden">
          <RecentActivity
            items={activity.data}
            loading={activity.isPending}
            error={activity.error}
            onRetry={() => void activity.refetch()}
          />
          <TopLocations
            items={top.data}
            loading={top.isPending}
            error={top.error}
            onRetry={() => void top.refetch()}
            range={filters.range}
          />
        </div>
        <AdminTabs filters={filters} locations={locations.data} />
      </main>
    </div>
  );
}
