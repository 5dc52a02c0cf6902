// Tiers and the next goal of PRODUCT §4, the one place the screens compute them — from
// the thresholds the API answers (public.tiers via GET /api/programme; GET /api/me answers a
// member's tier and next goal itself). No threshold is fixed here. From the top tier
// on the goal is that tier itself, reached, and not shown.
import type { ProgrammeTier } from '@contract';

export type TierName = 'Bronze' | 'Silver' | 'Gold';
type Tier = Pick<ProgrammeTier, 'name' | 'minPoints' | 'goalLabel'>;

const byPoints = (tiers: readonly Tier[]) => [...tiers].sort((a, b) => a.minPoints - b.minPoints);

export function tierFor(points: number, tiers: readonly Tier[]): TierName {
  const reached = byPoints(tiers).filter((tier) => tier.minPoints <= Math.max(points, 0));
  return reached.at(-1)?.name ?? 'Bronze';
}

export interface NextGoal {
  target: number;
  label: string;
  pointsNeeded: number;
  /** points / target, between 0 and 1 (the progress bar). */
  progress: number;
  /** PRODUCT §4: the goal card shows only while points are still needed. */
  show: boolean;
}

/** The goal as GET /api/me answers it, with the progress the bar shows. */
export function goalFrom(points: number, goal: { target: number; label: string; pointsNeeded: number }): NextGoal {
  return {
    ...goal,
    progress: goal.target > 0 ? Math.min(Math.max(points, 0) / goal.target, 1) : 1,
    show: goal.pointsNeeded > 0,
  };
}

export function nextGoalFor(points: number, tiers: readonly Tier[]): NextGoal {
  const sorted = byPoints(tiers);
  const next = sorted.find((tier) => tier.minPoints > points) ?? sorted.at(-1);
  const target = next?.minPoints ?? 0;
  return goalFrom(points, { target, label: next?.goalLabel ?? '', pointsNeeded: Math.max(target - points, 0) });
}

/** The badge colour of a tier (PRODUCT §2: Gold yellow, Silver gray, Bronze orange, plain otherwise). */
export function tierBadgeVariant(status: string): 'gold' | 'silver' | 'bronze' | 'plain' {
  if (status === 'Gold') return 'gold';
  if (status === 'Silver') return 'silver';
  if (status === 'Bronze') return 'bronze';
  return 'plain';
}
