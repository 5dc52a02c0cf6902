// The counter's member search (issue 20 §5): a typed name or phone number finds the member when
// their phone is flat — one match is shown as if their card was scanned (rewards to redeem, the
// visit only on a deliberate press), several are a list to choose from, none says so.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { Counter } from './Counter.tsx';

const ANA = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Ana Lind',
  phoneLast4: '0142',
  totalPoints: 10,
  tier: 'Silver',
};
const ANN = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Ann Lindqvist',
  phoneLast4: '7781',
  totalPoints: 0,
  tier: 'Bronze',
};
const REWARD = {
  id: '00000000-0000-4000-8000-0000000000bb',
  name: 'Free Ice Cream Scoop',
  scope: 'location',
};

function setup(customers: (typeof ANA)[], more = false) {
  const calls = stubApi({
    '/api/staff/members': () => [200, { customers, more }],
    '/api/rewards/redeemable': (url: URL) => [
      200,
      {
        customer: { id: url.searchParams.get('customerId'), name: 'Ana Lind' },
        locationId: 'creamery',
        redeemableRewards: [REWARD],
      },
    ],
    '/api/visits/approve': () => [
      200,
      {
        visitId: '00000000-0000-4000-8000-0000000000cc',
        customer: { id: ANA.id, name: 'Ana Lind' },
        locationId: 'creamery',
        pointsEarned: 5,
        totalPoints: 15,
        unlockedRewards: [],
        redeemableRewards: [],
      },
    ],
  });
  renderWithRouter(
    <Counter locationId="creamery" renderTier={(points) => <span>tier for {points}</span>} />,
  );
  return calls;
}

async function type(value: string) {
  await userEvent.type(screen.getByLabelText('Scan or type a member code'), `${value}{Enter}`);
}

const paths = (calls: { url: URL }[]) => calls.map((c) => c.url.pathname);

it('one member found by phone digits is shown as if scanned; the visit waits for the press', async () => {
  const calls = setup([ANA]);
  await type('(312) 555-0142');
  expect(calls[0]!.url.searchParams.get('q')).toBe('(312) 555-0142');
  const member = await screen.findByRole('region', { name: 'Member Ana Lind' });
  expect(within(member).getByText('Phone ending •••• 0142')).toBeInTheDocument();
  expect(within(member).getByText('10 pts')).toBeInTheDocument();
  expect(within(member).getByText('tier for 10')).toBeInTheDocument();
  await within(member).findByRole('button', { name: 'Redeem Free Ice Cream Scoop' });
  expect(calls.at(-1)!.url.searchParams.get('customerId')).toBe(ANA.id);
  // Nothing is approved by the search itself.
  expect(paths(calls)).not.toContain('/api/visits/approve');
  await userEvent.click(within(member).getByRole('button', { name: 'Approve visit for Ana Lind' }));
  await screen.findByRole('region', { name: 'Visit Approved!' });
  const approval = calls.find((c) => c.url.pathname === '/api/visits/approve')!;
  expect(JSON.parse(String(approval.init!.body))).toEqual({
    token: `customer:${ANA.id}`,
    locationId: 'creamery',
  });
});

it('several members found by name are a list; choosing one shows that member', async () => {
  const calls = setup([ANA, ANN], true);
  await type('lind');
  const list = await screen.findByRole('region', { name: '2 members match “lind”' });
  expect(
    within(list).getByText('More members match: type more of the name or phone.'),
  ).toBeInTheDocument();
  const choices = within(list).getAllByRole('button');
  expect(choices).toHaveLength(2);
  within(list).getByRole('button', { name: 'Ana Lind phone ending 0142 10 pts · Silver' });
  const ann = within(list).getByRole('button', {
    name: 'Ann Lindqvist phone ending 7781 0 pts · Bronze',
  });
  await userEvent.click(ann);
  await screen.findByRole('region', { name: 'Member Ann Lindqvist' });
  expect(screen.queryByRole('region', { name: /members match/ })).not.toBeInTheDocument();
  expect(calls.at(-1)!.url.searchParams.get('customerId')).toBe(ANN.id);
  expect(paths(calls)).not.toContain('/api/visits/approve');
});

it("no match says 'No member found' and the code field keeps the focus", async () => {
  setup([]);
  await type('Nobody');
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('No member found')).toBeInTheDocument();
  expect(screen.getByLabelText('Scan or type a member code')).toHaveFocus();
});

it('the button says what Enter will do: find a member for a name or phone number', async () => {
  setup([]);
  await userEvent.type(screen.getByLabelText('Scan or type a member code'), 'Ana');
  expect(screen.getByRole('button', { name: 'Find member' })).toBeInTheDocument();
});
