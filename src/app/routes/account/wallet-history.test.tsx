// The wallet (points, tier, rewards, passport) and the history's paging.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eachTest, fakeApi, fakeSupabaseModule, sessionFor, SIX_LOCATIONS } from '@/test/fake-api.ts';
import { renderRoute } from '@/test/render-route.tsx';

vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule());

const CUSTOMER_ID = '33333333-3333-4333-8333-333333333333';
const me = {
  customer: { id: CUSTOMER_ID, name: 'Ada', phone: '5551234567', email: null },
  totalPoints: 15,
  tier: { name: 'Silver', minPoints: 10 },
  nextGoal: { target: 20, label: '$10 Off - Gold Status', pointsNeeded: 5 },
  rewards: [],
  visitedLocations: ['creamery', 'museum', 'joanies'].map((id) => ({
    id,
    businessName: id,
    visits: 1,
    lastVisit: '2026-11-20T15:00:00.000Z',
  })),
  totalVisits: 3,
  recentRedemptions: [],
};
const locations = SIX_LOCATIONS;
const visit = (n: number) => ({
  id: `99999999-9999-4999-8999-${String(n).padStart(12, '0')}`,
  locationId: 'creamery',
  businessName: 'Village Creamery',
  points: 5,
  createdAt: new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString(),
});

eachTest({ signedIn: () => sessionFor({ id: CUSTOMER_ID }) });

it('the wallet shows points, tier, the next goal, no-rewards text and the passport', async () => {
  fakeApi({ 'GET /api/me': [200, me], 'GET /api/locations': [200, locations] });
  renderRoute('/mobile/wallet');
  expect(await screen.findByRole('heading', { name: 'Points & Rewards' })).toBeInTheDocument();
  expect(screen.getByText('15')).toBeInTheDocument();
  expect(screen.getByText('Silver')).toBeInTheDocument();
  expect(screen.getByText('$10 Off - Gold Status')).toBeInTheDocument();
  expect(screen.getByText(/No rewards to redeem yet/)).toBeInTheDocument();
  expect(await screen.findByText('3 of 6 visited')).toBeInTheDocument();
  expect(screen.getAllByText(': visited')).toHaveLength(3);
  expect(screen.getAllByText(': not visited yet')).toHaveLength(3);
});

it('the history loads 20 visits, then 20 more on request, newest first', async () => {
  const api = fakeApi({
    'GET /api/me': [200, { ...me, rewards: [] }],
    'GET /api/me/visits': (call) => {
      const limit = Number(call.query.get('limit'));
      const all = Array.from({ length: 25 }, (_, i) => visit(25 - i));
      return [200, { visits: all.slice(0, limit) }];
    },
  });
  renderRoute('/account/history');
  await waitFor(() => expect(screen.getAllByText('Visit at Village Creamery')).toHaveLength(20));
  await userEvent.click(screen.getByRole('button', { name: 'Show older visits' }));
  await waitFor(() => expect(screen.getAllByText('Visit at Village Creamery')).toHaveLength(25));
  expect(screen.queryByRole('button', { name: 'Show older visits' })).not.toBeInTheDocument();
  expect(api.of('GET /api/me/visits')).toHaveLength(2);
});
