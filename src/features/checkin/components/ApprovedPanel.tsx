// The approved visit (PRODUCT §2 kiosk member QR): 'Visit Approved!', the points added, the new
// total and the names of the rewards this visit unlocked.
import type { ApproveVisitResponse } from '@contract';
import { points } from '../lib/approval-toast.ts';

/** What the panel needs: an approval's answer, or what the mobile screen saw change in /api/me. */
export type ApprovedVisit = Pick<ApproveVisitResponse, 'pointsEarned' | 'totalPoints'> & {
  unlockedRewards: { id: string; name: string }[];
};

export function ApprovedPanel(props: { result: ApprovedVisit; title?: string }) {
  const { result } = props;
  return (
    <section
      aria-labelledby="approved-title"
      className="w-full max-w-2xl rounded-3xl border-2 border-meadow-700 bg-white p-8 text-center shadow-sm"
    >
      <p aria-hidden="true" className="text-6xl">
        ✓
      </p>
      <h2 id="approved-title" className="mt-2 font-display text-4xl font-bold text-meadow-800">
        {props.title ?? 'Visit Approved!'}
      </h2>
      <p className="mt-4 text-3xl font-semibold">+{points(result.pointsEarned)}</p>
      <p className="mt-2 text-xl text-bark-700">
        Total: <strong className="text-bark-900">{points(result.totalPoints)}</strong>
      </p>
      {result.unlockedRewards.length > 0 ? (
        <div className="mt-6 rounded-2xl bg-cream-100 p-5">
          <p className="text-xl font-semibold">New rewards unlocked:</p>
          <ul className="mt-2 grid gap-1 text-xl">
            {result.unlockedRewards.map((reward) => (
              <li key={reward.id}>{reward.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
