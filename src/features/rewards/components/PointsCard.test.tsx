// The points card (SPEC §4): points, tier badge, and the next goal with its progress bar only
// while points are still needed.
import { render, screen } from '@testing-library/react';
import { PointsCard } from './PointsCard.tsx';

describe('PointsCard', () => {
  it('shows a Bronze member the way to Silver', () => {
    render(<PointsCard points={5} />);
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('Bronze')).toHaveClass('bg-orange-100');
    expect(screen.getByText('$5 Off - Silver Status')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progress to $5 Off - Silver Status' });
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText('5 / 10 points · 5 points to go')).toBeInTheDocument();
  });

  it('shows a Silver member the way to Gold, and a Gold member no goal beyond Gold', () => {
    const { rerender } = render(<PointsCard points={15} />);
    expect(screen.getByText('Silver')).toHaveClass('bg-gray-100');
    expect(screen.getByText('$10 Off - Gold Status')).toBeInTheDocument();
    rerender(<PointsCard points={25} />);
    expect(screen.getByText('Gold')).toHaveClass('bg-yellow-100');
    expect(screen.queryByText(/Premium Reward|Next goal/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('hides the goal once no more points are needed', () => {
    render(<PointsCard points={30} />);
    expect(screen.getByText('Gold')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Next goal/)).not.toBeInTheDocument();
  });
});
