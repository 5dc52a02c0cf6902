// The Exports tab: CSV files of the customers (with their consent flags and the wording they
// agreed to) and of the visits, for the dashboard's filters; streamed by the API.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { endpoints, userMessage } from '@/lib/api-client.ts';
import { useDownloadCsv, type CsvEndpoint } from '../api/download-csv.ts';
import { rangeParams, type AdminFilters } from '../api/filters.ts';

export function describeFilters(filters: AdminFilters, businessName: string | undefined): string {
  const where = filters.location ? (businessName ?? filters.location) : 'all locations';
  const when =
    filters.range === 'custom'
      ? `${filters.from} to ${filters.to}`
      : {
          '7days': 'the last 7 days',
          '30days': 'the last 30 days',
          '3months': 'the last 3 months',
        }[filters.range];
  return `${where}, ${when}`;
}

export function ExportsTab(props: {
  filters: AdminFilters;
  businessName?: string;
  search?: string;
}) {
  const download = useDownloadCsv();
  const scope = describeFilters(props.filters, props.businessName);
  const save = (
    route: CsvEndpoint,
    query: Record<string, string | undefined>,
    fallbackName: string,
  ) =>
    download.mutate(
      { route, query, fallbackName },
      {
        onSuccess: (name) => toast({ title: 'Download ready', description: `${name} was saved.` }),
        onError: (error) =>
          toast({
            title: 'Export failed',
            description: userMessage(error),
            variant: 'destructive',
          }),
      },
    );
  const params = { location: props.filters.location, ...rangeParams(props.filters) };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ExportCard
        title="Customers"
        text={`Customers who joined or visited at ${scope}, with points, tier, visits, and their SMS/email consent with the exact wording they agreed to.`}
      >
        <Button
          onClick={() =>
            save(
              endpoints.exportCustomers,
              { ...params, search: props.search || undefined },
              'customers.csv',
            )
          }
          disabled={download.isPending}
        >
          Download customers CSV
        </Button>
      </ExportCard>
      <ExportCard
        title="Visits"
        text={`Every visit at ${scope}: when, where, who, points and whether it was voided.`}
      >
        <Button
          onClick={() => save(endpoints.exportVisits, params, 'visits.csv')}
          disabled={download.isPending}
        >
          Download visits CSV
        </Button>
      </ExportCard>
      {download.isPending ? (
        <p role="status" className="text-sm text-bark-700">
          Preparing the file…
        </p>
      ) : null}
    </div>
  );
}

function ExportCard(props: { title: string; text: string; children: ReactNode }) {
  return (
    <Card className="grid gap-3 p-5">
      <CardTitle>{props.title}</CardTitle>
      <p className="text-sm text-bark-700">{props.text}</p>
      <div>{props.children}</div>
    </Card>
  );
}
