// The approved visit (PRODUCT §2 kiosk member QR): 'Visit Approved!', the points added, the
// neighbour's bonus when this first visit paid one, the new total and the names of the rewards
// this visit unlocked.
import type { ApproveVisitResponse } from '@contract';
import { DonePanel } from '@/components/ui/DonePanel.tsx';
import { points } from '../lib/approval-toast.ts';

/** What the panel needs: an approval's answer, or what the mobile screen saw change in /api/me. */
export type ApprovedVisit = Pick<ApproveVisitResponse, 'pointsEarned' | 'totalPoints'> & {
  unlockedRewards: { id: string; name: string }[];
  referralBonus?: number;
};

export function ApprovedPanel(props: { result: ApprovedVisit; title?: string }) {
  const { result } = props;
  return (
    <DonePanel titleId="approved-title" title={props.title ?? 'Visit Approved!'}>
      <p className="mt-4 text-3xl font-semibold">+{points(result.pointsEarned)}</p>
      {result.referralBonus ? (
        <p className="mt-2 text-xl font-semibold">
          And a neighbour bonus of {points(result.referralBonus)} for your first visit!
        </p>
      ) : null}
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
    </DonePanel>
  );
}
