// The counter's member search: a typed name or phone number finds the member when
// their phone is flat — one match is shown for a visit on a deliberate press (by its lookup, never
// the member's card value) and with how to redeem (no Redeem button: a search is no proof the
// member is here); several are a list to choose from, none says so.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { Counter } from './Counter.tsx';

const ANA = {
  lookupId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Ana Lind',
  phoneLast4: '0142',
  totalPoints: 10,
  tier: 'Silver',
};
const ANN = {
  lookupId: '00000000-0000-4000-8000-0000000000a2',
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
    '/api/visits/approve': () => [
      200,
      {
        visitId: '00000000-0000-4000-8000-0000000000cc',
        customer: { name: 'Ana Lind' },
        foundBySearch: true,
        memberSeen: false,
        locationId: 'creamery',
        pointsEarned: 5,
        totalPoints: 15,
        unlockedRewards: [],
        redeemableRewards: [REWARD],
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

it('one member found by phone digits is shown for a visit on a press, never a redemption', async () => {
  const calls = setup([ANA]);
  await type('(312) 555-0142');
  expect(calls[0]!.url.searchParams.get('q')).toBe('(312) 555-0142');
  const member = await screen.findByRole('region', { name: 'Member Ana Lind' });
  expect(within(member).getByText('Phone ending •••• 0142')).toBeInTheDocument();
  expect(within(member).getByText('10 pts')).toBeInTheDocument();
  expect(within(member).getByText('tier for 10')).toBeInTheDocument();
  expect(within(member).getByRole('note')).toHaveTextContent(
    'To redeem, ask for the code on their phone or scan their card.',
  );
  expect(within(member).queryByRole('button', { name: /Redeem/ })).not.toBeInTheDocument();
  // Nothing is approved by the search itself, nor any reward looked up.
  expect(paths(calls)).toEqual(['/api/staff/members']);
  expect(paths(calls)).not.toContain('/api/visits/approve');
  await userEvent.click(within(member).getByRole('button', { name: 'Approve visit for Ana Lind' }));
  const result = await screen.findByRole('region', { name: 'Visit Approved!' });
  const approval = calls.find((c) => c.url.pathname === '/api/visits/approve')!;
  expect(JSON.parse(String(approval.init!.body))).toEqual({
    token: `lookup:${ANA.lookupId}`,
    locationId: 'creamery',
  });
  // Her reward is listed with how to redeem it, without a Redeem button.
  expect(within(result).getByText('Free Ice Cream Scoop')).toBeInTheDocument();
  expect(within(result).getByRole('note')).toHaveTextContent('ask for the code on their phone or scan their card');
  expect(within(result).queryByRole('button', { name: /Redeem/ })).not.toBeInTheDocument();
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
  expect(paths(calls)).toEqual(['/api/staff/members']);
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
