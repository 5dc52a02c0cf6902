// The Flags tab lists both kinds of flag: a velocity flag (visits in a day) and a member's
// "not you?" on a redemption, which names the reward, the business and who redeemed it; Review
// opens the member's record.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { FlagsTab } from './FlagsTab.tsx';

const VELOCITY = {
  kind: 'velocity', id: '00000000-0000-4000-8000-0000000000f1', customerId: '00000000-0000-4000-8000-0000000000c1',
  customerName: 'Vera Busy', day: '2026-11-20', visits: 6, flaggedAt: '2026-11-20T20:00:00Z', dismissedAt: null,
};
const NOT_ME = {
  kind: 'not_me', id: '00000000-0000-4000-8000-0000000000f2', customerId: '00000000-0000-4000-8000-0000000000c2',
  customerName: 'Ana Lind', customerRewardId: '00000000-0000-4000-8000-0000000000b1', rewardName: 'Free Ice Cream Scoop',
  locationId: 'creamery', businessName: 'Village Creamery', redeemedAt: '2026-11-20T21:05:00Z', redeemedBy: 'Carla Clerk',
  flaggedAt: '2026-11-20T21:10:00Z', dismissedAt: null,
};

it('shows a "not you?" flag with the reward, the business and the clerk, beside a velocity flag', async () => {
  stubApi({ '/api/admin/flags': () => [200, [NOT_ME, VELOCITY]] });
  const reviewed: string[] = [];
  renderWithRouter(<FlagsTab onReview={(id) => reviewed.push(id)} />);
  const ana = (await screen.findByText('Ana Lind')).closest('li')!;
  expect(ana).toHaveTextContent(/Says it was not them: Free Ice Cream Scoop redeemed at Village Creamery on .+ by Carla Clerk/);
  const vera = screen.getByText('Vera Busy').closest('li')!;
  expect(vera).toHaveTextContent(/6 visits on/);
  expect(within(vera).getByRole('button', { name: 'Review the visits of Vera Busy' })).toBeInTheDocument();
  await userEvent.click(within(ana).getByRole('button', { name: 'Review the redemption of Ana Lind' }));
  expect(reviewed).toEqual([NOT_ME.customerId]);
});
