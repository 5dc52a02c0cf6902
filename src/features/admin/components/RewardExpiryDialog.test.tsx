// A reward's expiry in /admin → Programme → Rewards: "Never expires" by default; the dialog refuses
// 0, 366 and an empty number on the form (nothing sent), saves the days typed, turns it off again,
// and shows the API's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { ToastRegion } from '@/components/ui/Toaster.tsx';
import { RewardsSection } from './RewardsSection.tsx';

const SCOOP = {
  id: '11111111-1111-4111-8111-111111111111', kind: 'welcome', locationId: 'creamery', tier: null, name: 'Free Ice Cream Scoop',
  description: 'One scoop.', scope: 'location', createdAt: '2026-11-01T10:00:00Z', retiredAt: null, replacedBy: null,
  expiresAfterDays: null, businessName: 'Village Creamery', holders: 3, unlocked: 5, expired: 0,
};

function setup(answer?: [number, unknown]) {
  let reward: Record<string, unknown> = SCOOP;
  const puts: unknown[] = [];
  stubApi({
    '/api/admin/catalogue': () => [200, { businesses: [], rewards: [reward] }],
    '/api/admin/catalogue/changes': () => [200, []],
    [`/api/admin/rewards/${SCOOP.id}/expiry`]: (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { expiresAfterDays: number | null };
      puts.push(body);
      if (answer) return answer;
      reward = { ...reward, ...body, expired: body.expiresAfterDays ? 2 : 0 };
      return [200, reward];
    },
  });
  renderWithRouter(
    <>
      <RewardsSection />
      <ToastRegion />
    </>,
  );
  return { puts };
}

it('sets a reward to expire after the days typed, refusing bad numbers on the form, and turns it off', async () => {
  const { puts } = setup();
  const user = userEvent.setup();
  expect(await screen.findByText('Never expires')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Expiry of Free Ice Cream Scoop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Expiry of Free Ice Cream Scoop' });
  const box = within(dialog).getByLabelText('This reward expires if it is not used');
  expect(box).not.toBeChecked();
  await user.click(box);
  const daysField = within(dialog).getByLabelText('Days after it unlocks');
  for (const bad of ['0', '366', '']) {
    await user.clear(daysField);
    if (bad) await user.type(daysField, bad);
    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(await within(dialog).findByText(bad === '' ? 'Enter a whole number of days' : 'A reward can expire 1 to 365 days after it unlocks'))
      .toBeInTheDocument();
    expect(daysField).toHaveAttribute('aria-invalid', 'true');
  }
  expect(puts).toEqual([]);

  await user.clear(daysField);
  await user.type(daysField, '30');
  await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
  await waitFor(() => expect(puts).toEqual([{ expiresAfterDays: 30 }]));
  expect(await screen.findByText('Expires 30 days after it unlocks · 2 expired unused')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Expiry of Free Ice Cream Scoop' }));
  const again = await screen.findByRole('dialog', { name: 'Expiry of Free Ice Cream Scoop' });
  expect(within(again).getByLabelText('Days after it unlocks')).toHaveValue(30);
  await user.click(within(again).getByLabelText('This reward expires if it is not used'));
  await user.click(within(again).getByRole('button', { name: 'Save expiry' }));
  await waitFor(() => expect(puts).toEqual([{ expiresAfterDays: 30 }, { expiresAfterDays: null }]));
  expect(await screen.findByText('Never expires')).toBeInTheDocument();
}, 30_000);

it("shows the API's refusal in the dialog", async () => {
  setup([400, { error: { code: 'bad_request', message: 'A reward can expire 1 to 365 days after it unlocks, or never' } }]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Expiry of Free Ice Cream Scoop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Expiry of Free Ice Cream Scoop' });
  await user.click(within(dialog).getByLabelText('This reward expires if it is not used'));
  await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reward can expire 1 to 365 days after it unlocks, or never');
}, 30_000);
