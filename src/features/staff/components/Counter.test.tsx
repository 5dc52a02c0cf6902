// The counter's states: a typed code approves the visit (a new Idempotency-Key per scan, the same
// one only to retry a request whose answer never came) and shows name, points, total,
// tier, unlocked rewards and the rewards to redeem here; a redemption needs a confirmation; a
// member's redemption code is read, then confirmed; failures are said plainly.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { Counter } from './Counter.tsx';

const CUSTOMER = '00000000-0000-4000-8000-0000000000aa';
const REWARD = '00000000-0000-4000-8000-0000000000bb';
const TOKEN = 'a'.repeat(64);
const CARD = `customer:${CUSTOMER}`;
const approved = {
  visitId: '00000000-0000-4000-8000-0000000000cc',
  customer: { id: CUSTOMER, name: 'Greta Garbo' },
  foundBySearch: false,
  memberSeen: true,
  locationId: 'creamery',
  pointsEarned: 5,
  totalPoints: 10,
  unlockedRewards: [
    { id: REWARD, name: 'Free Ice Cream Scoop', description: 'One scoop', scope: 'location' },
  ],
  redeemableRewards: [{ id: REWARD, name: 'Free Ice Cream Scoop', scope: 'location' }],
};

function setup(
  approve: (url: URL, init?: RequestInit) => [number, unknown],
  more: Record<string, (url: URL, init?: RequestInit) => [number, unknown]> = {},
) {
  const calls = stubApi({
    ...more,
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
  await scan(TOKEN);
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  expect(within(result).getByText('Greta Garbo')).toBeInTheDocument();
  expect(within(result).getByText('+5')).toBeInTheDocument();
  expect(within(result).getByText('10')).toBeInTheDocument();
  expect(within(result).getByText('tier for 10')).toBeInTheDocument();
  expect(
    within(result).getByRole('heading', { name: 'Just unlocked' }).nextSibling,
  ).toHaveTextContent('Free Ice Cream Scoop');
  const body = JSON.parse(String(calls[0]!.init!.body));
  expect(body).toEqual({ token: TOKEN, locationId: 'creamery' });
  expect(header(calls[0]!.init, 'Idempotency-Key')).toMatch(/^counter-[0-9a-f-]{36}$/);
  expect(screen.getByLabelText('Scan or type a member code')).toHaveFocus();
});

it('says the neighbour bonus when the approval paid one, and nothing of it otherwise', async () => {
  setup(() => [200, { ...approved, totalPoints: 20, referralBonus: 10 }]);
  await scan(TOKEN);
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  expect(within(result).getByText('+10 neighbour bonus').closest('p')).toHaveTextContent(
    '+10 neighbour bonus: their first visit since a neighbour invited them. It is in the total, and the neighbour who invited them gets 10 too.',
  );
  expect(within(result).getByText('+5')).toBeInTheDocument();
  expect(within(result).getByText('20')).toBeInTheDocument();
});

it('says no neighbour bonus for an approval without one (an answer with 0, or stored before it was said)', async () => {
  setup(() => [200, approved]);
  await scan(TOKEN);
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  expect(within(result).queryByText(/neighbour bonus/)).not.toBeInTheDocument();
});

it('each scan of the same member card is a new attempt with a new key (the next visit is recorded)', async () => {
  const calls = setup(() => [200, approved]);
  await scan(CARD);
  await screen.findByRole('region', { name: 'Visit Approved!' });
  await scan(CARD);
  await waitFor(() => expect(calls).toHaveLength(2));
  const keys = calls.map((c) => header(c.init, 'Idempotency-Key'));
  expect(keys[1]).not.toBe(keys[0]);
});

it('retries a request whose answer never came with the same key, once the clerk asks', async () => {
  let answer: [number, unknown] = [
    503,
    { error: { code: 'unavailable', message: 'Try again in a moment' } },
  ];
  const calls = setup(() => answer, {
    '/api/rewards/scan-card': () => [
      200,
      {
        customer: { id: CUSTOMER, name: 'Greta Garbo' },
        locationId: 'creamery',
        redeemableRewards: [],
      },
    ],
  });
  await scan(CARD);
  const alert = await screen.findByRole('alert');
  answer = [200, approved];
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('region', { name: 'Visit Approved!' });
  expect(calls).toHaveLength(2);
  expect(header(calls[1]!.init, 'Idempotency-Key')).toBe(header(calls[0]!.init, 'Idempotency-Key'));
  // A refusal was an answer: the next scan is a new attempt.
  answer = [
    429,
    { error: { code: 'rate_limited', message: 'This visit was already approved recently' } },
  ];
  await scan(CARD);
  await screen.findByRole('alert');
  expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Try again' })).toBeNull();
  await scan(CARD);
  const approvals = () => calls.filter((c) => c.url.pathname === '/api/visits/approve');
  await waitFor(() => expect(approvals()).toHaveLength(4));
  expect(header(approvals()[3]!.init, 'Idempotency-Key')).not.toBe(
    header(approvals()[2]!.init, 'Idempotency-Key'),
  );
});

it("says 'That is not a member or check-in code' for a malformed code, without asking the API", async () => {
  const calls = setup(() => [200, approved]);
  await scan('customer:12');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'That is not a member or check-in code',
  );
  expect(calls).toHaveLength(0);
  expect(screen.getByLabelText('Scan or type a member code')).toHaveFocus();
});

it("reads a member's redemption code, shows who and what, and redeems it only on confirmation", async () => {
  const checked = {
    code: 'KTR472',
    locationId: 'creamery',
    expiresAt: '2026-11-25T21:00:00Z',
    customer: { id: CUSTOMER, name: 'Greta Garbo' },
    reward: {
      id: REWARD,
      name: 'Free Ice Cream Scoop',
      description: 'One scoop.',
      scope: 'location',
      businessName: 'Village Creamery',
    },
  };
  const calls = setup(() => [200, approved], {
    '/api/rewards/redemption-code': () => [200, checked],
    '/api/rewards/redeem-code': () => [
      200,
      {
        customerReward: {
          id: REWARD,
          status: 'redeemed',
          redeemedAt: '2026-11-25T20:59:00Z',
          reward: { name: 'Free Ice Cream Scoop' },
        },
        customer: { id: CUSTOMER, name: 'Greta Garbo' },
        locationId: 'creamery',
      },
    ],
  });
  await scan('ktr 472');
  const region = await screen.findByRole('region', { name: 'Redeem Free Ice Cream Scoop?' });
  expect(within(region).getByText('Greta Garbo')).toBeInTheDocument();
  expect(calls.map((c) => c.url.pathname)).toEqual(['/api/rewards/redemption-code']);
  expect(calls[0]!.url.searchParams.get('locationId')).toBe('creamery');
  await userEvent.click(within(region).getByRole('button', { name: 'Confirm redemption' }));
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Redeem Free Ice Cream Scoop?' })).toBeNull(),
  );
  const confirm = calls.find((c) => c.url.pathname === '/api/rewards/redeem-code')!;
  expect(JSON.parse(String(confirm.init!.body))).toEqual({
    code: 'KTR472',
    locationId: 'creamery',
  });
  expect(header(confirm.init, 'Idempotency-Key')).toBeTruthy();
  await waitFor(() => expect(screen.getByLabelText('Scan or type a member code')).toHaveFocus());
  // The success stays on screen (not only a toast) until the clerk moves on.
  const done = screen.getByRole('status', { name: 'Rewards redeemed' });
  expect(done).toHaveTextContent('Reward Redeemed!');
  expect(done).toHaveTextContent('Free Ice Cream Scoop for Greta Garbo');
  await userEvent.click(screen.getByRole('button', { name: 'Next customer' }));
  expect(screen.getByRole('status', { name: 'Rewards redeemed' })).toBeEmptyDOMElement();
});

it("a rate-limited card scan says 'Already checked in recently' with the API's own words (when to come back), records the scan and still offers the rewards to redeem", async () => {
  const tooSoon =
    'This visit was already approved recently. They can check in again at 3:15 PM (in 45 minutes).';
  const calls = setup(() => [429, { error: { code: 'rate_limited', message: tooSoon } }], {
    '/api/rewards/scan-card': () => [
      200,
      {
        customer: { id: CUSTOMER, name: 'Greta Garbo' },
        locationId: 'creamery',
        redeemableRewards: approved.redeemableRewards,
      },
    ],
  });
  await scan(CARD);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Already checked in recently');
  expect(alert).toHaveTextContent(tooSoon);
  expect(screen.queryByRole('region', { name: 'Visit Approved!' })).not.toBeInTheDocument();
  const rewards = await screen.findByRole('region', { name: 'Rewards of Greta Garbo' });
  expect(
    within(rewards).getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }),
  ).toBeInTheDocument();
  const asked = calls.find((c) => c.url.pathname === '/api/rewards/scan-card')!;
  expect(JSON.parse(String(asked.init!.body))).toEqual({ token: CARD, locationId: 'creamery' });
});

it('an expired or used code is named as such', async () => {
  setup(() => [410, { error: { code: 'gone', message: 'This check-in code has expired' } }]);
  await scan(TOKEN);
  expect(await screen.findByRole('alert')).toHaveTextContent('Code expired');
});

it("a member card that was replaced is named as such, with the API's words", async () => {
  setup(() => [
    410,
    {
      error: {
        code: 'gone',
        message: 'This card was replaced and no longer works. Ask the member for their new card.',
      },
    },
  ]);
  await scan(CARD);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Card replaced');
  expect(alert).toHaveTextContent(
    'This card was replaced and no longer works. Ask the member for their new card.',
  );
  expect(alert).not.toHaveTextContent('Code expired');
});

it('redeems a reward only after the confirmation, then it leaves the list', async () => {
  const calls = setup(() => [200, approved]);
  await scan(TOKEN);
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
  expect(screen.getByRole('status', { name: 'Rewards redeemed' })).toHaveTextContent(
    'Free Ice Cream Scoop for Greta Garbo',
  );
  // Still there after any toast would have gone; the next scan starts afresh.
  await scan(TOKEN);
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'Rewards redeemed' })).toBeEmptyDOMElement(),
  );
});

it("a forgotten member's card says 'This membership was closed.'", async () => {
  setup(() => [403, { error: { code: 'forbidden', message: 'This membership was closed.' } }]);
  await scan(CARD);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Membership not active');
  expect(alert).toHaveTextContent('This membership was closed.');
});
