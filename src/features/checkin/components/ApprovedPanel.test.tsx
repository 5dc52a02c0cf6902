// The kiosk's and the phone's 'Visit Approved!': the points, the total, and the neighbour's bonus
// only when the approval paid one.
import { render, screen } from '@testing-library/react';
import { ApprovedPanel } from './ApprovedPanel.tsx';

it('says the neighbour bonus that a first visit paid, beside the visit points and the total', () => {
  render(
    <ApprovedPanel
      result={{ pointsEarned: 5, totalPoints: 15, referralBonus: 10, unlockedRewards: [] }}
    />,
  );
  expect(screen.getByText('+5 points')).toBeInTheDocument();
  expect(
    screen.getByText('And a neighbour bonus of 10 points for your first visit!'),
  ).toBeInTheDocument();
  expect(screen.getByText('15 points')).toBeInTheDocument();
});

it('says nothing of a bonus when there was none', () => {
  render(
    <ApprovedPanel
      result={{ pointsEarned: 5, totalPoints: 10, referralBonus: 0, unlockedRewards: [] }}
    />,
  );
  expect(screen.getByText('+5 points')).toBeInTheDocument();
  expect(screen.queryByText(/neighbour bonus/)).not.toBeInTheDocument();
});
