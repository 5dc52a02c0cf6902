// Account screens (PRODUCT §2 /account, /account/qr, /account/history; §4; §8).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast.ts';
import { fakeApi, fakeAuth, fakeSupabaseModule, sessionFor } from '@/test/fake-api.ts';
import { renderRoute } from '@/test/render-route.tsx';

vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule());

const CUSTOMER_ID = '33333333-3333-4333-8333-333333333333';
const REWARD_ID = '77777777-7777-4777-8777-777777777777';
const reward = (status: 'unlocked' | 'redeemed') => ({
  id: REWARD_ID,
  status,
  unlockedAt: '2026-11-20T15:00:00.000Z',
  redeemedAt: status === 'redeemed' ? '2026-11-21T16:00:00.000Z' : null,
  reward: {
    id: '88888888-8888-4888-8888-888888888888',
    name: 'Free Ice Cream Scoop',
    description: 'One scoop',
    scope: 'location',
    locationId: 'creamery',
    businessName: 'Village Creamery',
  },
});
const me = (points: number, status: 'unlocked' | 'redeemed' = 'unlocked') => ({
  customer: { id: CUSTOMER_ID, name: 'Ada Lovelace', phone: '5551234567', email: null },
  totalPoints: points,
  tier: { name: points >= 10 ? 'Silver' : 'Bronze', minPoints: 0 },
  nextGoal: { target: 10, label: '$5 Off - Silver Status', pointsNeeded: Math.max(10 - points, 0) },
  rewards: [reward(status)],
  visitedLocations: [{ id: 'creamery', businessName: 'Village Creamery', visits: 1, lastVisit: '2026-11-20T15:00:00.000Z' }],
  totalVisits: points / 5,
  recentRedemptions: [] as unknown[],
});
const card = (version: number) => ({
  customerId: CUSTOMER_ID,
  name: 'Ada Lovelace',
  qr: version === 1 ? `customer:${CUSTOMER_ID}` : `customer:${CUSTOMER_ID}:0123456789ab`,
  version,
  issuedAt: version === 1 ? null : '2026-11-25T10:00:00.000Z',
});
const locations = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'].map((id) => ({
  id,
  slug: id,
  businessName: `Business ${id}`,
  kind: id,
  description: '',
  address: '',
  logoUrl: `/logos/${id}.svg`,
  icon: '',
  color: '',
  welcomeReward: { name: 'Free thing', description: '' },
}));

beforeEach(() => {
  sessionStorage.clear();
  act(() => fakeAuth.set(null));
});
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe('signed out', () => {
  it.each([
    ['/account', 'Please sign in to view your account'],
    ['/account/qr', 'Please sign in to view your QR code'],
    ['/account/history', 'Please sign in to view your history'],
  ])('%s asks to sign in, with a button to /login', async (path, text) => {
    fakeApi({});
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('/account', () => {
  it("shows 'Loading your account...' then the member, points, tier, visits, rewards and passport", async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/locations': [200, locations] });
    renderRoute('/account');
    expect(await screen.findByText('Loading your account...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    expect(screen.getByText('Bronze')).toBeInTheDocument();
    expect(screen.getByText('$5 Off - Silver Status')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Visited locations:')).toHaveTextContent('Visited locations: 1');
    expect(await screen.findByText('1 of 6 visited')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show My QR Code' })).toHaveAttribute('href', '/account/qr');
    expect(screen.getByRole('link', { name: 'Visit History' })).toHaveAttribute('href', '/account/history');
  });

  it('tells the member of each recent redemption, and "Not you?" reports it to the programme', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    let reportedAt: string | null = null;
    const notice = 'Your Free Ice Cream Scoop was redeemed at Village Creamery at 3:05 PM — not you?';
    const api = fakeApi({
      'GET /api/me': () => [200, { ...me(5, 'redeemed'), recentRedemptions: [{
        customerRewardId: REWARD_ID, rewardName: 'Free Ice Cream Scoop', businessName: 'Village Creamery',
        redeemedAt: '2026-11-20T21:05:00.000Z', notice, reportedAt,
      }] }],
      'GET /api/locations': [200, locations],
      [`POST /api/me/rewards/${REWARD_ID}/not-me`]: () => {
        reportedAt = '2026-11-20T21:10:00.000Z';
        return [200, { flagged: true, flaggedAt: reportedAt }];
      },
    });
    renderRoute('/account');
    expect(await screen.findByText('Your Free Ice Cream Scoop was redeemed at Village Creamery at 3:05 PM.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Not you? Report the redemption of Free Ice Cream Scoop' }));
    expect(await screen.findByText('Reported: the programme will look into it.')).toBeInTheDocument();
    expect(api.of(`POST /api/me/rewards/${REWARD_ID}/not-me`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Not you\?/ })).not.toBeInTheDocument();
  });

  it('hides the goal once no points are needed (PRODUCT §4)', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me': [200, me(30)], 'GET /api/locations': [200, locations] });
    renderRoute('/account');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("Redeem shows a 2-minute redemption code for the counter; once the counter confirms: 'Reward Redeemed!'", async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    let redeemed = false;
    const expiresAt = new Date(Date.now() + 120_000).toISOString();
    const api = fakeApi({
      'GET /api/me': () => [200, me(5, redeemed ? 'redeemed' : 'unlocked')],
      'GET /api/locations': [200, locations],
      'POST /api/rewards/redemption-code': [
        201,
        { code: 'KTR472', qrValue: 'redeem:KTR472', expiresAt, reward: { id: REWARD_ID, name: 'Free Ice Cream Scoop', scope: 'location', businessName: 'Village Creamery' } },
      ],
    });
    renderRoute('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Free Ice Cream Scoop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Free Ice Cream Scoop' });
    expect(await within(dialog).findByText('KTR 472')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Your redemption QR code' })).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/Valid for [12]:\d\d/);
    expect(within(dialog).getByText(/Show this code at the counter at Village Creamery/)).toBeInTheDocument();
    expect(api.of('POST /api/rewards/redemption-code')[0]!.body).toEqual({ customerRewardId: REWARD_ID });
    // The member never redeems on their own.
    expect(api.of('POST /api/rewards/redeem')).toHaveLength(0);
    redeemed = true; // the counter confirmed the code
    expect(await screen.findByText('Reward Redeemed!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your reward has been redeemed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Redeem Free Ice Cream Scoop' })).not.toBeInTheDocument());
  }, 15_000);

  it('left open, shows a counter\'s approval without a reload: /api/me is re-read every ~2 s', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    let points = 5;
    const api = fakeApi({ 'GET /api/me': () => [200, me(points)], 'GET /api/locations': [200, locations] });
    renderRoute('/account');
    expect(await screen.findByText('5 / 10 points · 5 points to go')).toBeInTheDocument();
    points = 10; // the counter approved a visit
    expect(await screen.findByText('Silver', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.of('GET /api/me').length).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it('a hidden tab does not poll, and is re-read when it is shown again', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    let points = 5;
    const api = fakeApi({ 'GET /api/me': () => [200, me(points)], 'GET /api/locations': [200, locations] });
    let state: DocumentVisibilityState = 'visible';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    try {
      renderRoute('/account');
      expect(await screen.findByText('5 / 10 points · 5 points to go')).toBeInTheDocument();
      act(() => {
        state = 'hidden';
        document.dispatchEvent(new Event('visibilitychange'));
      });
      const readsWhenHidden = api.of('GET /api/me').length;
      points = 10;
      await new Promise((resolve) => setTimeout(resolve, 2_600));
      expect(api.of('GET /api/me')).toHaveLength(readsWhenHidden);
      act(() => {
        state = 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(await screen.findByText('Silver', {}, { timeout: 2000 })).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  }, 12_000);

  it("a code that cannot be made: 'Failed to redeem reward. Please try again.'", async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/locations': [200, locations], 'POST /api/rewards/redemption-code': [409, {}] });
    renderRoute('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Free Ice Cream Scoop' }));
    expect(await screen.findByText('Failed to redeem reward. Please try again.')).toBeInTheDocument();
  });

  it('a reward that expired meanwhile: the API\'s plain words', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    const message = 'This reward expired on November 30, 2026 and can no longer be used';
    fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/locations': [200, locations],
              'POST /api/rewards/redemption-code': [409, { error: { code: 'conflict', message } }] });
    renderRoute('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Free Ice Cream Scoop' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("signs out: 'Signed Out', cached data and stored keys cleared, back to /", async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    sessionStorage.setItem('login_phone', '5551234567');
    const api = fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/locations': [200, locations], 'POST /api/auth/logout': [200, { signedOut: true }] });
    const { router } = renderRoute('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed Out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.of('POST /api/auth/logout')).toHaveLength(1);
    expect(sessionStorage.getItem('login_phone')).toBeNull();
    expect(fakeAuth.session).toBeNull();
  });
});

describe('/account: programme news', () => {
  it('says a business joined the programme, from GET /api/me', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    const news = [{ id: 3, kind: 'joined', businessName: 'Crumb & Co Bakery', locationId: 'crumb', at: '2026-12-03T15:00:00.000Z' }];
    fakeApi({ 'GET /api/me': [200, { ...me(5), programmeNews: news }], 'GET /api/locations': [200, locations] });
    renderRoute('/account');
    const region = await screen.findByRole('region', { name: 'Programme news' });
    expect(region).toHaveTextContent('New: Crumb & Co Bakery joined the programme');
  });
});

describe('/account/qr', () => {
  it('shows the member card customer:{id} at 250 and Back to Account', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/me/card': [200, card(1)] });
    renderRoute('/account/qr');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'Your member QR code' });
    expect(qr).toHaveAttribute('width', '250');
    expect(screen.getByRole('link', { name: 'Back to Account' })).toHaveAttribute('href', '/account');
  });

  it('left open while the counter scans the card, shows the new points without a reload', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    let points = 5;
    fakeApi({ 'GET /api/me': () => [200, me(points)], 'GET /api/me/card': [200, card(1)] });
    renderRoute('/account/qr');
    expect(await screen.findByText('Your points:')).toHaveTextContent('Your points: 5');
    points = 10;
    await waitFor(() => expect(screen.getByText('Your points:')).toHaveTextContent('Your points: 10'), { timeout: 4000 });
    expect(screen.getByRole('img', { name: 'Your member QR code' })).toBeInTheDocument();
  }, 10_000);
});

describe('/account/card', () => {
  it('shows the card as it prints (programme, name, QR) and prints it', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me': [200, me(5)], 'GET /api/me/card': [200, card(2)] });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoute('/account/card');
    expect(await screen.findByRole('heading', { name: 'My card' })).toBeInTheDocument();
    const face = screen.getAllByTestId('member-card')[0]!;
    expect(face).toHaveTextContent('Village Rewards');
    expect(face).toHaveTextContent('Ada Lovelace');
    expect(face).toHaveTextContent('Card 2');
    expect(within(face).getByRole('img', { name: 'Member QR code of Ada Lovelace' })).toBeInTheDocument();
    // The print sheet (hidden on screen) holds the same card.
    expect(within(screen.getByTestId('card-print-sheet', { hidden: true } as never)).getAllByTestId('member-card')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Print my card' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the card cannot be loaded, with a way to try again', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    fakeApi({ 'GET /api/me/card': [500, { error: { code: 'internal', message: 'boom' } }] });
    renderRoute('/account/card');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent("We couldn't load your card.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/account/history', () => {
  it('lists visits and reward events newest first', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    const api = fakeApi({
      'GET /api/me': [200, me(5, 'redeemed')],
      'GET /api/me/visits': [
        200,
        { visits: [{ id: '99999999-9999-4999-8999-999999999999', locationId: 'creamery', businessName: 'Village Creamery', points: 5, createdAt: '2026-11-20T14:59:00.000Z' }] },
      ],
    });
    renderRoute('/account/history');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Reward redeemed: Free Ice Cream Scoop',
      'Reward unlocked: Free Ice Cream Scoop',
      'Visit at Village Creamery',
    ]);
    expect(items[2]).toHaveTextContent('+5 points');
    expect(api.of('GET /api/me/visits')).toHaveLength(1);
  });

  it('says where each reward was redeemed', async () => {
    act(() => fakeAuth.set(sessionFor({ id: CUSTOMER_ID })));
    const redeemed = me(5, 'redeemed');
    const withPlace = { ...redeemed, rewards: [{ ...redeemed.rewards[0]!, redeemedBusinessName: "Joanie's Pizzeria" }] };
    fakeApi({ 'GET /api/me': [200, withPlace], 'GET /api/me/visits': [200, { visits: [] }] });
    renderRoute('/account/history');
    const [redemption] = await screen.findAllByRole('listitem');
    expect(redemption).toHaveTextContent('Reward redeemed: Free Ice Cream Scoop');
    expect(redemption).toHaveTextContent("at Joanie's Pizzeria ·");
  });
});
