// The member's rewards with optional expiry (docs/RULES.md "Reward expiry"): "Expires on …" under
// a reward that expires, a warning in the last days, nothing under one that never expires; an
// expired reward is no longer offered to redeem and is listed as expired (the history's line:
// src/app/routes/account/history-expiry.test.tsx).
import { render, screen, within } from '@testing-library/react';
import type { CustomerReward } from '@contract';
import { RewardList } from './RewardList.tsx';

const DAY = 86_400_000;
const reward = (id: string, name: string, extra: Partial<CustomerReward>): CustomerReward => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  status: 'unlocked',
  unlockedAt: '2026-11-01T15:00:00Z',
  redeemedAt: null,
  expiresAt: null,
  expiresOn: null,
  reward: { id: `10000000-0000-4000-8000-00000000000${id}`, name, description: '', scope: 'location', locationId: 'creamery', businessName: 'Village Creamery' },
  ...extra,
});

const later = reward('1', 'Free Ice Cream Scoop', { expiresAt: new Date(Date.now() + 20 * DAY).toISOString(), expiresOn: '2026-12-18' });
const soon = reward('2', 'Free Coffee', { expiresAt: new Date(Date.now() + 3 * DAY).toISOString(), expiresOn: '2026-12-01' });
const never = reward('3', 'Free Cookie', {});
const gone = reward('4', 'Free Pizza Slice', { status: 'expired', expiresAt: '2026-11-20T06:00:00Z', expiresOn: '2026-11-19' });

it('says when each reward expires, warns in the last days, and lists an expired one apart, without Redeem', () => {
  render(<RewardList rewards={[later, soon, never, gone]} action={(r) => <button type="button">Redeem {r.reward.name}</button>} />);
  const available = screen.getByRole('heading', { name: 'Available Rewards' }).nextElementSibling as HTMLElement;
  const item = (name: string) => within(available).getByText(name).closest('li')!;

  expect(within(item('Free Ice Cream Scoop')).getByText('Expires on December 18, 2026')).toBeInTheDocument();
  expect(within(item('Free Ice Cream Scoop')).queryByText(/Use it soon/)).not.toBeInTheDocument();
  expect(within(item('Free Coffee')).getByText('Expires on December 1, 2026. Use it soon: after that it can no longer be redeemed.'))
    .toBeInTheDocument();
  expect(within(item('Free Cookie')).queryByText(/Expires/)).not.toBeInTheDocument();

  expect(within(available).queryByText('Free Pizza Slice')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Redeem Free Pizza Slice' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /^Redeem / })).toHaveLength(3);
  const expired = screen.getByRole('heading', { name: 'Expired' }).nextElementSibling as HTMLElement;
  expect(within(expired).getByText('Free Pizza Slice · not used by November 19, 2026')).toBeInTheDocument();
  expect(within(expired).getByText('Expired')).toBeInTheDocument();
});
