// The member's rewards: the unlocked ones (with Redeem on the account, PRODUCT §2), then the redeemed.
import type { CustomerReward } from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { Card } from '@/components/ui/Card.tsx';
import type { ReactNode } from 'react';

export function RewardList(props: {
  rewards: CustomerReward[];
  action?: (reward: CustomerReward) => ReactNode;
}) {
  const available = props.rewards.filter((reward) => reward.status === 'unlocked');
  const redeemed = props.rewards.filter((reward) => reward.status === 'redeemed');
  return (
    <Card>
      <h2 className="font-display text-xl font-bold">Available Rewards</h2>
      {available.length === 0 ? (
        <p className="mt-3 text-bark-700">
          No rewards to redeem yet. Your first visit to each business unlocks its welcome reward.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {available.map((reward) => (
            <li key={reward.id} className="flex items-center justify-between gap-3 rounded-xl bg-cream-50 p-3">
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere">{reward.reward.name}</p>
                <p className="text-sm text-bark-700">
                  {reward.reward.scope === 'network'
                    ? 'Any participating business'
                    : (reward.reward.businessName ?? '')}
                </p>
              </div>
              {props.action ? <div className="shrink-0">{props.action(reward)}</div> : null}
            </li>
          ))}
        </ul>
      )}
      {redeemed.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-bark-700">Redeemed</h3>
          <ul className="mt-2 grid gap-2">
            {redeemed.map((reward) => (
              <li key={reward.id} className="flex items-center justify-between gap-3 text-bark-700">
                <span className="min-w-0 wrap-anywhere">{reward.reward.name}</span>
                <Badge>Redeemed</Badge>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
