// The funder's monthly report (/admin/funder-report?month=), admin only: a month chooser and the
// village's population on screen, hidden on paper; the report fills the printed page.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { useFunderReport, useSetVillagePopulation } from '@/features/admin/api/funder-report.ts';
import { FunderReport } from '@/features/admin/components/FunderReport.tsx';
import { QueryView } from '@/features/admin/components/QueryState.tsx';
import { currentMonth, isMonth } from '@/features/admin/lib/month.ts';
import { userMessage } from '@/lib/api-client.ts';
import { StaffScreen } from '@/app/components/StaffScreen.tsx';

export function AdminFunderReportPage() {
  return (
    <StaffScreen
      kind="admin"
      title="Funder's report"
      intro="Sign in with the operator's phone number to see this report."
      forbidden="the funder's report"
    >
      <Report />
    </StaffScreen>
  );
}

function Population(props: { current: number | null }) {
  const id = useId();
  const save = useSetVillagePopulation();
  const [value, setValue] = useState(props.current === null ? '' : String(props.current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const people = value.trim() === '' ? null : Number(value);
    if (people !== null && (!Number.isInteger(people) || people < 1 || people > 10_000_000)) {
      toast({ title: 'Not saved', description: 'The population is a whole number from 1 to 10,000,000.', variant: 'destructive' });
      return;
    }
    save.mutate(people, {
      onSuccess: () => toast({ title: 'Saved', description: 'The report now shows the members\' share of the village.' }),
      onError: (error) => toast({ title: 'Not saved', description: userMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <Label htmlFor={`${id}-population`}>People in the village</Label>
        <Input id={`${id}-population`} type="number" inputMode="numeric" min={1} value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>Save</Button>
    </form>
  );
}

function Report() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const month = isMonth(params.get('month') ?? '') ? params.get('month')! : currentMonth();
  const query = useFunderReport(month);
  return (
    <div className="min-h-svh bg-cream-50 py-6 print:bg-white print:py-0">
      <div className="mx-auto mb-4 flex max-w-4xl flex-wrap items-end justify-between gap-3 px-4 print:hidden">
        <ButtonLink to="/admin?tab=reports" variant="secondary">Back to the dashboard</ButtonLink>
        <div className="w-44">
          <Label htmlFor={`${id}-month`}>Month</Label>
          <Input id={`${id}-month`} type="month" value={month} max={currentMonth()}
                 onChange={(e) => isMonth(e.target.value) && setParams({ month: e.target.value })} />
        </div>
        {query.data ? <Population key={query.data.villagePopulation ?? 'none'} current={query.data.villagePopulation} /> : null}
        <Button onClick={() => window.print()} disabled={!query.data}>Print or save as PDF</Button>
      </div>
      <main className="px-4 print:px-0">
        <QueryView query={query} what="the report">
          {query.data ? <FunderReport report={query.data} /> : null}
        </QueryView>
      </main>
    </div>
  );
}
