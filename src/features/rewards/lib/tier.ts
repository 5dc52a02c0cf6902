// Tiers and the next goal of SPEC §4 / DESIGN §3, the one place the screens compute them:
// Bronze < 10 ≤ Silver < 20 ≤ Gold; next goal 10 '$5 Off - Silver Status', 20 '$10 Off - Gold
// Status'; from Gold on the goal is Gold itself, reached, and not shown (issue 20 §6: the spec's
// 'Premium Reward' at 30 does not exist). (GET /api/me answers the same from public.tiers.)
export type TierName = 'Bronze' | 'Silver' | 'Gold';

export const SILVER_POINTS = 10;
export const GOLD_POINTS = 20;

export function tierFor(points: number): TierName {
  if (points >= GOLD_POINTS) return 'Gold';
  if (points >= SILVER_POINTS) return 'Silver';
  return 'Bronze';
}

export interface NextGoal {
  target: number;
  label: string;
  pointsNeeded: number;
  /** points / target, between 0 and 1 (the progress bar). */
  progress: number;
  /** SPEC §4: the goal card shows only while points are still needed. */
  show: boolean;
}

export function nextGoalFor(points: number): NextGoal {
  const [target, label] =
    points < SILVER_POINTS
      ? [SILVER_POINTS, '$5 Off - Silver Status']
      : points < GOLD_POINTS
        ? [GOLD_POINTS, '$10 Off - Gold Status']
        : [GOLD_POINTS, '$10 Off - Gold Status'];
  const pointsNeeded = Math.max(target - points, 0);
  return {
    target,
    label,
    pointsNeeded,
    progress: Math.min(Math.max(points, 0) / target, 1),
    show: pointsNeeded > 0,
  };
}

/** The badge colour of a tier (SPEC §2: Gold yellow, Silver gray, Bronze orange, plain otherwise). */
export function tierBadgeVariant(status: string): 'gold' | 'silver' | 'bronze' | 'plain' {
  if (status === 'Gold') return 'gold';
  if (status === 'Silver') return 'silver';
  if (status === 'Bronze') return 'bronze';
  return 'plain';
}
