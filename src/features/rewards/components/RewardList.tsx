// The member's rewards: the unlocked ones (with Redeem on the account, PRODUCT §2), then the
// redeemed and the expired. A reward the operator made expire (docs/RULES.md "Reward expiry")
// says its last day, and warns in the last REWARD_EXPIRY_WARNING_DAYS days.
import type { CustomerReward } from '@contract';
import { REWARD_EXPIRY_WARNING_DAYS } from '../../../../supabase/functions/_shared/contract/constants.ts';
import { Badge } from '@/components/ui/Badge.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { useState, type ReactNode } from 'react';

const DAY_MS = 86_400_000;

/** "December 5, 2026" from the API's programme day "2026-12-05" (no time-zone shift). */
export function expiryDay(expiresOn: string): string {
  const [year, month, day] = expiresOn.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** An unlocked reward with its place, its expiry date and the action (Redeem). In the warning
 * window the date is a warning the width of the row, below it: beside Redeem, on a phone, it was
 * a narrow column of six lines. */
function AvailableReward(props: { reward: CustomerReward; action?: ReactNode }) {
  const { reward } = props;
  // The clock when the row was first drawn: a warning window of days needs no ticking clock.
  const [now] = useState(() => Date.now());
  const day = reward.expiresOn && reward.expiresAt ? expiryDay(reward.expiresOn) : null;
  const soon =
    reward.expiresAt !== null &&
    Date.parse(reward.expiresAt) - now <= REWARD_EXPIRY_WARNING_DAYS * DAY_MS;
  return (
    <li className="rounded-xl bg-cream-50 p-3">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">{reward.reward.name}</p>
          <p className="text-sm text-bark-700">
            {reward.reward.scope === 'network'
              ? 'Any participating business'
              : (reward.reward.businessName ?? '')}
          </p>
          {day && !soon ? <p className="text-sm text-bark-700">Expires on {day}</p> : null}
        </div>
        {props.action ? <div className="shrink-0">{props.action}</div> : null}
      </div>
      {day && soon ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-950">
          Expires on {day}. Use it soon: after that it can no longer be redeemed.
        </p>
      ) : null}
    </li>
  );
}

export function RewardList(props: {
  rewards: CustomerReward[];
  action?: (reward: CustomerReward) => ReactNode;
}) {
  const available = props.rewards.filter((reward) => reward.status === 'unlocked');
  const redeemed = props.rewards.filter((reward) => reward.status === 'redeemed');
  const expired = props.rewards.filter((reward) => reward.status === 'expired');
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
            <AvailableReward key={reward.id} reward={reward} action={props.action?.(reward)} />
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
      {expired.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-bark-700">Expired</h3>
          <ul className="mt-2 grid gap-2">
            {expired.map((reward) => (
              <li key={reward.id} className="flex items-center justify-between gap-3 text-bark-700">
                <span className="min-w-0 wrap-anywhere">
                  {reward.reward.name}
                  {reward.expiresOn ? ` · not used by ${expiryDay(reward.expiresOn)}` : ''}
                </span>
                <Badge>Expired</Badge>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
