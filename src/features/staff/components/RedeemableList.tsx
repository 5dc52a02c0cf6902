// The rewards a member may redeem at this counter, each after a confirmation: after an approved
// visit, and after a scan refused as too soon (the clerk can still redeem). A member
// found by a search is not proof they are here: their rewards are listed with how to redeem them.
export const HOW_TO_REDEEM = 'To redeem, ask for the code on their phone or scan their card.';

import type { ApproveVisitResponse } from '@contract';
import { RedeemButton } from './RedeemButton.tsx';

export function RedeemableList(props: {
  rewards: ApproveVisitResponse['redeemableRewards'];
  customerName: string;
  locationId: string;
  redeemed: ReadonlySet<string>;
  onRedeemed: (customerRewardId: string, name: string) => void;
  /** False when the member was found by a name or phone search: no Redeem buttons. */
  present?: boolean;
}) {
  const present = props.present ?? true;
  const redeemable = props.rewards.filter((reward) => !props.redeemed.has(reward.id));
  return (
    <div>
      <h3 className="font-semibold text-bark-900">Rewards to redeem here</h3>
      {present || redeemable.length === 0 ? null : (
        <p role="note" className="mt-1 font-semibold text-bark-900">
          {HOW_TO_REDEEM}
        </p>
      )}
      {redeemable.length === 0 ? (
        <p className="mt-1 text-bark-700">No rewards to redeem at this business right now.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {redeemable.map((reward) => (
            <li
              key={reward.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-cream-200 p-3"
            >
              <span className="min-w-0 font-medium text-bark-900 wrap-anywhere">
                {reward.name}
                <span className="block text-sm font-normal text-bark-700">
                  {reward.scope === 'network' ? 'Any business' : 'This business'}
                </span>
              </span>
              {present ? (
                <RedeemButton
                  reward={reward}
                  customerName={props.customerName}
                  locationId={props.locationId}
                  onRedeemed={props.onRedeemed}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
