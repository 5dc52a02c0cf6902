// Who sees what on /admin and /staff: signed out, the phone-code sign-in; a member, 'Not
// authorised'; staff see the counter at their own business but not the dashboard; an admin sees
// the dashboard (with who is signed in) and picks a business at the counter.
import { act, screen, waitFor } from '@testing-library/react';
import { fakeAuth, fakeSupabaseModule, sessionFor } from '@/test/fake-api.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { stubApi } from '@/test/render-with-router.tsx';

vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule());

function signIn(appMetadata: Record<string, unknown> | null) {
  const session = appMetadata
    ? sessionFor({
        id: 'u1',
        phone: '15555550100',
        app_metadata: appMetadata,
        user_metadata: { name: 'Pat Operator' },
      })
    : null;
  act(() => fakeAuth.emit('INITIAL_SESSION', session));
}

beforeEach(() => {
  stubApi({
    '/api/locations': [],
    '/api/admin/activity': [],
    '/api/admin/top-locations': [],
    '/api/admin/customers': [],
    '/api/admin/customers/count': { total: 0 },
  });
});

it('/admin signed out shows the admin sign-in', async () => {
  renderRoute('/admin');
  // The session store subscribes once the first screen reads it.
  await waitFor(() => expect(fakeAuth.listeners.size).toBeGreaterThan(0), { timeout: 15_000 });
  signIn(null);
  expect(await screen.findByRole('heading', { name: 'Village Rewards Admin' })).toBeInTheDocument();
  expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
  expect(screen.queryByText('Sign-ups Today')).not.toBeInTheDocument();
});

it('/admin for a member or a staff member says Not authorised', async () => {
  renderRoute('/admin');
  signIn({ provider: 'phone' });
  expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
  expect(screen.getByText(/signed in as \(555\) 555-0100/)).toBeInTheDocument();
  signIn({ provider: 'phone', role: 'staff', location_id: 'creamery' });
  expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
});

it('/admin for an admin shows the dashboard and who is signed in', async () => {
  renderRoute('/admin');
  signIn({ provider: 'phone', role: 'admin' });
  expect(await screen.findByText('Sign-ups Today')).toBeInTheDocument();
  expect(screen.getByText('Pat Operator · (555) 555-0100')).toBeInTheDocument();
  expect(screen.queryByText('Admin User')).not.toBeInTheDocument();
  // Under the heading (and above the Customers table): when the figures were read, as plain
  // text, not a live region.
  const updated = await screen.findAllByText('Updated just now');
  for (const line of updated) expect(line.closest('[aria-live],[role="status"]')).toBeNull();
  for (const tab of [
    'Customers',
    'Rewards',
    'Locations',
    'Exports',
    'Flags',
    'Messages',
    'Campaigns',
    'Reports',
  ]) {
    // The sections' tabs load as their own chunk, after the figures.
    expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
  }
});

it('/staff: signed out the staff sign-in, a member Not authorised, staff the counter at their business', async () => {
  renderRoute('/staff');
  signIn(null);
  expect(await screen.findByRole('heading', { name: 'Staff Counter' })).toBeInTheDocument();
  expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
  signIn({ provider: 'phone' });
  expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
  signIn({ provider: 'phone', role: 'staff', location_id: 'creamery' });
  expect(await screen.findByLabelText('Scan or type a member code')).toBeInTheDocument();
  expect(screen.queryByLabelText('Business at this counter')).not.toBeInTheDocument();
});

it('/staff for an admin asks for the business first', async () => {
  renderRoute('/staff');
  signIn({ provider: 'phone', role: 'admin' });
  expect(await screen.findByLabelText('Business at this counter')).toBeInTheDocument();
  expect(screen.queryByLabelText('Scan or type a member code')).not.toBeInTheDocument();
  expect(
    screen.getByText('Choose the business you are serving at to start scanning.'),
  ).toBeInTheDocument();
});
