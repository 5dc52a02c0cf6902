// The programme's news on /account: a business that joined or left says so, with the day, until the
// member dismisses it (remembered on this device); nothing when there is no news.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/test/render-with-router.tsx';
import { DISMISSED_NEWS_KEY, ProgrammeNews } from './ProgrammeNews.tsx';

const joined = { id: 7, kind: 'joined' as const, businessName: 'Crumb & Co Bakery', locationId: 'crumb', at: '2026-12-03T15:00:00Z' };
const left = { id: 8, kind: 'left' as const, businessName: 'SnackCo', locationId: 'snackco', at: '2026-12-04T15:00:00Z' };

afterEach(() => localStorage.clear());

it('says which business joined or left and when, with the list of businesses, until dismissed', async () => {
  const { unmount } = renderWithRouter(<ProgrammeNews news={[left, joined]} />);
  const region = screen.getByRole('region', { name: 'Programme news' });
  const items = within(region).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(/^SnackCo left the programme on (4 Dec|Dec 4)\. Its rewards can no longer be used there\./);
  expect(items[1]).toHaveTextContent(/^New: Crumb & Co Bakery joined the programme on (3 Dec|Dec 3)\./);
  expect(within(region).getByRole('link', { name: 'See the businesses taking part' })).toHaveAttribute('href', '/businesses');

  await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Crumb & Co Bakery joined' }));
  expect(screen.queryByText(/Crumb & Co Bakery joined/)).toBeNull();
  expect(screen.getByText(/SnackCo left/)).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(DISMISSED_NEWS_KEY)!)).toEqual([7]);

  // Dismissed stays dismissed on this device; dismissing the last one removes the notice.
  unmount();
  renderWithRouter(<ProgrammeNews news={[left, joined]} />);
  expect(screen.queryByText(/Crumb & Co Bakery joined/)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss: SnackCo left' }));
  expect(screen.queryByRole('region', { name: 'Programme news' })).toBeNull();
});

it('shows nothing without news (or from an API that has none to give)', () => {
  const { container } = renderWithRouter(<ProgrammeNews news={[]} />);
  expect(container).toBeEmptyDOMElement();
  renderWithRouter(<ProgrammeNews news={undefined} />);
  expect(screen.queryByRole('region', { name: 'Programme news' })).toBeNull();
});
