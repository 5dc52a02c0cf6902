// The Customers tab: typing searches once the typing stops (not per key), the button searches at
// once, the search lives in the URL, status badges are coloured, empty results say so, paging.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { CustomersTab } from './CustomersTab.tsx';

const row = (id: number, name: string, status: string, points = 0) => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  phone: '5551234567',
  email: null,
  totalPoints: points,
  status,
  lastVisit: null,
  totalVisits: 0,
  createdAt: '2026-11-01T10:00:00Z',
});

function setup(
  url = '/',
  rows = [
    row(1, 'Ada Lovelace', 'Gold', 25),
    row(2, 'Bob Marley', 'Silver', 10),
    row(3, 'Cy Twombly', 'Bronze', 5),
  ],
  total = 3,
) {
  const calls = stubApi({
    '/api/admin/customers': (u: URL) => {
      const search = (u.searchParams.get('search') ?? '').toLowerCase();
      return [200, rows.filter((r) => r.name.toLowerCase().includes(search))];
    },
    '/api/admin/customers/count': () => [200, { total }],
  });
  const onView = vi.fn();
  const view = renderWithRouter(
    <CustomersTab
      filters={{ range: '7days' }}
      onView={onView}
      renderStatus={(s) => <span data-testid="status">{s}</span>}
    />,
    url,
  );
  const listCalls = () => calls.filter((c) => c.url.pathname === '/api/admin/customers');
  return { ...view, calls, listCalls, onView };
}

it('lists the spec columns and opens a customer with View', async () => {
  const { onView } = setup();
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  for (const name of ['Customer', 'Points', 'Status', 'Last Visit', 'Total Visits', 'Actions']) {
    expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
  }
  expect(screen.getAllByText('(555) 123-4567')).toHaveLength(3);
  await userEvent.click(screen.getByRole('button', { name: 'View Bob Marley' }));
  expect(onView).toHaveBeenCalledWith(expect.objectContaining({ name: 'Bob Marley' }));
});

it('searches once typing stops, not on every key, and puts the search in the URL', async () => {
  const { listCalls, location } = setup();
  await screen.findByText('Ada Lovelace');
  const before = listCalls().length;
  await userEvent.type(screen.getByLabelText('Search customers'), 'twom');
  await waitFor(() => expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument());
  expect(screen.getByText('Cy Twombly')).toBeInTheDocument();
  const searches = listCalls()
    .slice(before)
    .map((c) => c.url.searchParams.get('search'));
  expect(searches).toEqual(['twom']);
  expect(location().searchParams.get('q')).toBe('twom');
});

it('the Search button searches at once', async () => {
  const { listCalls } = setup();
  await screen.findByText('Ada Lovelace');
  fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: 'bob' } });
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('search')).toBe('bob'));
  expect(await screen.findByText('Bob Marley')).toBeInTheDocument();
});

it('says No customers found when nothing matches', async () => {
  setup('/?q=nobody');
  expect(await screen.findByText('No customers found')).toBeInTheDocument();
  expect(screen.getByLabelText('Search customers')).toHaveValue('nobody');
});

it('sorts and pages on the server, keeping both in the URL', async () => {
  const many = Array.from({ length: 25 }, (_, i) => row(i + 10, `Member ${i + 10}`, 'Bronze'));
  const { listCalls, location } = setup('/', many, 60);
  await screen.findByText('Member 10');
  expect(screen.getByText(/Page 1 of 3 · 60 customers/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Points/ }));
  await waitFor(() => expect(location().searchParams.get('sort')).toBe('points.desc'));
  expect(screen.getByRole('columnheader', { name: /Points/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('2'));
  const last = listCalls().at(-1)!.url.searchParams;
  expect([last.get('sort'), last.get('order'), last.get('limit')]).toEqual([
    'points',
    'desc',
    '25',
  ]);
});

it('stays live like the other admin screens: re-read every 30 s without a reload, saying when', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const rows = [row(1, 'Ada Lovelace', 'Gold', 25)];
    const { listCalls } = setup('/', rows, 1);
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Updated just now')).toBeInTheDocument();
    const reads = listCalls().length;
    rows.push(row(2, 'Dee Newcomer', 'Bronze', 5)); // joined at a kiosk meanwhile
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(await screen.findByText('Dee Newcomer')).toBeInTheDocument();
    expect(listCalls().length).toBeGreaterThan(reads);
    expect(screen.getByText(/^Updated (just now|\d\d:\d\d:\d\d)$/)).toBeInTheDocument();
  } finally {
    vi.useRealTimers();
  }
});
