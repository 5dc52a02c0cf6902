// Tiers and next goals at their boundaries (PRODUCT §4), for the seeded thresholds and for the
// ones an operator sets (Silver moved to 15).
import { nextGoalFor, tierBadgeVariant, tierFor } from './tier.ts';

const TIERS = [
  { name: 'Bronze', minPoints: 0, goalLabel: null },
  { name: 'Silver', minPoints: 10, goalLabel: '$5 Off - Silver Status' },
  { name: 'Gold', minPoints: 20, goalLabel: '$10 Off - Gold Status' },
] as const;
const MOVED = [TIERS[0], { ...TIERS[1], minPoints: 15 }, TIERS[2]];

describe('tierFor', () => {
  it.each([
    [0, 'Bronze'],
    [9, 'Bronze'],
    [10, 'Silver'],
    [19, 'Silver'],
    [20, 'Gold'],
    [95, 'Gold'],
  ])('%i points is %s', (points, tier) => {
    expect(tierFor(points, TIERS)).toBe(tier);
  });
});

describe('nextGoalFor', () => {
  it.each([
    [0, 10, '$5 Off - Silver Status', 10, 0],
    [5, 10, '$5 Off - Silver Status', 5, 0.5],
    [10, 20, '$10 Off - Gold Status', 10, 0.5],
    [15, 20, '$10 Off - Gold Status', 5, 0.75],
  ])('at %i points aims at %i (%s), %i to go', (points, target, label, needed, progress) => {
    const goal = nextGoalFor(points, TIERS);
    expect(goal).toMatchObject({ target, label, pointsNeeded: needed, show: true });
    expect(goal.progress).toBeCloseTo(progress);
  });

  it('from Gold on names no reward beyond Gold (none exists) and hides the goal card', () => {
    for (const points of [20, 25, 30, 45]) {
      expect(nextGoalFor(points, TIERS)).toMatchObject({
        target: 20,
        label: '$10 Off - Gold Status',
        pointsNeeded: 0,
        progress: 1,
        show: false,
      });
    }
  });
});

describe('thresholds the operator changed', () => {
  it('reads Silver at 15: 10 points is Bronze aiming at 15, 15 is Silver', () => {
    expect(tierFor(10, MOVED)).toBe('Bronze');
    expect(nextGoalFor(10, MOVED)).toMatchObject({ target: 15, pointsNeeded: 5, show: true });
    expect(tierFor(15, MOVED)).toBe('Silver');
    expect(nextGoalFor(15, MOVED)).toMatchObject({ target: 20, label: '$10 Off - Gold Status' });
  });
});

describe('tierBadgeVariant', () => {
  it('colours Gold yellow, Silver gray, Bronze orange and anything else plain', () => {
    expect(tierBadgeVariant('Gold')).toBe('gold');
    expect(tierBadgeVariant('Silver')).toBe('silver');
    expect(tierBadgeVariant('Bronze')).toBe('bronze');
    expect(tierBadgeVariant('Platinum')).toBe('plain');
  });
});
