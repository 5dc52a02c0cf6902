// The Rewards tab: the catalogue (welcome rewards per business, Silver and Gold for all) with
// unlocks, redemptions and outstanding rewards, and the figures per business (redemptions
// recorded without a business are counted in Redeemed and shown as "Unattributed").
import { Card } from '@/components/ui/Card.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { useAdminRewards } from '../api/get-rewards.ts';
import { formatCents } from '../lib/money.ts';
import { CatalogueChangesList } from './CatalogueChanges.tsx';
import { QueryState } from './QueryState.tsx';

export function RewardsTab(props: { filters: AdminFilters }) {
  const query = useAdminRewards(props.filters);
  return (
    <QueryState
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={query.data?.length === 0}
      emptyText="No rewards in the catalogue"
      what="the rewards"
    >
      <p className="text-sm text-bark-700">
        Unlocks and redemptions in the selected date range; outstanding = unlocked and not yet used,
        today (a forgotten member's unused rewards and expired ones are not counted).
      </p>
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {query.data?.map((reward) => (
          <li key={reward.id}>
            <Card className="h-full p-5">
              <h3 className="font-display text-lg font-bold text-bark-900">{reward.name}</h3>
              <p className="text-sm text-bark-700">
                {reward.kind === 'welcome'
                  ? `Welcome reward · ${reward.businessName ?? 'one business'}`
                  : reward.kind === 'prize'
                    ? `Prize draw prize · given by ${reward.businessName ?? 'its sponsor'}`
                    : `${reward.tier ?? 'Tier'} reward · any business${reward.valueCents !== null ? ` · worth ${formatCents(reward.valueCents)}` : ''}`}
              </p>
              <p className="mt-1 text-sm text-bark-900">{reward.description}</p>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
                {(
                  [
                    ['Unlocked', reward.unlocks],
                    ['Redeemed', reward.redemptions],
                    ['Outstanding', reward.outstanding],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-cream-50 p-2">
                    <dt className="text-xs font-semibold text-bark-700">{label}</dt>
                    <dd className="font-display text-xl font-bold">{value}</dd>
                  </div>
                ))}
              </dl>
              {reward.expired > 0 ? (
                <p className="mt-2 text-sm text-bark-700">{reward.expired} expired unused (not redeemed, nothing to settle)</p>
              ) : null}
              {reward.byBusiness.length > 1 || reward.unattributedRedemptions > 0 ? (
                <details className="mt-3">
                  <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-meadow-800">
                    By business
                  </summary>
                  <table className="mt-1 w-full text-left text-sm">
                    <thead className="text-bark-700">
                      <tr>
                        <th scope="col" className="py-1">
                          Business
                        </th>
                        <th scope="col" className="py-1">
                          Unlocked here
                        </th>
                        <th scope="col" className="py-1">
                          Redeemed here
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {reward.byBusiness.map((b) => (
                        <tr key={b.locationId} className="border-t border-cream-200">
                          <td className="py-1">{b.businessName}</td>
                          <td className="py-1">{b.unlocks}</td>
                          <td className="py-1">{b.redemptions}</td>
                        </tr>
                      ))}
                      {reward.unattributedRedemptions > 0 ? (
                        <tr className="border-t border-cream-200">
                          <td className="py-1">
                            Unattributed{' '}
                            <span className="text-xs text-bark-700">
                              (redeemed before counter confirmation)
                            </span>
                          </td>
                          <td className="py-1">–</td>
                          <td className="py-1">{reward.unattributedRedemptions}</td>
                        </tr>
                      ) : null}
                    </tbody>
                  </table>
                </details>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="reward-changes" className="mt-8">
        <h3 id="reward-changes" className="font-display text-lg font-bold text-bark-900">
          Changes to the catalogue
        </h3>
        <p className="text-sm text-bark-700">
          Every business and reward added, edited, archived, retired or replaced (change them on the Programme tab).
        </p>
        <div className="mt-3">
          <CatalogueChangesList />
        </div>
      </section>
    </QueryState>
  );
}
