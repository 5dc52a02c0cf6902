// The funder's report's two charts (recharts, lazy-loaded with the page): visits per business with
// the first visits each got from other businesses' members, and the month's members (new, active,
// returning, shopping at 2+ and 3+ businesses). The tables beside them hold the same figures for
// screen readers and for paper; a withheld figure ("fewer than 3") is drawn as nothing.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { FunderReportResponse } from '@contract';

export default function FunderReportCharts(props: { report: FunderReportResponse }) {
  const r = props.report;
  const perBusiness = r.businesses.map((b) => ({
    name: b.businessName, visits: b.visits ?? 0, fromOthers: b.firstVisitsFromOtherBusinesses ?? 0,
  }));
  const members = [
    { name: 'New', value: r.newMembers ?? 0 },
    { name: 'Active', value: r.activeMembers ?? 0 },
    { name: 'Returning', value: r.returningMembers ?? 0 },
    { name: '2+ shops', value: r.crossShopping.twoOrMore ?? 0 },
    { name: '3+ shops', value: r.crossShopping.threeOrMore ?? 0 },
  ];
  return (
    <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2" aria-hidden="true">
      <figure className="break-inside-avoid">
        <figcaption className="text-sm font-semibold text-bark-700">Visits per business</figcaption>
        <div className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={perBusiness} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e7dcc8" />
              <XAxis type="number" allowDecimals={false} stroke="#6b5a48" fontSize={11} />
              <YAxis type="category" dataKey="name" width={110} stroke="#6b5a48" fontSize={11} />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              <Bar dataKey="visits" name="Visits" fill="#3f7d4e" isAnimationActive={false} />
              <Bar dataKey="fromOthers" name="First visits from other businesses" fill="#d49a2a" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="break-inside-avoid">
        <figcaption className="text-sm font-semibold text-bark-700">Members this month</figcaption>
        <div className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={members} margin={{ top: 4, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e7dcc8" />
              <XAxis dataKey="name" stroke="#6b5a48" fontSize={10} interval={0} />
              <YAxis allowDecimals={false} stroke="#6b5a48" fontSize={11} width={36} />
              <Bar dataKey="value" name="Members" fill="#3f7d4e" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
