// The Rewards tab counts every redemption: those recorded without a business are in
// Redeemed and in an "Unattributed" row under "By business", even for a one-business reward.
import { screen, within } from '@testing-library/react';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { RewardsTab } from './RewardsTab.tsx';

const scoop = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Free Ice Cream Scoop',
  description: 'One scoop.',
  kind: 'welcome',
  scope: 'location',
  tier: null,
  locationId: 'creamery',
  businessName: 'Village Creamery',
  valueCents: null,
  unlocks: 5,
  redemptions: 4,
  unattributedRedemptions: 3,
  outstanding: 1,
  byBusiness: [
    { locationId: 'creamery', businessName: 'Village Creamery', unlocks: 5, redemptions: 1 },
  ],
};

it('shows redemptions without a business as an "Unattributed" row, counted in Redeemed', async () => {
  stubApi({ '/api/admin/rewards': () => [200, [scoop]] });
  renderWithRouter(<RewardsTab filters={{ range: '7days' }} />);
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows.map((r) => r.textContent)).toEqual([
    'BusinessUnlocked hereRedeemed here',
    'Village Creamery51',
    'Unattributed (redeemed before counter confirmation)–3',
  ]);
  expect(screen.getByText('Redeemed').nextSibling).toHaveTextContent('4');
});
