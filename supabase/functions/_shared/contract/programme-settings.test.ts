// Thresholds that 5-point visits cannot reach are refused before saving, in words.
import { UpdateTiersRequest, unreachableThreshold } from './programme-settings.ts';

const tier = (minPoints: number) => ({
  minPoints, goalLabel: 'Goal', rewardValueCents: 500, rewardName: 'Reward', rewardDescription: 'Words',
});

describe('reachable thresholds', () => {
  it('names the reachable thresholds either side of an unreachable one', () => {
    expect(unreachableThreshold('Silver', 12)).toBe('Silver at 12 points cannot be reached with 5 points a visit: choose 10 or 15');
    expect(unreachableThreshold('Silver', 3)).toBe('Silver at 3 points cannot be reached with 5 points a visit: choose 5');
    expect(unreachableThreshold('Silver', 15)).toBeNull();
  });

  it('refuses Silver = 12 on the field, and accepts 15', () => {
    const refused = UpdateTiersRequest.safeParse({ Silver: tier(12), Gold: tier(20) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['Silver.minPoints', 'Silver at 12 points cannot be reached with 5 points a visit: choose 10 or 15'],
    ]);
    expect(UpdateTiersRequest.safeParse({ Silver: tier(15), Gold: tier(20) }).success).toBe(true);
  });
});
