// Mobile screens (PRODUCT §2 /mobile, /mobile/otp, /mobile/qr, /mobile/wallet; §5; §8).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eachTest, fakeApi, fakeAuth, fakeSupabaseModule, sessionFor } from '@/test/fake-api.ts';
import { renderRoute } from '@/test/render-route.tsx';

vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule());

const CUSTOMER_ID = '33333333-3333-4333-8333-333333333333';
const verified = {
  session: { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 3600, user: { id: CUSTOMER_ID } },
  customer: { id: CUSTOMER_ID, name: 'Ada', phone: '5551234567' },
  created: true,
};
function meOf(visits: number, rewards: unknown[] = []) {
  return {
    customer: { id: CUSTOMER_ID, name: 'Ada', phone: '5551234567', email: null },
    totalPoints: visits * 5,
    tier: { name: 'Bronze', minPoints: 0 },
    nextGoal: { target: 10, label: '$5 Off - Silver Status', pointsNeeded: 10 - visits * 5 },
    rewards,
    visitedLocations: [],
    totalVisits: visits,
    recentRedemptions: [],
  };
}

eachTest();

describe('/mobile', () => {
  it("missing name or phone: 'Required Fields'", async () => {
    const api = fakeApi({});
    renderRoute('/mobile');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Required Fields')).toBeInTheDocument();
    expect(screen.getByText('Please enter your name and phone number.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a code, stores signup_data and opens /mobile/otp', async () => {
    const api = fakeApi({ 'POST /api/auth/send-code': [200, { sent: true }] });
    const { router } = renderRoute('/mobile');
    await userEvent.type(await screen.findByLabelText('Your Name *'), 'Ada');
    await userEvent.type(screen.getByLabelText('Phone Number *'), '5551234567');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/otp'));
    expect(api.of('POST /api/auth/send-code')[0]!.body).toEqual({ phone: '5551234567' });
    expect(JSON.parse(sessionStorage.getItem('signup_data')!)).toEqual({
      phone: '5551234567',
      name: 'Ada',
      smsConsent: true,
    });
  });

  it('a failed send says so', async () => {
    fakeApi({ 'POST /api/auth/send-code': [500, {}] });
    renderRoute('/mobile');
    await userEvent.type(await screen.findByLabelText('Your Name *'), 'Ada');
    await userEvent.type(screen.getByLabelText('Phone Number *'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument();
  });
});

describe('/mobile/otp', () => {
  const store = (data: object) => sessionStorage.setItem('signup_data', JSON.stringify(data));

  it('without stored sign-up data it returns to /mobile', async () => {
    fakeApi({});
    const { router } = renderRoute('/mobile/otp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile'));
  });

  it("keeps 'Verify & Continue' disabled until 6 digits, and strips non-digits", async () => {
    store({ phone: '5551234567', name: 'Ada', smsConsent: false });
    fakeApi({});
    renderRoute('/mobile/otp');
    expect(await screen.findByRole('heading', { name: 'Verify Your Phone' })).toBeInTheDocument();
    const input = screen.getByLabelText('Verification code');
    const submit = screen.getByRole('button', { name: 'Verify & Continue' });
    await userEvent.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(submit).toBeDisabled();
    await userEvent.type(input, '5678');
    expect(input).toHaveValue('123456');
    expect(submit).toBeEnabled();
  });

  it("sends the sign-up data with 'Mobile User' when the name is missing; success → 'Welcome!' and /mobile/qr", async () => {
    store({ phone: '5551234567', name: '', smsConsent: true });
    const api = fakeApi({ 'POST /api/auth/verify': [200, verified] });
    const { router } = renderRoute('/mobile/otp');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Continue' }));
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been verified successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/qr'));
    expect(api.of('POST /api/auth/verify')[0]!.body).toEqual({
      phone: '5551234567',
      code: '123456',
      name: 'Mobile User',
      smsConsent: true,
      emailConsent: false,
    });
    expect(sessionStorage.getItem('signup_data')).toBeNull();
  });

  it("a wrong code: 'Invalid Code' / 'The verification code is invalid or expired.'", async () => {
    store({ phone: '5551234567', name: 'Ada', smsConsent: false });
    fakeApi({ 'POST /api/auth/verify': [401, { error: { code: 'unauthorized', message: 'bad' } }] });
    renderRoute('/mobile/otp');
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Continue' }));
    expect(await screen.findByText('Invalid Code')).toBeInTheDocument();
    expect(screen.getByText('The verification code is invalid or expired.')).toBeInTheDocument();
  });

  it("resend: 'Code Sent', or 'Failed to resend code. Please try again.'", async () => {
    store({ phone: '5551234567', name: 'Ada', smsConsent: false });
    let fail = false;
    fakeApi({ 'POST /api/auth/send-code': () => (fail ? [500, {}] : [200, { sent: true }]) });
    renderRoute('/mobile/otp');
    expect(await screen.findByText("Didn't receive code?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Code Sent')).toBeInTheDocument();
    expect(screen.getByText('A new verification code has been sent.')).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Failed to resend code. Please try again.')).toBeInTheDocument();
  });
});

describe('/mobile/qr', () => {
  it("signed out: 'Please sign in to continue' with a button to /mobile", async () => {
    fakeApi({});
    renderRoute('/mobile/qr');
    expect(await screen.findByRole('heading', { name: 'Please sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/mobile');
  });

  it('shows a check-in token QR for the default location, valid 15 minutes, and the approval staff make', async () => {
    act(() => fakeAuth.set(sessionFor({})));
    let visits = 0;
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const api = fakeApi({
      'GET /api/me': () => [200, meOf(visits)],
      'POST /api/checkin/start': [201, { token: 'tok-123', expiresAt }],
      'GET /api/demo': [200, { demoMode: false }],
    });
    renderRoute('/mobile/qr');
    expect(await screen.findByRole('heading', { name: 'Hi, Ada!' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your check-in QR code' })).toBeInTheDocument();
    expect(screen.getByText('Valid for 15 minutes')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Expires in 1[45]:\d\d/);
    // No business: the counter that scans it decides.
    expect(api.of('POST /api/checkin/start')[0]!.body).toEqual({});
    expect(screen.queryByRole('button', { name: 'Simulate Scan' })).not.toBeInTheDocument();
    visits = 1; // staff scanned it
    expect(await screen.findByRole('heading', { name: 'Visit Approved!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('5 points added. Total: 5 points.')).toBeInTheDocument();
  });

  it("offers 'Simulate Scan' in demo mode, which approves through the API", async () => {
    act(() => fakeAuth.set(sessionFor({})));
    sessionStorage.setItem('current_location_id', 'museum');
    const api = fakeApi({
      'GET /api/me': [200, meOf(0)],
      'POST /api/checkin/start': [201, { token: 'tok-9', expiresAt: new Date(Date.now() + 900_000).toISOString() }],
      'GET /api/demo': [200, { demoMode: true }],
      'POST /api/demo/simulate-scan': [
        200,
        {
          visitId: '44444444-4444-4444-8444-444444444444',
          customer: { id: CUSTOMER_ID, name: 'Ada' },
          foundBySearch: false,
          memberSeen: false,
          locationId: 'museum',
          pointsEarned: 5,
          totalPoints: 5,
          unlockedRewards: [{ id: '55555555-5555-4555-8555-555555555555', name: 'Free Admission', description: 'x', scope: 'location' }],
          redeemableRewards: [],
        },
      ],
    });
    renderRoute('/mobile/qr');
    await userEvent.click(await screen.findByRole('button', { name: 'Simulate Scan' }));
    expect(await screen.findByRole('heading', { name: 'Visit Approved!' })).toBeInTheDocument();
    expect(screen.getByText(/Free Admission/)).toBeInTheDocument();
    expect(api.of('POST /api/demo/simulate-scan')[0]!.body).toEqual({ token: 'tok-9' });
    // Even with a kiosk's business stored in the tab, the phone's token names none.
    expect(api.of('POST /api/checkin/start')[0]!.body).toEqual({});
  });

  it('an expired token says so, stops polling, and Refresh QR Code gets a new one', async () => {
    act(() => fakeAuth.set(sessionFor({})));
    let n = 0;
    const api = fakeApi({
      'GET /api/me': [200, meOf(0)],
      'GET /api/demo': [200, { demoMode: false }],
      'POST /api/checkin/start': () => {
        n += 1;
        const expiresAt = new Date(Date.now() + (n === 1 ? -1000 : 900_000)).toISOString();
        return [201, { token: `tok-${n}`, expiresAt }];
      },
    });
    renderRoute('/mobile/qr');
    expect(await screen.findByText('This QR code has expired. Tap Refresh QR Code for a new one.')).toBeInTheDocument();
    // The first read and the fresh baseline before the token; no polling of an expired code.
    expect(api.of('GET /api/me')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh QR Code' }));
    expect(await screen.findByRole('img', { name: 'Your check-in QR code' })).toBeInTheDocument();
    expect(api.of('POST /api/checkin/start')).toHaveLength(2);
  });

  it("a failed token says 'Failed to generate QR code. Please try again.'", async () => {
    act(() => fakeAuth.set(sessionFor({})));
    fakeApi({ 'GET /api/me': [200, meOf(0)], 'POST /api/checkin/start': [500, {}], 'GET /api/demo': [200, { demoMode: false }] });
    renderRoute('/mobile/qr');
    expect(await screen.findByText('Failed to generate QR code. Please try again.')).toBeInTheDocument();
  });
});

describe('/mobile/wallet', () => {
  it("signed out: 'Please sign in to continue'", async () => {
    fakeApi({});
    renderRoute('/mobile/wallet');
    expect(await screen.findByRole('heading', { name: 'Please sign in to continue' })).toBeInTheDocument();
  });
});
