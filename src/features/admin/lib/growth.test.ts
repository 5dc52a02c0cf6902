// Growth captions: computed from the API's previous-period figures, honest when there were none.
import { daysBetween, growthCaption } from './growth.ts';

const previousPeriod = (previous: number, percent: number | null) =>
  ({ previous, percent, period: 'previous_period' }) as const;

describe('growthCaption', () => {
  it('says the change against yesterday for sign-ups', () => {
    expect(
      growthCaption({ previous: 8, percent: 12, period: 'yesterday' }, 'sign-ups', {
        range: '7days',
      }),
    ).toBe('+12% from yesterday');
  });

  it('names the previous period after the range', () => {
    expect(growthCaption(previousPeriod(100, -3), 'visits', { range: '7days' })).toBe(
      '-3% from last week',
    );
    expect(growthCaption(previousPeriod(100, 15), 'visits', { range: '30days' })).toBe(
      '+15% from the previous 30 days',
    );
    expect(growthCaption(previousPeriod(100, 5), 'visits', { range: '3months' })).toBe(
      '+5% from the previous 3 months',
    );
    expect(growthCaption(previousPeriod(10, 40), 'visits', { range: 'custom' }, 14)).toBe(
      '+40% from the previous 14 days',
    );
  });

  it('says there was nothing before instead of a percentage when the previous period had none', () => {
    expect(growthCaption(previousPeriod(0, null), 'visits', { range: '7days' })).toBe(
      'No visits in the previous week',
    );
    expect(
      growthCaption({ previous: 0, percent: null, period: 'yesterday' }, 'sign-ups', {
        range: '7days',
      }),
    ).toBe('No sign-ups yesterday');
  });

  it('says no change at 0%', () => {
    expect(growthCaption(previousPeriod(4, 0), 'redemptions', { range: '7days' })).toBe(
      'No change from last week',
    );
  });
});

describe('daysBetween', () => {
  it('counts whole days of a range', () => {
    expect(daysBetween('2026-11-01T00:00:00Z', '2026-11-15T00:00:00Z')).toBe(14);
  });
});
