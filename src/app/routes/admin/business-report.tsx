// The printable monthly report of one business (/admin/report?location=&month=), admin only.
// Print CSS: the toolbar is hidden on paper, the report fills the page.
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { useBusinessReport } from '@/features/admin/api/get-business-report.ts';
import { BusinessReport } from '@/features/admin/components/BusinessReport.tsx';
import { QueryView } from '@/features/admin/components/QueryState.tsx';
import { currentMonth, isMonth } from '@/features/admin/lib/month.ts';
import { StaffScreen } from '@/app/components/StaffScreen.tsx';

function Report() {
  const [params] = useSearchParams();
  const location = /^[a-z][a-z0-9-]{1,40}$/.test(params.get('location') ?? '')
    ? params.get('location')!
    : '';
  const month = isMonth(params.get('month') ?? '') ? params.get('month')! : currentMonth();
  const query = useBusinessReport(location, month);
  return (
    <div className="min-h-svh bg-cream-50 py-6 print:bg-white print:py-0">
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap justify-between gap-3 px-4 print:hidden">
        <ButtonLink to="/admin?tab=reports" variant="secondary">
          Back to the dashboard
        </ButtonLink>
        <Button onClick={() => window.print()} disabled={!query.data}>
          Print
        </Button>
      </div>
      <main className="px-4 print:px-0">
        {location ? (
          <QueryView query={query} what="the report">
            {query.data ? <BusinessReport report={query.data} /> : null}
          </QueryView>
        ) : (
          <p role="alert" className="mx-auto max-w-3xl text-bark-700">
            Choose a business from the Reports tab of the dashboard.
          </p>
        )}
      </main>
    </div>
  );
}

export function AdminBusinessReportPage() {
  return (
    <StaffScreen
      kind="admin"
      title="Monthly report"
      intro="Sign in with the operator's phone number to see this report."
      forbidden="the business reports"
    >
      <Report />
    </StaffScreen>
  );
}
