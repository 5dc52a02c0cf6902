// The funder's month on one printable page: the plain summary, the figures (a figure about fewer
// than 3 members says so), two charts, visits per business, rewards and settlement, texts and the
// prize draw. Print it, or "Save as PDF" in the browser's print dialog.
import { lazy, Suspense } from 'react';
import type { FunderReportResponse } from '@contract';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { funderSummary } from '../lib/funder-summary.ts';
import { formatCents } from '../lib/money.ts';
import { shownFigure } from './MetricCards.tsx';

const FunderReportCharts = lazy(() => import('./FunderReportCharts.tsx'));

function Figure(props: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-cream-200 p-3 break-inside-avoid">
      <dt className="text-sm font-semibold text-bark-700">{props.label}</dt>
      <dd className="font-display text-2xl font-bold text-bark-900">{props.value}</dd>
      {props.note ? <dd className="text-sm text-bark-700">{props.note}</dd> : null}
    </div>
  );
}

export function FunderReport(props: { report: FunderReportResponse }) {
  const r = props.report;
  const pct = (value: number | null) => (value === null ? undefined : `${value}%`);
  return (
    <article className="mx-auto grid max-w-4xl gap-6 bg-white p-6 sm:p-8 print:max-w-none print:gap-4 print:p-0">
      <style>{'@media print { @page { size: A4; margin: 12mm } body { -webkit-print-color-adjust: exact; print-color-adjust: exact } }'}</style>
      <header className="border-b border-cream-200 pb-3">
        <p className="text-sm font-semibold text-bark-700">{PROGRAMME_NAME} · report for the scheme&apos;s funders</p>
        <h1 className="font-display text-3xl font-bold text-bark-900">{r.monthLabel}</h1>
      </header>
      <section aria-labelledby="summary-title" className="grid gap-1">
        <h2 id="summary-title" className="sr-only">Summary</h2>
        <p className="text-lg leading-relaxed text-bark-900" data-testid="funder-summary">{funderSummary(r)}</p>
      </section>
      <section aria-labelledby="members-title" className="grid gap-2">
        <h2 id="members-title" className="font-display text-xl font-bold text-bark-900">Members</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
          <Figure label="Members" value={shownFigure(r.members)}
                  note={r.membersPercentOfVillage !== null ? `${r.membersPercentOfVillage}% of the village` : r.villagePopulation === null ? 'village population not set' : undefined} />
          <Figure label="New members" value={shownFigure(r.newMembers)} />
          <Figure label="Active members" value={shownFigure(r.activeMembers)} note="visited this month" />
          <Figure label="Returning members" value={shownFigure(r.returningMembers)} note="had visited before" />
          <Figure label="Visits" value={shownFigure(r.visits)} />
          <Figure label="Repeat visits" value={shownFigure(r.repeatVisits)} note="at a business they knew" />
          <Figure label="Shopped at 2+ businesses" value={shownFigure(r.crossShopping.twoOrMore)} note={pct(r.crossShopping.twoOrMorePercent) && `${pct(r.crossShopping.twoOrMorePercent)} of active members`} />
          <Figure label="Shopped at 3+ businesses" value={shownFigure(r.crossShopping.threeOrMore)} />
        </dl>
      </section>
      <Suspense fallback={<p role="status" className="text-sm text-bark-700">Drawing the charts…</p>}>
        <FunderReportCharts report={r} />
      </Suspense>
      <section aria-labelledby="businesses-title" className="grid gap-2 break-inside-avoid">
        <h2 id="businesses-title" className="font-display text-xl font-bold text-bark-900">Visits per business</h2>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Visits per business (scrolls sideways)">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-bark-700">
              <tr>
                <th scope="col" className="py-1 pr-2">Business</th>
                <th scope="col" className="py-1 pr-2">Visits</th>
                <th scope="col" className="py-1 pr-2">Members</th>
                <th scope="col" className="py-1 pr-2">First visits</th>
                <th scope="col" className="py-1">…from other businesses&apos; members</th>
              </tr>
            </thead>
            <tbody>
              {r.businesses.map((b) => (
                <tr key={b.locationId} className="border-t border-cream-200">
                  <th scope="row" className="py-1 pr-2 font-normal">{b.businessName}</th>
                  <td className="py-1 pr-2">{shownFigure(b.visits)}</td>
                  <td className="py-1 pr-2">{shownFigure(b.members)}</td>
                  <td className="py-1 pr-2">{shownFigure(b.firstVisits)}</td>
                  <td className="py-1">{shownFigure(b.firstVisitsFromOtherBusinesses)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-bark-700">
          In all, {shownFigure(r.firstVisitsFromOtherBusinesses)} first visits came from members who had visited another business first.
        </p>
      </section>
      <section aria-labelledby="money-title" className="grid gap-2 break-inside-avoid">
        <h2 id="money-title" className="font-display text-xl font-bold text-bark-900">Rewards and settlement</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
          <Figure label="Rewards redeemed" value={shownFigure(r.rewards.redeemed)}
                  note={r.rewards.valueCents !== null ? `${formatCents(r.rewards.valueCents)} of Silver, Gold and prize rewards` : undefined} />
          <Figure label="Welcome rewards" value={shownFigure(r.rewards.welcome)} />
          <Figure label="Silver and Gold rewards" value={shownFigure(r.rewards.tier)} />
          {/* Rewards that expired unused (only where the operator turned expiry on): never redeemed, never settled. */}
          {r.rewards.expired !== 0 ? (
            <Figure label="Expired unused" value={shownFigure(r.rewards.expired)} note="not redeemed, so nothing to settle" />
          ) : null}
          <Figure label="Honoured for another business" value={r.settlement.crossBusiness.toLocaleString()}
                  note={`${formatCents(r.settlement.transfersCents)} settled in ${r.settlement.transfers} ${r.settlement.transfers === 1 ? 'payment' : 'payments'}`} />
        </dl>
      </section>
      <section aria-labelledby="texts-title" className="grid gap-2 break-inside-avoid">
        <h2 id="texts-title" className="font-display text-xl font-bold text-bark-900">Texts and the prize draw</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
          <Figure label="Texts sent" value={shownFigure(r.texts.sent)} />
          <Figure label="Opted out of texts" value={shownFigure(r.texts.optOuts)} />
          {r.draw ? (
            <>
              <Figure label="Prize draw" value={r.draw.status === 'drawn' ? 'Drawn' : 'Open'} note={`${r.draw.prizeName}, from ${r.draw.sponsorName}`} />
              <Figure label="Members entered" value={shownFigure(r.draw.entrants)}
                      note={r.draw.winnerDrawn ? (r.draw.prizeRedeemed ? 'prize collected' : 'prize not collected yet') : undefined} />
            </>
          ) : (
            <Figure label="Prize draw" value="None" note="no draw this month" />
          )}
        </dl>
      </section>
      <footer className="border-t border-cream-200 pt-2 text-xs text-bark-700">
        Months in {r.timeZone}. A figure about fewer than 3 members is not shown, so that no one can be picked out.
        Print this page, or choose &ldquo;Save as PDF&rdquo; in the print dialog.
      </footer>
    </article>
  );
}
