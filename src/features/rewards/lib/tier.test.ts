// Tiers and next goals at their boundaries (SPEC §4).
import { nextGoalFor, tierBadgeVariant, tierFor } from './tier.ts';

describe('tierFor', () => {
  it.each([
    [0, 'Bronze'],
    [9, 'Bronze'],
    [10, 'Silver'],
    [19, 'Silver'],
    [20, 'Gold'],
    [95, 'Gold'],
  ])('%i points is %s', (points, tier) => {
    expect(tierFor(points)).toBe(tier);
  });
});

describe('nextGoalFor', () => {
  it.each([
    [0, 10, '$5 Off - Silver Status', 10, 0],
    [5, 10, '$5 Off - Silver Status', 5, 0.5],
    [10, 20, '$10 Off - Gold Status', 10, 0.5],
    [15, 20, '$10 Off - Gold Status', 5, 0.75],
  ])('at %i points aims at %i (%s), %i to go', (points, target, label, needed, progress) => {
    const goal = nextGoalFor(points);
    expect(goal).toMatchObject({ target, label, pointsNeeded: needed, show: true });
    expect(goal.progress).toBeCloseTo(progress);
  });

  it('from Gold on names no reward beyond Gold (none exists) and hides the goal card', () => {
    for (const points of [20, 25, 30, 45]) {
      expect(nextGoalFor(points)).toMatchObject({
        target: 20,
        label: '$10 Off - Gold Status',
        pointsNeeded: 0,
        progress: 1,
        show: false,
      });
    }
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
