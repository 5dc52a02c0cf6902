// The approved visit at the counter: who, the points added, the new total and tier, the neighbour's
// bonus when this first visit paid one, what the visit unlocked, and the rewards the member may
// redeem here now (each after a confirmation).
import type { ReactNode } from 'react';
import type { ApproveVisitResponse } from '@contract';
import { Card } from '@/components/ui/Card.tsx';
import { RedeemableList } from './RedeemableList.tsx';

export function ApprovalResult(props: {
  result: ApproveVisitResponse;
  locationId: string;
  redeemed: ReadonlySet<string>;
  onRedeemed: (customerRewardId: string, name: string) => void;
  renderTier: (totalPoints: number) => ReactNode;
}) {
  const { result } = props;
  return (
    <Card
      role="region"
      className="grid gap-4 border-meadow-700 p-5"
      aria-labelledby="approved-heading"
    >
      <div role="status">
        <h2 id="approved-heading" className="font-display text-2xl font-bold text-meadow-800">
          Visit Approved!
        </h2>
        <p className="mt-1 text-xl font-semibold text-bark-900 wrap-anywhere">
          {result.customer.name}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <div className="rounded-xl bg-cream-50 p-3">
          <dt className="text-xs font-semibold text-bark-700 uppercase">Added</dt>
          <dd className="font-display text-2xl font-bold">+{result.pointsEarned}</dd>
        </div>
        <div className="rounded-xl bg-cream-50 p-3">
          <dt className="text-xs font-semibold text-bark-700 uppercase">Total</dt>
          <dd className="font-display text-2xl font-bold">{result.totalPoints}</dd>
        </div>
        <div className="rounded-xl bg-cream-50 p-3">
          <dt className="text-xs font-semibold text-bark-700 uppercase">Tier</dt>
          <dd className="mt-1">{props.renderTier(result.totalPoints)}</dd>
        </div>
      </dl>
      {result.referralBonus > 0 ? (
        // The total above includes it; the one who invited them is never named here.
        <p className="rounded-xl bg-cream-50 p-3 text-bark-900">
          <strong>+{result.referralBonus} neighbour bonus</strong>: their first visit since a
          neighbour invited them. It is in the total, and the neighbour who invited them gets{' '}
          {result.referralBonus} too.
        </p>
      ) : null}
      {result.unlockedRewards.length > 0 ? (
        <div>
          <h3 className="font-semibold text-bark-900">Just unlocked</h3>
          <ul className="mt-1 list-disc pl-5 text-bark-900">
            {result.unlockedRewards.map((reward) => (
              <li key={reward.id}>{reward.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <RedeemableList
        rewards={result.redeemableRewards}
        customerName={result.customer.name}
        locationId={props.locationId}
        redeemed={props.redeemed}
        onRedeemed={props.onRedeemed}
        present={result.memberSeen}
      />
    </Card>
  );
}
