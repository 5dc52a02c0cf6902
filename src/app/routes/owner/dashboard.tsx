// /owner: a business owner's view of their one business: its figures (the last 30
// days) and who served at its counter, its monthly report and settlement line for a chosen month, its staff phones (which the
// owner manages), its kiosks, text campaigns to the members who visited it and the
// audit rows of the business, and the way to its counter (/staff, where an owner serves as its
// clerk). Its figures stay within 30 s of the truth while the page is open.
// Nothing of another business: the
// API answers an owner only for their own (403 otherwise). Signed out, the phone-code sign-in.
import { useId, useState } from 'react';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { oldestRead, UpdatedAt } from '@/components/ui/UpdatedAt.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { useBusinessReport } from '@/features/admin/api/get-business-report.ts';
import { useBusinessSettlement } from '@/features/admin/api/business-settlement.ts';
import { useMetrics } from '@/features/admin/api/get-metrics.ts';
import { useCounterPeople } from '@/features/admin/api/counter-people.ts';
import { AuditTab } from '@/features/admin/components/AuditTab.tsx';
import { BusinessReport } from '@/features/admin/components/BusinessReport.tsx';
import { CampaignsTab } from '@/features/admin/components/CampaignsTab.tsx';
import { CounterPeople } from '@/features/admin/components/CounterPeople.tsx';
import { KioskList } from '@/features/admin/components/KioskList.tsx';
import { MetricCards } from '@/features/admin/components/MetricCards.tsx';
import { QueryView } from '@/features/admin/components/QueryState.tsx';
import { StaffList } from '@/features/admin/components/StaffList.tsx';
import { formatCents } from '@/features/admin/lib/money.ts';
import { currentMonth, isMonth, monthLabel } from '@/features/admin/lib/month.ts';
import { useLocations } from '@/features/locations/api/get-locations.ts';
import { useSession } from '@/lib/session.ts';
import { StaffHeader, StaffScreen } from '@/app/components/StaffScreen.tsx';

export function OwnerDashboardPage() {
  return (
    <StaffScreen
      kind="owner"
      title="Business owner"
      intro="Sign in with the phone number the operator registered for your business. We will text you a 6-digit code."
      forbidden="a business owner's view (admins use /admin)"
    >
      <OwnerDashboard />
    </StaffScreen>
  );
}

function OwnerDashboard() {
  const { claims } = useSession();
  const locationId = claims!.locationId!;
  const locations = useLocations();
  const businessName = locations.data?.find((l) => l.id === locationId)?.businessName ?? locationId;
  const filters = { location: locationId, range: '30days' as const };
  const metrics = useMetrics(filters);
  const people = useCounterPeople(locationId);
  const id = useId();
  const [month, setMonth] = useState(currentMonth());

  return (
    <div className="min-h-svh bg-cream-50">
      <StaffHeader role="Owner" title={`${businessName} · Owner`} />
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-display text-xl font-bold text-bark-900">The last 30 days</h2>
            <UpdatedAt
              updatedAt={oldestRead([metrics.dataUpdatedAt, people.dataUpdatedAt])}
              failed={metrics.isRefetchError || people.isRefetchError}
            />
          </div>
          <ButtonLink to="/staff" variant="secondary">
            Serve at your counter
          </ButtonLink>
        </div>
        <MetricCards
          metrics={metrics.data}
          loading={metrics.isPending}
          failed={metrics.isError}
          filters={filters}
        />
        <Card className="grid content-start gap-3 p-5">
          <CardTitle>Who served at the counter</CardTitle>
          <CounterPeople locationId={locationId} businessName={businessName} />
        </Card>
        <Card className="grid gap-4 p-5">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <CardTitle>Monthly report and settlement</CardTitle>
            <div>
              <Label htmlFor={`${id}-month`}>Month</Label>
              <Input
                id={`${id}-month`}
                type="month"
                value={month}
                onChange={(event) => {
                  if (isMonth(event.target.value)) setMonth(event.target.value);
                }}
              />
            </div>
          </div>
          <SettlementLine locationId={locationId} month={month} />
          <Report locationId={locationId} month={month} />
        </Card>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
          <Card className="grid content-start gap-3 p-5">
            <CardTitle>Staff</CardTitle>
            <StaffList locationId={locationId} businessName={businessName} canName={false} />
          </Card>
          <Card className="grid content-start gap-3 p-5">
            <CardTitle>Kiosks</CardTitle>
            <KioskList locationId={locationId} businessName={businessName} canRevoke={false} />
          </Card>
        </div>
        <section aria-labelledby={`${id}-campaigns`} className="grid gap-3">
          <h2 id={`${id}-campaigns`} className="font-display text-xl font-bold text-bark-900">
            Text your visitors
          </h2>
          <p className="text-bark-700">
            Offers go only to members who visited {businessName} and agreed to get texts.
          </p>
          <CampaignsTab locations={locations.data} locationId={locationId} />
        </section>
        <section aria-labelledby={`${id}-audit`} className="grid gap-3">
          <h2 id={`${id}-audit`} className="font-display text-xl font-bold text-bark-900">
            What changed at {businessName}
          </h2>
          <AuditTab locations={locations.data} location={locationId} />
        </section>
      </main>
    </div>
  );
}

function SettlementLine(props: { locationId: string; month: string }) {
  const query = useBusinessSettlement(props.locationId, props.month);
  const line = query.data?.business;
  return (
    <QueryView query={query} what="the settlement line">
      {line ? (
        <dl
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          aria-label={`Settlement, ${monthLabel(props.month)}`}
        >
          <Figure term="Rewards you honoured" value={String(line.honoured)} />
          <Figure
            term="Honoured for other businesses"
            value={`${line.honouredForOthers} · ${formatCents(line.honouredForOthersCents)}`}
          />
          <Figure
            term="Yours honoured elsewhere"
            value={`${line.earnedHonouredElsewhere} · ${formatCents(line.earnedHonouredElsewhereCents)}`}
          />
          <Figure
            term={line.netCents >= 0 ? 'Owed to you' : 'You owe'}
            value={formatCents(Math.abs(line.netCents))}
          />
        </dl>
      ) : null}
    </QueryView>
  );
}

function Figure(props: { term: string; value: string }) {
  return (
    <div className="rounded-xl border border-cream-200 bg-white p-3">
      <dt className="text-sm text-bark-700">{props.term}</dt>
      <dd className="font-display text-xl font-bold text-bark-900">{props.value}</dd>
    </div>
  );
}

function Report(props: { locationId: string; month: string }) {
  const query = useBusinessReport(props.locationId, props.month);
  return (
    <QueryView query={query} what="the monthly report">
      {query.data ? <BusinessReport report={query.data} /> : null}
    </QueryView>
  );
}
