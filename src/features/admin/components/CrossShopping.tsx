// Cross-shopping in the range: the share of active members who visited two or more businesses,
// how many businesses members visit, and the pairs of businesses that share the most members.
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { useCrossShopping } from '../api/get-cross-shopping.ts';
import { QueryView } from './QueryState.tsx';

export function CrossShopping(props: {
  filters: AdminFilters;
  businessName: (id: string) => string;
}) {
  const query = useCrossShopping(props.filters);
  const data = query.data;
  return (
    <Card className="grid gap-3 p-5">
      <CardTitle>Cross-shopping</CardTitle>
      <QueryView
        query={query}
        emptyText="No member visited in this date range."
        empty={data?.activeMembers === 0}
        what="cross-shopping"
      >
        {data ? (
          <>
            <p className="text-bark-900">
              <strong className="font-display text-3xl">{data.multiBusinessPercent ?? 0}%</strong>{' '}
              of the {data.activeMembers} active members ({data.multiBusinessMembers}) visited two
              or more businesses.
            </p>
            <ul className="flex flex-wrap gap-2 text-sm">
              {data.distribution.map((d) => (
                <li key={d.businesses} className="rounded-full bg-cream-100 px-3 py-1">
                  {d.businesses} business{d.businesses === 1 ? '' : 'es'}: {d.members}
                </li>
              ))}
            </ul>
            <h4 className="font-semibold text-bark-900">Members shared by pairs of businesses</h4>
            <ol className="grid gap-1 text-sm sm:grid-cols-2">
              {data.pairs
                .filter((p) => p.members > 0)
                .map((p) => (
                  <li key={`${p.a}-${p.b}`}>
                    {props.businessName(p.a)} + {props.businessName(p.b)}: {p.members}
                  </li>
                ))}
            </ol>
          </>
        ) : null}
      </QueryView>
    </Card>
  );
}
