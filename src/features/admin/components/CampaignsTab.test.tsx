// The Campaigns tab: the count and the exact text before sending, the segment sent as chosen,
// figures of a sent campaign, and Cancel only on a scheduled one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { CampaignsTab } from './CampaignsTab.tsx';

const LOCATIONS = [
  { id: 'museum', businessName: 'Village Heritage Museum' },
  { id: 'creamery', businessName: 'Village Creamery' },
] as unknown as Parameters<typeof CampaignsTab>[0]['locations'];

const sent = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'started',
  message: 'Old offer.',
  body: 'Village Rewards: Old offer. Reply STOP to opt out.',
  locationId: 'museum',
  segment: { locationId: 'museum', tier: null, lastVisitBefore: null, lastVisitAfter: null, joinedSince: null },
  sendAt: '2026-11-20T15:00:00.000000+00:00',
  createdAt: '2026-11-20T15:00:00.000000+00:00',
  startedAt: '2026-11-20T15:00:00.000000+00:00',
  cancelledAt: null,
  recipients: 3,
  timeZone: 'America/Chicago',
  heldUntil: null,
  figures: { queued: 0, sent: 3, delivered: 2, failed: 0, optedOut: 1 },
};
// Started at night: its texts wait for 9:00 AM Chicago time (15:00 UTC in winter).
const held = {
  ...sent,
  id: '00000000-0000-4000-8000-000000000004',
  message: 'Night offer.',
  body: 'Village Rewards: Night offer. Reply STOP to opt out.',
  heldUntil: '2026-11-21T15:00:00.000000+00:00',
  figures: { queued: 3, sent: 0, delivered: 0, failed: 0, optedOut: 0 },
};
const scheduled = {
  ...sent,
  id: '00000000-0000-4000-8000-000000000002',
  status: 'scheduled',
  message: 'Later offer.',
  body: 'Village Rewards: Later offer. Reply STOP to opt out.',
  startedAt: null,
  recipients: null,
  figures: { queued: 0, sent: 0, delivered: 0, failed: 0, optedOut: 0 },
};

it('shows the count and exact text, sends the chosen segment, lists figures and cancels a scheduled one', async () => {
  const posted: unknown[] = [];
  const calls = stubApi({
    '/api/admin/campaigns': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return [201, { campaign: { ...sent, id: '00000000-0000-4000-8000-000000000003', message: 'Free tour.' } }];
      }
      return [200, { campaigns: [scheduled, sent, held] }];
    },
    '/api/admin/campaigns/preview': (_url: URL, init?: RequestInit) => {
      const { message } = JSON.parse(String(init?.body)) as { message: string };
      return [200, { recipients: 2, body: `Village Rewards: ${message} Reply STOP to opt out.`, partPriceCents: 0.83, tooFew: false }];
    },
    [`/api/admin/campaigns/${scheduled.id}/cancel`]: () => [200, { campaign: { ...scheduled, status: 'cancelled' } }],
  });
  const user = userEvent.setup();
  renderWithRouter(<CampaignsTab locations={LOCATIONS} />);

  const list = await screen.findByRole('list');
  const [first, second, third] = within(list).getAllByRole('listitem');
  // What really happened: sent, or queued until quiet hours end (in the programme's time zone).
  expect(within(second!).getByText('Sent', { selector: 'span' })).toBeInTheDocument();
  expect(within(third!).getByText('Queued — sends at 9:00 AM')).toBeInTheDocument();
  expect(within(first!).getByRole('button', { name: 'Cancel campaign' })).toBeInTheDocument();
  expect(within(second!).queryByRole('button', { name: 'Cancel campaign' })).not.toBeInTheDocument();
  expect(within(second!).getByText('Opted out').nextSibling).toHaveTextContent('1');
  expect(within(second!).getByText('To: visited Village Heritage Museum')).toBeInTheDocument();

  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  await user.type(screen.getByLabelText('Offer'), 'Free tour.');
  await user.selectOptions(screen.getByLabelText('Visited'), 'Village Heritage Museum');
  await user.selectOptions(screen.getByLabelText('Tier'), 'Gold');
  expect(await screen.findByText('Village Rewards: Free tour. Reply STOP to opt out.')).toBeInTheDocument();
  expect(screen.getByTestId('campaign-segments')).toHaveTextContent('Sent as 1 SMS per member (50 characters; 160 fit in one SMS).');
  expect(screen.getByTestId('campaign-cost')).toHaveTextContent('Estimated cost: $0.0166 ($0.0083 per member at 0.83¢ per SMS part');
  await user.click(await screen.findByRole('button', { name: 'Send to 2 members' }));
  await waitFor(() =>
    expect(posted).toEqual([
      {
        message: 'Free tour.',
        segment: { locationId: 'museum', tier: 'Gold', lastVisitAfter: null, lastVisitBefore: null, joinedSince: null },
        sendAt: null,
      },
    ]),
  );

  await user.click(within(first!).getByRole('button', { name: 'Cancel campaign' }));
  await waitFor(() =>
    expect(calls.some((c) => c.url.pathname === `/api/admin/campaigns/${scheduled.id}/cancel` && c.init?.method === 'POST')).toBe(true),
  );
}, 20_000);

it("on /owner the business is fixed: no choice of another, and the segment is always the owner's", async () => {
  const posted: unknown[] = [];
  stubApi({
    '/api/admin/campaigns': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return [201, { campaign: { ...sent, locationId: 'creamery', message: 'Two scoops.' } }];
      }
      return [200, { campaigns: [] }];
    },
    '/api/admin/campaigns/preview': (_url: URL, init?: RequestInit) => {
      const { message } = JSON.parse(String(init?.body)) as { message: string };
      // Fewer than 3 until the segment widens (no tier chosen).
      const { segment } = JSON.parse(String(init?.body)) as { segment: { tier: string | null } };
      const body = `Village Creamery (Village Rewards): ${message} Reply STOP to opt out.`;
      return [200, segment.tier ? { recipients: null, body, partPriceCents: 0.83, tooFew: true } : { recipients: 4, body, partPriceCents: 0.83, tooFew: false }];
    },
  });
  const user = userEvent.setup();
  renderWithRouter(<CampaignsTab locations={LOCATIONS} locationId="creamery" />);

  expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Visited' })).not.toBeInTheDocument();
  expect(screen.getByText('Village Creamery')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Offer'), 'Two scoops.');
  await user.selectOptions(screen.getByLabelText('Tier'), 'Gold');
  expect(await screen.findByTestId('campaign-too-few')).toHaveTextContent('goes to at least 3 members');
  expect(screen.getByTestId('campaign-recipients')).toHaveTextContent('Fewer than 3 members who agreed to texts will get:');
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  await user.selectOptions(screen.getByLabelText('Tier'), 'Any tier');
  expect(await screen.findByText('Village Creamery (Village Rewards): Two scoops. Reply STOP to opt out.')).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Send to 4 members' }));
  await waitFor(() =>
    expect(posted).toEqual([
      {
        message: 'Two scoops.',
        segment: { locationId: 'creamery', tier: null, lastVisitAfter: null, lastVisitBefore: null, joinedSince: null },
        sendAt: null,
      },
    ]),
  );
}, 20_000);

it("says what is wrong with a message holding a hidden character, in the API's words", async () => {
  stubApi({
    '/api/admin/campaigns': () => [200, { campaigns: [] }],
    '/api/admin/campaigns/preview': () => [
      400,
      {
        error: {
          code: 'invalid_input',
          message: 'Invalid body',
          fields: { message: ['Message has an invisible or text-direction character (U+202E); remove it'] },
        },
      },
    ],
  });
  const user = userEvent.setup();
  renderWithRouter(<CampaignsTab locations={LOCATIONS} />);
  await user.type(screen.getByLabelText('Offer'), 'Sale today');
  expect(
    await screen.findByText('Could not count the members. Message has an invisible or text-direction character (U+202E); remove it'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
});

