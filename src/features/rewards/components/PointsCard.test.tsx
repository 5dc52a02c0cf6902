// The points card (PRODUCT §4): points, tier badge, and the next goal with its progress bar only
// while points are still needed.
import { render, screen } from '@testing-library/react';
import { PointsCard } from './PointsCard.tsx';

// As GET /api/me answers them (thresholds from public.tiers).
const SILVER_GOAL = { target: 10, label: '$5 Off - Silver Status' };
const GOLD_GOAL = { target: 20, label: '$10 Off - Gold Status' };
const card = (points: number, tier: 'Bronze' | 'Silver' | 'Gold', goal: { target: number; label: string }) => (
  <PointsCard
    points={points}
    tier={{ name: tier, minPoints: { Bronze: 0, Silver: 10, Gold: 20 }[tier] }}
    nextGoal={{ ...goal, pointsNeeded: Math.max(goal.target - points, 0) }}
  />
);

describe('PointsCard', () => {
  it('shows a Bronze member the way to Silver', () => {
    render(card(5, 'Bronze', SILVER_GOAL));
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('Bronze')).toHaveClass('bg-orange-100');
    expect(screen.getByText('$5 Off - Silver Status')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progress to $5 Off - Silver Status' });
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText('5 / 10 points · 5 points to go')).toBeInTheDocument();
  });

  it('shows a Silver member the way to Gold, and a Gold member no goal beyond Gold', () => {
    const { rerender } = render(card(15, 'Silver', GOLD_GOAL));
    expect(screen.getByText('Silver')).toHaveClass('bg-gray-100');
    expect(screen.getByText('$10 Off - Gold Status')).toBeInTheDocument();
    rerender(card(25, 'Gold', GOLD_GOAL));
    expect(screen.getByText('Gold')).toHaveClass('bg-yellow-100');
    expect(screen.queryByText(/Premium Reward|Next goal/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('follows the goal the API answers after the operator moved Silver to 15', () => {
    render(card(10, 'Bronze', { target: 15, label: '$5 Off - Silver Status' }));
    expect(screen.getByText('Bronze')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '15');
    expect(screen.getByText('10 / 15 points · 5 points to go')).toBeInTheDocument();
  });

  it('hides the goal once no more points are needed', () => {
    render(card(30, 'Gold', GOLD_GOAL));
    expect(screen.getByText('Gold')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Next goal/)).not.toBeInTheDocument();
  });
});
