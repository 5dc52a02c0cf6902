// Visits per day per business for the range, stacked bars (recharts; this module is lazy-loaded so the chart
// library is fetched only on /admin). A table of the same figures is there for screen readers.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminFilters } from '../api/filters.ts';
import { useVisitsDaily } from '../api/get-visits-daily.ts';
import { chartColour } from '../lib/location-style.ts';
import { QueryView } from './QueryState.tsx';

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

export default function VisitsChart(props: { filters: AdminFilters }) {
  const query = useVisitsDaily(props.filters);
  const series = query.data;
  const data = series?.days.map((d) => ({ day: d.day, ...d.visits })) ?? [];
  const total = series?.days.reduce((sum, d) => sum + d.total, 0) ?? 0;
  return (
    <QueryView
      query={query}
      emptyText="No visits in this date range"
      empty={total === 0}
      what="the visits chart"
    >
      <figure className="mt-4">
        <div className="h-72" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data}
              margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#e7dcc8" />
              <XAxis
                dataKey="day"
                tickFormatter={shortDay}
                stroke="#6b5a48"
                fontSize={12}
                minTickGap={24}
              />
              <YAxis allowDecimals={false} stroke="#6b5a48" fontSize={12} width={36} />
              <Tooltip
                labelFormatter={(day) => shortDay(String(day))}
                cursor={{ fill: '#f5efe3' }}
              />
              <Legend />
              {series?.locations.map((location, index) => (
                <Bar
                  key={location.id}
                  dataKey={location.id}
                  name={location.businessName}
                  stackId="visits"
                  fill={chartColour(location.color, index)}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
        <figcaption className="sr-only">
          <table>
            <caption>Visits per day by business</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series?.locations.map((l) => (
                  <th key={l.id} scope="col">
                    {l.businessName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series?.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  {series.locations.map((l) => (
                    <td key={l.id}>{d.visits[l.id] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </figcaption>
      </figure>
    </QueryView>
  );
}
