// The admin's customer dialog shows SMS consent as double opt-in has it: "Pending confirmation"
// until the phone confirms, and the history's two steps (agreed on the form, confirmed by the phone).
import { screen } from '@testing-library/react';
import type { AdminCustomerDetail } from '@contract';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { CustomerDetailDialog } from './CustomerDetail.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const WORDING = 'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.';

function detail(customer: Partial<AdminCustomerDetail['customer']>, consents: AdminCustomerDetail['consents']): AdminCustomerDetail {
  return {
    customer: {
      id: ID, name: 'Ada Lovelace', phone: '3125550100', email: null, totalPoints: 0, status: 'Bronze',
      lastVisit: null, totalVisits: 0, createdAt: '2026-11-01T10:00:00Z', smsConsent: false, smsConsentPending: false,
      emailConsent: false, signupChannel: 'web', signupLocationId: null, signedIn: false, suspendedAt: null,
      suspensionReason: null, forgottenAt: null, ...customer,
    },
    visits: [], rewards: [], redemptions: [], ledger: [], consents,
  };
}

const step = (id: string, over: Partial<AdminCustomerDetail['consents'][number]>): AdminCustomerDetail['consents'][number] => ({
  id, channel: 'sms', wording: WORDING, scope: 'Village Rewards programme', signupChannel: null,
  createdAt: '2026-11-01T10:00:00Z', granted: true, source: 'signup', pending: false, ...over,
});

afterEach(() => vi.unstubAllGlobals());

function open(value: AdminCustomerDetail) {
  stubApi({ [`/api/admin/customers/${ID}`]: value });
  renderWithRouter(
    <CustomerDetailDialog customerId={ID} onClose={() => {}} renderStatus={(s) => s} businessName={() => ''} />,
  );
}

it('says a consent ticked on the form is pending confirmation', async () => {
  open(detail({ smsConsentPending: true }, [step('a1111111-1111-4111-8111-111111111111', { pending: true, signupChannel: 'web' })]));
  expect(await screen.findByText('Pending confirmation')).toBeInTheDocument();
  expect(screen.getByText(/SMS agreed on a form, to be confirmed by the phone/)).toBeInTheDocument();
});

it('shows both steps once the phone confirmed', async () => {
  open(
    detail({ smsConsent: true }, [
      step('b2222222-2222-4222-8222-222222222222', { source: 'sign_in', wording: 'Confirmed by signing in with a code sent to this phone' }),
      step('a1111111-1111-4111-8111-111111111111', { pending: true, signupChannel: 'web' }),
    ]),
  );
  expect(await screen.findByText(/SMS confirmed by a sign-in code/)).toBeInTheDocument();
  expect(screen.getByText(/SMS agreed on a form, to be confirmed by the phone/)).toBeInTheDocument();
  expect(screen.queryByText('Pending confirmation')).not.toBeInTheDocument();
});

it("links to the member's printable card", async () => {
  open(detail({}, []));
  expect(await screen.findByRole('link', { name: 'Print or replace member card' })).toHaveAttribute(
    'href',
    `/admin/card?customer=${ID}`,
  );
});

it('offers no card for a forgotten member', async () => {
  open(detail({ name: 'Forgotten member', phone: null, forgottenAt: '2026-11-20T10:00:00Z' }, []));
  await screen.findByText('No phone (forgotten)');
  expect(screen.queryByRole('link', { name: 'Print or replace member card' })).toBeNull();
});
