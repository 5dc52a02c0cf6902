// The member-record actions of the customer dialog: forgetting asks for a reason and FORGET typed
// out before anything is sent; a phone another member has shows the API's refusal; a suspended
// member shows the reason and offers to lift it; a forgotten one offers nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCustomerDetail } from '@contract';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { MemberRecordActions } from './MemberRecordActions.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const customer: AdminCustomerDetail['customer'] = {
  id: ID, name: 'Ada Lovelace', phone: '3125550100', email: null, totalPoints: 5, status: 'Bronze',
  lastVisit: null, totalVisits: 1, createdAt: '2026-11-01T10:00:00Z', smsConsent: false, smsConsentPending: false, emailConsent: false,
  signupChannel: 'web', signupLocationId: null, signedIn: true, suspendedAt: null, suspensionReason: null,
  forgottenAt: null,
};
const record = { id: ID, name: 'Forgotten member', phone: null, suspendedAt: null, suspensionReason: null, forgottenAt: '2026-11-26T00:00:00Z' };

function setup(value = customer) {
  const calls = stubApi({
    [`/api/admin/customers/${ID}/forget`]: () => [200, record],
    [`/api/admin/customers/${ID}/phone`]: () => [409, { error: { code: 'conflict', message: 'Another member has this phone number' } }],
  });
  renderWithRouter(<MemberRecordActions customer={value} />);
  return (path: string) =>
    calls.filter((c) => c.url.pathname.endsWith(path) && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)) as unknown);
}

it('forgets only with a reason and FORGET typed out', { timeout: 30_000 }, async () => {
  const posts = setup();
  await userEvent.click(screen.getByRole('button', { name: 'Forget member' }));
  const dialog = screen.getByRole('dialog', { name: 'Forget this member?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forget member' }));
  expect(within(dialog).getByText('Say why (at least 3 characters).')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Asked by email');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forget member' }));
  expect(within(dialog).getByText('Type FORGET to confirm.')).toBeInTheDocument();
  expect(posts('/forget')).toEqual([]);
  await userEvent.type(within(dialog).getByLabelText('Type FORGET to confirm'), 'FORGET');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Forget member' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posts('/forget')).toEqual([{ reason: 'Asked by email' }]);
});

it("shows the API's refusal of a phone another member has", { timeout: 30_000 }, async () => {
  const posts = setup();
  await userEvent.click(screen.getByRole('button', { name: 'Correct phone' }));
  const dialog = screen.getByRole('dialog', { name: 'Correct the phone number' });
  await userEvent.type(within(dialog).getByLabelText('New phone number'), '(312) 555-0199');
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'New number');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save phone' }));
  expect(await within(dialog).findByText('Another member has this phone number')).toBeInTheDocument();
  expect(posts('/phone')).toEqual([{ phone: '3125550199', reason: 'New number' }]);
});

it('shows a suspension with its reason and offers to lift it', () => {
  setup({ ...customer, suspendedAt: '2026-11-20T10:00:00Z', suspensionReason: 'Shared card' });
  expect(screen.getByText(/Suspended since .*: Shared card/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
});

it('offers nothing for a forgotten member', () => {
  setup({ ...customer, name: 'Forgotten member', phone: null, forgottenAt: '2026-11-26T00:00:00Z' });
  expect(screen.getByText(/This member was forgotten on/)).toBeInTheDocument();
  expect(screen.queryAllByRole('button')).toEqual([]);
});
