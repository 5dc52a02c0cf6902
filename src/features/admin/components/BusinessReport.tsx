// A business's month on one printable page: visits (and the month before), members, new members,
// first visits, rewards honoured, and where its members also shop. An owner's copy says "fewer
// than 3" for a figure about one or two members.
import type { BusinessReportResponse } from '@contract';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { formatCents } from '../lib/money.ts';
import { FEWER_THAN_3, shownFigure } from './MetricCards.tsx';
import { monthLabel } from '../lib/month.ts';
import { CellsRow, HeadRow } from './SimpleTable.tsx';

export function BusinessReport(props: { report: BusinessReportResponse }) {
  const r = props.report;
  const change =
    r.visits === null || r.previousMonthVisits === null
      ? ''
      : r.previousMonthVisits === 0
        ? 'no visits the month before'
        : `${r.visits >= r.previousMonthVisits ? '+' : '-'}${Math.abs(Math.round(((r.visits - r.previousMonthVisits) / r.previousMonthVisits) * 100))}% on the month before (${r.previousMonthVisits})`;
  const figures: [string, string | number, string?][] = [
    ['Visits', shownFigure(r.visits), change],
    ['Members who visited', shownFigure(r.members)],
    ['New members (joined here)', shownFigure(r.newMembers)],
    ['First visits here', shownFigure(r.firstVisits)],
    ['Welcome rewards redeemed', shownFigure(r.welcomeRewardsRedeemed)],
    [
      'Silver/Gold rewards honoured',
      shownFigure(r.tierRewardsHonoured),
      r.tierRewardsHonouredCents === null ? undefined : formatCents(r.tierRewardsHonouredCents),
    ],
  ];
  return (
    <article className="mx-auto max-w-3xl bg-white p-8 print:max-w-none print:p-0">
      <header className="border-b border-cream-200 pb-4">
        <p className="text-sm font-semibold text-bark-700">{PROGRAMME_NAME} · monthly report</p>
        <h1 className="font-display text-3xl font-bold text-bark-900">{r.businessName}</h1>
        <p className="text-bark-700">{monthLabel(r.month)}</p>
      </header>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 print:grid-cols-3">
        {figures.map(([label, value, note]) => (
          <div key={label} className="rounded-xl border border-cream-200 p-4 break-inside-avoid">
            <dt className="text-sm font-semibold text-bark-700">{label}</dt>
            <dd className="font-display text-3xl font-bold text-bark-900">{value}</dd>
            {note ? <dd className="text-sm text-bark-700">{note}</dd> : null}
          </div>
        ))}
      </dl>
      <section className="mt-8">
        <h2 className="font-display text-xl font-bold text-bark-900">
          Where your members also shop
        </h2>
        {r.alsoShopAt.length === 0 || r.members === 0 ? (
          <p className="mt-2 text-bark-700">No member visited this month.</p>
        ) : r.members === null ? (
          <p className="mt-2 text-bark-700">
            {`Members who visited: ${FEWER_THAN_3}. Where they also shop is not shown, so that no one can be picked out.`}
          </p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead className="text-sm text-bark-700">
              <HeadRow heads={['Business', 'Members', 'Share']} cellClass="py-1" />
            </thead>
            <tbody>
              {r.alsoShopAt.map((a) => (
                <CellsRow
                  key={a.locationId}
                  cells={[a.businessName, shownFigure(a.members), a.percent === null ? '—' : `${a.percent}%`]}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <footer className="mt-8 text-xs text-bark-700">
        Figures for {monthLabel(r.month)} in {r.timeZone}. Printed {new Date().toLocaleDateString()}
        .
      </footer>
    </article>
  );
}
