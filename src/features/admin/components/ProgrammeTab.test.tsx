// The Programme tab's businesses and rewards: the empty and error states, a new business checked
// before it is sent (a site word refused at the field, nothing sent), the API's refusal shown,
// and a replacement that names what the holders keep.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { ToastRegion } from '@/components/ui/Toaster.tsx';
import { ProgrammeTab } from './ProgrammeTab.tsx';

const CREAMERY = {
  id: 'creamery', slug: 'creamery', businessName: 'Village Creamery', kind: 'creamery', description: '', address: '24 Mill Road',
  logoUrl: '', icon: 'ice-cream', color: 'pink', hours: 'Daily 11am–9pm', sortOrder: 1, archivedAt: null,
  welcomeRewardId: '11111111-1111-4111-8111-111111111111',
};
const SCOOP = {
  id: '11111111-1111-4111-8111-111111111111', kind: 'welcome', locationId: 'creamery', tier: null, name: 'Free Ice Cream Scoop',
  description: 'One scoop.', scope: 'location', createdAt: '2026-11-01T10:00:00Z', retiredAt: null, replacedBy: null,
  businessName: 'Village Creamery', holders: 3, unlocked: 5,
};

function setup(initial: unknown = { businesses: [CREAMERY], rewards: [SCOOP] }) {
  let catalogue = initial;
  const calls = stubApi({
    '/api/admin/catalogue': () => [200, catalogue],
    '/api/admin/catalogue/changes': () => [200, []],
    '/api/admin/businesses': () => [409, { error: { code: 'conflict', message: 'A business already has that web address' } }],
    [`/api/admin/rewards/${SCOOP.id}/replace`]: (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { name: string };
      const next = { ...SCOOP, id: '22222222-2222-4222-8222-222222222222', name: body.name, holders: 0 };
      // The refreshed catalogue has the old reward retired: its row (and this dialog) goes.
      catalogue = {
        businesses: [{ ...CREAMERY, welcomeRewardId: next.id }],
        rewards: [next, { ...SCOOP, retiredAt: '2026-11-26T00:00:00Z', replacedBy: next.id }],
      };
      return [200, next];
    },
  });
  renderWithRouter(
    <>
      <ProgrammeTab />
      <ToastRegion />
    </>,
  );
  const posts = (path: string) =>
    calls.filter((c) => c.url.pathname === path && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)) as unknown);
  return { posts };
}

it('lists the businesses and rewards, with the empty change log said plainly', async () => {
  setup();
  const businesses = await screen.findByRole('list', { name: 'Businesses' });
  expect(within(businesses).getByText('Village Creamery')).toBeInTheDocument();
  expect(within(businesses).getByRole('img', { name: 'Village Creamery logo' })).toBeInTheDocument();
  expect(within(businesses).getByText('Hours: Daily 11am–9pm')).toBeInTheDocument();
  expect(screen.getByText('3 members hold it unused')).toBeInTheDocument();
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  // Every business has its welcome reward: no "add" button, a sentence instead.
  expect(screen.getByText('Every business has a welcome reward: replace one to change it.')).toBeInTheDocument();
});

it('says when there are no businesses yet', async () => {
  setup({ businesses: [], rewards: [] });
  expect(await screen.findByText('No businesses yet. Add the first one.')).toBeInTheDocument();
});

it('checks a new business before sending it and shows the API refusal at the field', async () => {
  const { posts } = setup();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a business' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a business' });
  const slug = within(dialog).getByLabelText('Web address');
  await userEvent.type(slug, 'admin');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add business' }));
  expect(within(dialog).getByText('That web address is used by a page of the site')).toBeInTheDocument();
  expect(slug).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByText('Enter the name')).toBeInTheDocument();
  expect(posts('/api/admin/businesses')).toEqual([]);

  await userEvent.clear(slug);
  await userEvent.type(slug, 'creamery');
  await userEvent.type(within(dialog).getByLabelText('Name'), 'Another Creamery');
  await userEvent.type(within(dialog).getByLabelText('Kind of business'), 'creamery');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add business' }));
  await waitFor(() => expect(posts('/api/admin/businesses')).toHaveLength(1));
  expect(posts('/api/admin/businesses')[0]).toMatchObject({ slug: 'creamery', businessName: 'Another Creamery', icon: 'store' });
  expect(await within(dialog).findByText('A business already has that web address')).toBeInTheDocument();
});

it('replaces a welcome reward and says its holders keep it', async () => {
  const { posts } = setup();
  await userEvent.click(await screen.findByRole('button', { name: 'Replace Free Ice Cream Scoop' }));
  const dialog = screen.getByRole('dialog', { name: 'Replace Free Ice Cream Scoop' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Replace reward' }));
  expect(within(dialog).getByText("Enter the reward's name")).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('New reward name'), 'Double Scoop');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Replace reward' }));
  await waitFor(() => expect(posts(`/api/admin/rewards/${SCOOP.id}/replace`)).toEqual([{ name: 'Double Scoop', description: '' }]));
  expect(
    (await screen.findAllByText('Double Scoop is now the welcome reward at Village Creamery. Members who hold Free Ice Cream Scoop keep it.'))[0],
  ).toBeInTheDocument();
  expect(await screen.findByText('replaced by Double Scoop', { exact: false })).toBeInTheDocument();
});
