// Sign-in screens (PRODUCT §2 /login, /checkin, /login/verify; §5; §8): every validation rule,
// redirect and toast.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eachTest, fakeApi, fakeSupabaseModule } from '@/test/fake-api.ts';
import { renderRoute } from '@/test/render-route.tsx';

vi.mock('@/lib/supabase.ts', () => fakeSupabaseModule());

const session = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  user: { id: '33333333-3333-4333-8333-333333333333' },
};
const verified = {
  session,
  customer: { id: '33333333-3333-4333-8333-333333333333', name: 'Ada', phone: '5551234567' },
  created: false,
};

eachTest();

describe.each(['/login', '/checkin'])('%s', (path) => {
  it("an empty phone says 'Phone Required' and sends nothing", async () => {
    const api = fakeApi({});
    renderRoute(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Phone Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the digits only, stores login_phone and opens the code screen', async () => {
    const api = fakeApi({ 'POST /api/auth/send-code': [200, { sent: true }] });
    const { router } = renderRoute(path);
    await userEvent.type(await screen.findByLabelText('Phone Number'), '(555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/verify'));
    expect(api.of('POST /api/auth/send-code')[0]!.body).toEqual({ phone: '5551234567' });
    expect(sessionStorage.getItem('login_phone')).toBe('5551234567');
  });

  it('a failed send says so', async () => {
    fakeApi({ 'POST /api/auth/send-code': [429, { error: { code: 'rate_limited', message: 'Slow down' } }] });
    renderRoute(path);
    await userEvent.type(await screen.findByLabelText('Phone Number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument();
  });

  it("'Join' goes to /join", async () => {
    fakeApi({});
    renderRoute(path);
    expect(await screen.findByRole('link', { name: 'Join' })).toHaveAttribute('href', '/join');
  });
});

describe('/login/verify', () => {
  it('without a stored login phone it returns to /login', async () => {
    fakeApi({});
    const { router } = renderRoute('/login/verify');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("an empty code says 'Code Required'; the input takes at most 6 digits", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    const api = fakeApi({});
    renderRoute('/login/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Code Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('maxLength', '6');
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: '← Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it("no account: 'Account Not Found', then /join after 2 seconds", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    fakeApi({
      'POST /api/auth/verify': [404, { error: { code: 'not_found', message: 'No account found with this phone number' } }],
    });
    const { router } = renderRoute('/login/verify');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Account Not Found')).toBeInTheDocument();
    expect(screen.getByText('No account found with this phone number. Please sign up first.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/login/verify');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
  });

  it("a proven phone without an account: 'Account Not Found', then /join with that phone filled in and verified", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    fakeApi({ 'POST /api/auth/verify': [200, { ...verified, customer: null }] });
    const { router } = renderRoute('/login/verify');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Account Not Found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'), { timeout: 3000 });
    const phone = await screen.findByLabelText('Phone Number *');
    expect(phone).toHaveValue('(555) 123-4567');
    expect(phone).toHaveAttribute('readonly');
    expect(screen.getByText(/Verified by your sign-in code/)).toBeInTheDocument();
    // The error toast belonged to the sign-in screen: it does not cover the join form.
    await waitFor(() => expect(screen.queryByText('Account Not Found')).not.toBeInTheDocument());
  });

  it("a wrong code: 'Verification Failed'", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    fakeApi({ 'POST /api/auth/verify': [401, { error: { code: 'unauthorized', message: 'Invalid code' } }] });
    const { router } = renderRoute('/login/verify');
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired code. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/verify');
  });

  it("success: 'Welcome Back!', login_phone cleared, /account", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    const api = fakeApi({ 'POST /api/auth/verify': [200, verified] });
    const { router } = renderRoute('/login/verify');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Welcome Back!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully signed in to your account.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(sessionStorage.getItem('login_phone')).toBeNull();
    expect(api.of('POST /api/auth/verify')[0]!.body).toEqual({ phone: '5551234567', code: '123456', continueToJoin: true });
  });

  it("resend: 'Code Sent', or the resend failure", async () => {
    sessionStorage.setItem('login_phone', '5551234567');
    let fail = false;
    fakeApi({
      'POST /api/auth/send-code': () => (fail ? [500, {}] : [200, { sent: true }]),
    });
    renderRoute('/login/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Code Sent')).toBeInTheDocument();
    expect(screen.getByText('A new verification code has been sent.')).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Failed to resend code. Please try again.')).toBeInTheDocument();
  });
});
