// The admin's Draws tab: the form sends the draw as typed (a voucher in cents, the rule, a
// commitment only when the operator keeps their own seed), refuses what the contract refuses,
// and a drawn draw shows its winner; /account's line says how many entries and what a next one takes.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyDraw } from '@contract';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { entriesSentence } from '../lib/words.ts';
import { DrawsTab } from './DrawsTab.tsx';
import { MyDrawEntries } from './MyDrawEntries.tsx';

const LOCATIONS = [
  { id: 'creamery', businessName: 'Village Creamery' },
  { id: 'museum', businessName: 'Village Heritage Museum' },
] as unknown as Parameters<typeof DrawsTab>[0]['locations'];

const HASH = 'a'.repeat(64);
const drawn = {
  id: '00000000-0000-4000-8000-000000000010', month: '2026-10', monthLabel: 'October 2026', status: 'drawn',
  sponsor: { locationId: 'creamery', businessName: 'Village Creamery' },
  prize: { kind: 'voucher', name: '$25 in the village', description: '', valueCents: 2500 },
  rule: { minBusinesses: 2, maxEntries: 3 }, commitment: HASH, seed: 'b'.repeat(64), drawnAt: '2026-11-01T15:00:00.000000+00:00',
  totalEntries: 7, entriesSha256: 'c'.repeat(64), winningTicket: 4, winnerEntryId: 'd'.repeat(64),
  entries: [{ entryId: 'd'.repeat(64), entries: 7 }],
  entrants: 4, entriesSoFar: null, seedKept: true, winner: { customerId: '00000000-0000-4000-8000-000000000020', name: 'Ann Winner' },
  prizeStatus: 'unlocked',
};

it('sets up a draw as typed, refuses a bad commitment, and shows a drawn draw with its winner', async () => {
  const posted: unknown[] = [];
  stubApi({
    '/api/admin/draws': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { month: string };
        posted.push(body);
        return [201, { ...drawn, id: '00000000-0000-4000-8000-000000000011', month: body.month, monthLabel: 'January 2099',
                       status: 'committed', seed: null, totalEntries: null, entriesSha256: null, winningTicket: null,
                       winnerEntryId: null, entries: null, drawnAt: null, seedKept: false }];
      }
      return [200, { draws: [drawn] }];
    },
  });
  const user = userEvent.setup();
  renderWithRouter(<DrawsTab locations={LOCATIONS} />);

  expect(await screen.findByText('Ann Winner')).toBeInTheDocument();
  expect(screen.getByText(/4 members, 7 entries/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Run the draw' })).not.toBeInTheDocument();

  await user.clear(screen.getByLabelText('Month of the draw'));
  await user.type(screen.getByLabelText('Month of the draw'), '2099-01');
  await user.selectOptions(screen.getByLabelText('Sponsoring business'), 'Village Heritage Museum');
  await user.type(screen.getByLabelText('Prize name'), 'A year of museum passes');
  await user.clear(screen.getByLabelText('Voucher amount ($)'));
  await user.type(screen.getByLabelText('Voucher amount ($)'), '40.50');
  await user.clear(screen.getByLabelText('Most entries per member'));
  await user.type(screen.getByLabelText('Most entries per member'), '4');
  await user.click(screen.getByLabelText('I keep the seed myself and give its SHA-256 fingerprint'));
  await user.type(screen.getByLabelText('SHA-256 of your seed'), 'not a hash');
  await user.click(screen.getByRole('button', { name: 'Set up the draw' }));
  expect(await screen.findByText('a SHA-256 in hex: 64 characters 0-9 and a-f')).toBeInTheDocument();
  expect(screen.getByLabelText('SHA-256 of your seed')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toEqual([]);

  await user.clear(screen.getByLabelText('SHA-256 of your seed'));
  await user.type(screen.getByLabelText('SHA-256 of your seed'), HASH.toUpperCase());
  await user.click(screen.getByRole('button', { name: 'Set up the draw' }));
  await waitFor(() => expect(posted).toEqual([{
    month: '2099-01', sponsorLocationId: 'museum', prizeKind: 'voucher', prizeName: 'A year of museum passes',
    prizeDescription: '', prizeValueCents: 4050, minBusinesses: 2, maxEntries: 4, commitment: HASH,
  }]));
}, 20_000);

const mine: MyDraw = {
  id: '00000000-0000-4000-8000-000000000012', month: '2026-11', monthLabel: 'November 2026', status: 'committed',
  prize: { kind: 'voucher', name: '$25 in the village', valueCents: 2500 }, sponsorName: 'Village Creamery',
  rule: { minBusinesses: 2, maxEntries: 3 }, eligible: true, businesses: 3, entries: 2, businessesForNextEntry: 1,
  entryId: HASH, won: false,
};

it("shows the member's entries on /account: two entries, one more business for a third", async () => {
  stubApi({ '/api/me/draws': () => [200, { draws: [mine] }] });
  renderWithRouter(<MyDrawEntries />);
  expect(await screen.findByText('2 entries in the November draw — visit one more business for a third.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'How the draw works and how to check it' })).toHaveAttribute('href', '/draws');
});

it('says nothing when there is no draw, and words every other case plainly', async () => {
  stubApi({ '/api/me/draws': () => [200, { draws: [] }] });
  const { container } = renderWithRouter(<MyDrawEntries />);
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  expect(container).toBeEmptyDOMElement();
  expect(entriesSentence({ ...mine, businesses: 0, entries: 0, businessesForNextEntry: 2 }))
    .toBe('No entries yet in the November draw — visit two more businesses this month to enter.');
  expect(entriesSentence({ ...mine, businesses: 2, entries: 1, businessesForNextEntry: 1 }))
    .toBe('1 entry in the November draw — visit one more business for a second.');
  expect(entriesSentence({ ...mine, businesses: 5, entries: 3, businessesForNextEntry: null }))
    .toBe('3 entries in the November draw — the most anyone can have.');
  expect(entriesSentence({ ...mine, eligible: false, entries: 0, businessesForNextEntry: null }))
    .toBe("Staff, owners and the programme's team are not entered in the November draw.");
  expect(entriesSentence({ ...mine, status: 'drawn', won: true })).toBe('You won the November draw! Your prize is in your rewards below.');
  render(<p>{entriesSentence({ ...mine, status: 'drawn', entries: 0, businessesForNextEntry: null })}</p>);
  expect(screen.getByText('The November draw has been drawn.')).toBeInTheDocument();
});
