// The operator's "Bring a neighbour" settings: off as the API says, a number out of range refused on
// the form, the bonus saved as typed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { ReferralSettingsSection } from './ReferralSettingsSection.tsx';

it('shows the settings, refuses a bonus out of range and saves the one typed', async () => {
  const put: unknown[] = [];
  stubApi({
    '/api/admin/referrals': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as unknown;
        put.push(body);
        return [200, body];
      }
      return [200, { bonusPoints: 0, bonusesPerMonth: 5, flagJoinsPerDay: 5 }];
    },
  });
  const user = userEvent.setup();
  renderWithRouter(<ReferralSettingsSection />);
  const bonus = await screen.findByLabelText('Bonus points for each of the two');
  expect(bonus).toHaveValue('0');
  expect(screen.getByLabelText('Bonuses per member per month')).toHaveValue('5');
  await user.clear(bonus);
  await user.type(bonus, '5000');
  await user.click(screen.getByRole('button', { name: 'Save “Bring a neighbour”' }));
  expect(await screen.findByText('Bonus points for each of the two: a whole number from 0 to 1000')).toBeInTheDocument();
  expect(put).toEqual([]);
  await user.clear(bonus);
  await user.type(bonus, '10');
  await user.click(screen.getByRole('button', { name: 'Save “Bring a neighbour”' }));
  await waitFor(() => expect(put).toEqual([{ bonusPoints: 10, bonusesPerMonth: 5, flagJoinsPerDay: 5 }]));
}, 20_000);
