// The month's settlement statement: for each business, rewards it honoured that were earned
// elsewhere and rewards earned with it that others honoured; netted per pair; CSV download.
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { endpoints, userMessage } from '@/lib/api-client.ts';
import { useDownloadCsv } from '../api/download-csv.ts';
import { useSettlement } from '../api/get-settlement.ts';
import { formatCents } from '../lib/money.ts';
import { monthLabel } from '../lib/month.ts';
import { QueryView } from './QueryState.tsx';

const th = 'px-3 py-2 font-semibold';
const td = 'px-3 py-2';

export function SettlementReport(props: { month: string; businessName: (id: string) => string }) {
  const query = useSettlement(props.month);
  const download = useDownloadCsv();
  const data = query.data;
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Settlement statement · {monthLabel(props.month)}</CardTitle>
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(
              {
                route: endpoints.settlementCsv,
                query: { month: props.month },
                fallbackName: `settlement-${props.month}.csv`,
              },
              {
                onError: (error) =>
                  toast({
                    title: 'Export failed',
                    description: userMessage(error),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          Download settlement CSV
        </Button>
      </div>
      <QueryView query={query} what="the settlement">
        {data ? (
          <>
            <p className="text-sm text-bark-700">
              {data.totals.redemptions} rewards redeemed; {data.totals.crossBusiness} honoured by a
              business other than the one they were earned with, worth{' '}
              {formatCents(data.totals.crossBusinessCents)}.
              {data.totals.unattributed > 0
                ? ` ${data.totals.unattributed} unattributed (redeemed without a business, worth ${formatCents(data.totals.unattributedCents)}): no business to pay back.`
                : ''}
            </p>
            <div
              tabIndex={0}
              role="region"
              aria-label="Settlement per business"
              className="overflow-x-auto rounded-xl border border-cream-200 focus-visible:outline-3 focus-visible:outline-meadow-700"
            >
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Per business</caption>
                <thead className="bg-cream-50 text-bark-700">
                  <tr>
                    <th scope="col" className={th}>
                      Business
                    </th>
                    <th scope="col" className={th}>
                      Honoured
                    </th>
                    <th scope="col" className={th}>
                      Welcome redeemed
                    </th>
                    <th scope="col" className={th}>
                      Honoured for others
                    </th>
                    <th scope="col" className={th}>
                      Earned here, honoured elsewhere
                    </th>
                    <th scope="col" className={th}>
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-cream-200">
                  {data.businesses.map((b) => (
                    <tr key={b.locationId}>
                      <th scope="row" className={td}>
                        {b.businessName}
                      </th>
                      <td className={td}>{b.honoured}</td>
                      <td className={td}>{b.welcomeRedeemed}</td>
                      <td className={td}>
                        {b.honouredForOthers} ({formatCents(b.honouredForOthersCents)})
                      </td>
                      <td className={td}>
                        {b.earnedHonouredElsewhere} ({formatCents(b.earnedHonouredElsewhereCents)})
                      </td>
                      <td className={td}>
                        {b.netCents === 0
                          ? 'Even'
                          : b.netCents > 0
                            ? `Is owed ${formatCents(b.netCents)}`
                            : `Owes ${formatCents(-b.netCents)}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h4 className="font-semibold text-bark-900">Transfers between pairs of businesses</h4>
            {data.pairs.filter((p) => p.payer).length === 0 ? (
              <p className="text-sm text-bark-700">No transfers are due for this month.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {data.pairs
                  .filter((p) => p.payer && p.payee)
                  .map((p) => (
                    <li key={`${p.a}-${p.b}`}>
                      {props.businessName(p.payer!)} pays {props.businessName(p.payee!)}{' '}
                      {formatCents(p.amountCents)}
                    </li>
                  ))}
              </ul>
            )}
          </>
        ) : null}
      </QueryView>
    </Card>
  );
}
