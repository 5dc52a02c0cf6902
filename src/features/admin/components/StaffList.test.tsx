// A business's staff phones on the Locations tab: the empty state, a phone checked before it is
// sent (10 digits, as digits), the API's refusal shown at the field, and removal only after a
// confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { StaffList } from './StaffList.tsx';

const PATH = '/api/admin/locations/creamery/staff';

function setup(initial: unknown[] = []) {
  let staff = initial;
  const calls = stubApi({
    [PATH]: (_url: URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return [200, staff];
      const { phone } = JSON.parse(String(init.body)) as { phone: string };
      if (phone === '5555550100')
        return [409, { error: { code: 'conflict', message: 'This phone belongs to an admin' } }];
      staff = [
        {
          phone,
          status: 'pending',
          userId: null,
          lastSignInAt: null,
          grantedAt: '2026-11-23T10:00:00Z',
          name: null,
        },
      ];
      return [
        200,
        {
          phone,
          locationId: 'creamery',
          status: 'pending',
          userId: null,
          grantedAt: '2026-11-23T10:00:00Z',
          name: null,
        },
      ];
    },
    [`${PATH}/revoke`]: (_url: URL, init?: RequestInit) => {
      staff = [];
      const { userId } = JSON.parse(String(init?.body)) as { userId: string };
      return [200, { phone: '3125550103', userId, locationId: 'creamery', revoked: true, sessionsEnded: 1 }];
    },
  });
  renderWithRouter(<StaffList locationId="creamery" businessName="Village Creamery" />);
  const posts = (path: string) =>
    calls
      .filter((c) => c.url.pathname === path && c.init?.method === 'POST')
      .map((c) => JSON.parse(String(c.init?.body)) as unknown);
  return { posts };
}

it('says when a business has no staff phones, checks a phone before sending it, and adds it', async () => {
  const { posts } = setup();
  expect(await screen.findByText('No staff phones for this business yet')).toBeInTheDocument();
  const field = screen.getByLabelText('Add a staff phone at Village Creamery');
  await userEvent.type(field, '555123');
  await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
  expect(screen.getByText('Enter a 10-digit US phone number')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(posts(PATH)).toEqual([]);

  await userEvent.type(field, '4567');
  await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
  await waitFor(() => expect(posts(PATH)).toEqual([{ phone: '5551234567' }]));
  expect(await screen.findByText('(555) 123-4567')).toBeInTheDocument();
  expect(screen.getByText('Not signed up yet: becomes staff at sign-up')).toBeInTheDocument();
  expect(field).toHaveValue('');
});

it("shows the API's refusal at the field", async () => {
  setup();
  const field = await screen.findByLabelText('Add a staff phone at Village Creamery');
  await userEvent.type(field, '5555550100');
  await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
  expect(await screen.findByText('This phone belongs to an admin')).toBeInTheDocument();
});

it('removes an active staff member by their user id, only after the confirmation', async () => {
  const { posts } = setup([
    {
      phone: '3125550103',
      status: 'active',
      userId: '00000000-0000-4000-8000-000000000001',
      lastSignInAt: null,
      grantedAt: null,
      name: null,
    },
  ]);
  await userEvent.click(
    await screen.findByRole('button', { name: 'Remove staff phone (312) 555-0103' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Remove (312) 555-0103?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(posts(`${PATH}/revoke`)).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Remove staff phone (312) 555-0103' }));
  await userEvent.click(
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove staff' }),
  );
  await waitFor(() =>
    expect(posts(`${PATH}/revoke`)).toEqual([{ userId: '00000000-0000-4000-8000-000000000001' }]),
  );
  expect(await screen.findByText('No staff phones for this business yet')).toBeInTheDocument();
});

it('names a pending grant (a phone not signed in yet) and lists it by that name', async () => {
  let name: string | null = null;
  const calls = stubApi({
    [PATH]: () => [
      200,
      [{ phone: '3125550177', status: 'pending', userId: null, lastSignInAt: null, grantedAt: '2026-11-23T10:00:00Z', name }],
    ],
    [`${PATH}/pending-name`]: (_url: URL, init?: RequestInit) => {
      name = (JSON.parse(String(init?.body)) as { name: string }).name;
      return [200, { phone: '3125550177', name }];
    },
  });
  renderWithRouter(<StaffList locationId="creamery" businessName="Village Creamery" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Name staff phone (312) 555-0177' }));
  await userEvent.type(screen.getByLabelText('Name of this staff phone'), 'Maria');
  await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
  expect(await screen.findByText('Maria')).toBeInTheDocument();
  expect(screen.getByText('(312) 555-0177')).toBeInTheDocument();
  expect(screen.getByText('Not signed up yet: becomes staff at sign-up')).toBeInTheDocument();
  const put = calls.find((c) => c.url.pathname === `${PATH}/pending-name`)!;
  expect(put.init?.method).toBe('PUT');
  expect(JSON.parse(String(put.init?.body))).toEqual({ phone: '3125550177', name: 'Maria' });
});
