// The reminder setting: off as the API says, turned on with a number of days, saved as typed;
// a number out of range is refused on the form.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { RewardReminderCard } from './RewardReminderCard.tsx';

it('turns the reminder on with the days typed, and refuses 0', async () => {
  const put: unknown[] = [];
  stubApi({
    '/api/admin/nudges': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { rewardWaitingDays: number | null };
        put.push(body);
        return [200, body];
      }
      return [200, { rewardWaitingDays: null }];
    },
  });
  const user = userEvent.setup();
  renderWithRouter(<RewardReminderCard />);
  const box = await screen.findByLabelText('Remind members of an unused reward by text');
  expect(box).not.toBeChecked();
  expect(screen.queryByLabelText('Days after the reward unlocked')).not.toBeInTheDocument();
  await user.click(box);
  await user.clear(screen.getByLabelText('Days after the reward unlocked'));
  await user.type(screen.getByLabelText('Days after the reward unlocked'), '0');
  await user.click(screen.getByRole('button', { name: 'Save reminder' }));
  expect(await screen.findByText('Between 1 and 90 days')).toBeInTheDocument();
  expect(put).toEqual([]);
  await user.clear(screen.getByLabelText('Days after the reward unlocked'));
  await user.type(screen.getByLabelText('Days after the reward unlocked'), '5');
  await user.click(screen.getByRole('button', { name: 'Save reminder' }));
  await waitFor(() => expect(put).toEqual([{ rewardWaitingDays: 5 }]));
}, 20_000);
