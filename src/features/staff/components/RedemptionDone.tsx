// What was redeemed at this counter for the member being served. It stays on screen until the
// clerk moves on (Next customer, or the next scan): a toast that vanished after 5 seconds left a
// clerk who looked away not knowing whether the reward went through.
import type { CounterRedemption } from '../hooks/use-counter-flow.ts';

export function RedemptionDone(props: { redemptions: readonly CounterRedemption[] }) {
  // The live region is always there, so a screen reader hears what is added to it.
  return (
    <div role="status" aria-label="Rewards redeemed">
      {props.redemptions.length > 0 ? (
        <div className="rounded-2xl border-2 border-meadow-700 bg-white p-5 text-bark-900">
          <h2 className="font-display text-2xl font-bold text-meadow-800">Reward Redeemed!</h2>
          <ul className="mt-2 grid gap-1 text-lg">
            {props.redemptions.map((done) => (
              <li key={done.id} className="wrap-anywhere">
                <span className="font-semibold">{done.rewardName}</span>
                {done.customerName ? ` for ${done.customerName}` : null}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-bark-700">Give it to the member now. Press Next customer when you are done.</p>
        </div>
      ) : null}
    </div>
  );
}
