// The counter's states: a typed code approves the visit (with an Idempotency-Key, the same one
// when the same code is scanned again) and shows name, points, total, tier, unlocked rewards and
// the rewards to redeem here; a redemption needs a confirmation; failures are said plainly.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { Counter } from './Counter.tsx';

const CUSTOMER = '00000000-0000-4000-8000-0000000000aa';
const REWARD = '00000000-0000-4000-8000-0000000000bb';
const approved = {
  visitId: '00000000-0000-4000-8000-0000000000cc',
  customer: { id: CUSTOMER, name: 'Greta Garbo' },
  locationId: 'creamery',
  pointsEarned: 5,
  totalPoints: 10,
  unlockedRewards: [
    { id: REWARD, name: 'Free Ice Cream Scoop', description: 'One scoop', scope: 'location' },
  ],
  redeemableRewards: [{ id: REWARD, name: 'Free Ice Cream Scoop', scope: 'location' }],
};

function setup(approve: (url: URL, init?: RequestInit) => [number, unknown]) {
  const calls = stubApi({
    '/api/visits/approve': approve,
    '/api/rewards/redeem': () => [
      200,
      {
        customerReward: {
          id: REWARD,
          status: 'redeemed',
          redeemedAt: '2026-11-23T16:00:00Z',
          reward: { name: 'Free Ice Cream Scoop' },
        },
      },
    ],
  });
  renderWithRouter(
    <Counter locationId="creamery" renderTier={(points) => <span>tier for {points}</span>} />,
  );
  return calls;
}

async function scan(value: string) {
  const input = screen.getByLabelText('Scan or type a member code');
  await userEvent.type(input, `${value}{Enter}`);
}

const header = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string>)[name];

it('approves a typed code with an Idempotency-Key and shows the result', async () => {
  const calls = setup(() => [200, approved]);
  await scan('tok-123');
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  expect(within(result).getByText('Greta Garbo')).toBeInTheDocument();
  expect(within(result).getByText('+5')).toBeInTheDocument();
  expect(within(result).getByText('10')).toBeInTheDocument();
  expect(within(result).getByText('tier for 10')).toBeInTheDocument();
  expect(
    within(result).getByRole('heading', { name: 'Just unlocked' }).nextSibling,
  ).toHaveTextContent('Free Ice Cream Scoop');
  const body = JSON.parse(String(calls[0]!.init!.body));
  expect(body).toEqual({ token: 'tok-123', locationId: 'creamery' });
  expect(header(calls[0]!.init, 'Idempotency-Key')).toMatch(/^counter-[0-9a-f-]{36}$/);
  expect(screen.getByLabelText('Scan or type a member code')).toHaveFocus();
});

it('the same code scanned twice sends the same key; another code a new one', async () => {
  const calls = setup(() => [200, approved]);
  await scan('tok-1');
  await screen.findByRole('region', { name: 'Visit Approved!' });
  await scan('tok-1');
  await waitFor(() => expect(calls).toHaveLength(2));
  await scan('customer:abc');
  await waitFor(() => expect(calls).toHaveLength(3));
  const keys = calls.map((c) => header(c.init, 'Idempotency-Key'));
  expect(keys[0]).toBe(keys[1]);
  expect(keys[2]).not.toBe(keys[0]);
});

it("a rate-limited scan says 'Already checked in recently' with the API's own words", async () => {
  setup(() => [
    429,
    { error: { code: 'rate_limited', message: 'This visit was already approved recently' } },
  ]);
  await scan('customer:abc');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Already checked in recently');
  expect(alert).toHaveTextContent('This visit was already approved recently');
  expect(screen.queryByRole('region', { name: 'Visit Approved!' })).not.toBeInTheDocument();
});

it('an expired or used code is named as such', async () => {
  setup(() => [410, { error: { code: 'gone', message: 'This check-in code has expired' } }]);
  await scan('tok-old');
  expect(await screen.findByRole('alert')).toHaveTextContent('Code expired');
});

it('redeems a reward only after the confirmation, then it leaves the list', async () => {
  const calls = setup(() => [200, approved]);
  await scan('tok-123');
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  await userEvent.click(
    within(result).getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Redeem Free Ice Cream Scoop?' });
  expect(calls.filter((c) => c.url.pathname === '/api/rewards/redeem')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const redeem = calls.find((c) => c.url.pathname === '/api/rewards/redeem')!;
  expect(JSON.parse(String(redeem.init!.body))).toEqual({
    customerRewardId: REWARD,
    locationId: 'creamery',
  });
  expect(header(redeem.init, 'Idempotency-Key')).toBeTruthy();
  expect(
    within(result).getByText('No rewards to redeem at this business right now.'),
  ).toBeInTheDocument();
});
