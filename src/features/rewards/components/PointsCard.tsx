// The member's points, tier and next goal (PRODUCT §4), written once for the account and wallet:
// the tier and goal are GET /api/me's (read from the thresholds in public.tiers); the goal and its
// progress bar show only while points are still needed.
import type { MeResponse } from '@contract';
import { Card } from '@/components/ui/Card.tsx';
import { Progress } from '@/components/ui/Progress.tsx';
import { goalFrom } from '../lib/tier.ts';
import { TierBadge } from './TierBadge.tsx';

export function PointsCard(props: {
  points: number;
  tier: MeResponse['tier'];
  nextGoal: MeResponse['nextGoal'];
  className?: string;
}) {
  const goal = goalFrom(props.points, props.nextGoal);
  return (
    <Card className={props.className}>
      <div className="flex items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-bark-700">Your points</p>
          <p className="font-display text-4xl font-bold text-bark-900">{props.points}</p>
        </div>
        <TierBadge status={props.tier.name} className="text-sm" />
      </div>
      {goal.show ? (
        <div className="mt-5">
          <p className="text-sm text-bark-900">
            Next goal: <strong>{goal.label}</strong>
          </p>
          <Progress
            className="mt-2"
            value={props.points}
            max={goal.target}
            label={`Progress to ${goal.label}`}
          />
          <p className="mt-1.5 text-sm text-bark-700">
            {props.points} / {goal.target} points · {goal.pointsNeeded}{' '}
            {goal.pointsNeeded === 1 ? 'point' : 'points'} to go
          </p>
        </div>
      ) : null}
    </Card>
  );
}
