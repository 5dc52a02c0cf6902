// The route table of PRODUCT §2: every route reaches its screen, unknown paths get the 404 page,
// and navigation scrolls to the top.
import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { LOCATIONS, renderRoute, stubFetch } from '@/test/render-route.tsx';
import { routes } from './router.tsx';

// [path, its h1, its document title when that differs from the h1]
const SCREENS: [string, string, string?][] = [
  ['/', 'Village Rewards'],
  ['/how-it-works', 'How It Works'],
  ['/privacy', 'Terms and Privacy'],
  ['/businesses', 'Participating Businesses'],
  ['/join', 'Join Village Rewards'],
  ['/contact', 'Contact Us'],
  ['/draws', 'Monthly prize draws', 'Prize draws'],
  ['/kiosk', 'Village Rewards', 'Kiosk'],
  ['/kiosk-home', 'Village Rewards', 'Kiosk'],
  ['/kiosk/signup', 'Join Rewards'],
  ['/kiosk/welcome', 'No active check-in found.', 'Welcome'],
  ['/kiosk/checkin', 'Welcome back!', 'Check In'],
  ['/kiosk/member-qr', 'No active check-in found.', 'Your Check-in Code'],
  // One route, /:slug, for every business in the catalogue; the test catalogue
  // (LOCATIONS) has two. A slug the catalogue does not have is not found (below).
  ['/creamery', 'Village Creamery'],
  ['/joanies', "Joanie's Pizzeria"],
  ['/business/creamery/join', 'Join at Village Creamery'],
  ['/business/joanies/join', "Join at Joanie's Pizzeria"],
  ['/login', 'Sign In'],
  ['/checkin', 'Sign In'],
  ['/login/verify', 'Sign In'],
  ['/account', 'Please sign in to view your account', 'My Account'],
  ['/account/qr', 'Please sign in to view your QR code', 'My QR Code'],
  ['/account/history', 'Please sign in to view your history', 'Visit History'],
  ['/account/card', 'Please sign in to print your card', 'My Card'],
  ['/goodbye', 'Goodbye', 'Account deleted'],
  ['/mobile', 'Check In with Your Phone', 'Mobile Check-in'],
  ['/mobile/otp', 'Check In with Your Phone', 'Mobile Check-in'],
  ['/mobile/qr', 'Please sign in to continue', 'My Check-in QR'],
  ['/mobile/wallet', 'Please sign in to continue', 'Points & Rewards'],
  ['/admin', 'Village Rewards Admin'],
  ['/owner', 'Business owner'],
  ['/admin/report', 'Monthly report'],
  ['/admin/card', 'Member card'],
  ['/admin/funder-report', "Funder's report"],
  ['/staff', 'Staff Counter'],
];

beforeEach(() => {
  stubFetch(200, LOCATIONS);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe('the route table', () => {
  it('has a heading check below for every path it declares', () => {
    const checked = SCREENS.map(([path]) =>
      path
        .replace(/^\/business\/[^/]+\/join$/, '/business/:locationId/join')
        .replace(/^\/(creamery|joanies)$/, '/:slug'),
    );
    const declared = pathsOf(routes).filter((path) => path !== '*');
    expect(new Set(checked)).toEqual(new Set(declared));
  });

  it.each(SCREENS)('%s shows the "%s" screen', async (path, heading, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe(
        path === '/' ? 'Home · Village Rewards' : `${title ?? heading} · Village Rewards`,
      ),
    );
  });

  it('passes the business to its kiosk landing screen', async () => {
    sessionStorage.clear();
    renderRoute('/joanies');
    await waitFor(() => expect(sessionStorage.getItem('current_location_id')).toBe('joanies'));
  });

  it.each(['/nope', '/museum', '/kiosk/nope', '/account/settings/deep'])(
    'shows Page Not Found for %s',
    async (path) => {
      renderRoute(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      expect(document.title).toBe('Page Not Found · Village Rewards');
    },
  );

  it('scrolls to the top on every route change', async () => {
    const { router } = renderRoute('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How It Works' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await act(() => router.navigate('/contact'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }),
    ).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
