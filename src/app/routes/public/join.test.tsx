// /join (PRODUCT §2, §5, §8): the payload, 'Creating Account...', the member QR on success, the
// offer of a sign-in code to a phone that cannot join again, and the error toast.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast.ts';
import { renderRoute, stubApi } from '@/test/render-route.tsx';

const CUSTOMER_ID = '0b7f2a0e-5d2c-4c7e-9a57-1f3f1a9d2b10';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
  await user.type(screen.getByLabelText('Phone Number *'), '5551234567');
  await user.click(screen.getByRole('button', { name: 'Join Now' }));
  return user;
}

describe('the general join page', () => {
  it('signs the visitor up without email or location and shows the member QR', async () => {
    const { calls } = stubApi({
      'POST /api/customers': () => ({
        status: 201,
        body: { customer: { id: CUSTOMER_ID, name: 'Ann Lee' }, welcomeReward: null },
      }),
    });
    renderRoute('/join');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toHaveFocus();
    expect(screen.getByText('Welcome to the programme!')).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/customers')!.body).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      smsConsent: false,
      emailConsent: false,
    });
    expect(screen.getByRole('img', { name: 'Your member QR code' })).toHaveAttribute(
      'width',
      '200',
    );
    expect(screen.getByText(CUSTOMER_ID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Access My Account' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('link', { name: 'Explore More Businesses' })).toHaveAttribute(
      'href',
      '/businesses',
    );
  });

  it("reads 'Creating Account...' while the sign-up is pending", async () => {
    stubApi({ 'POST /api/customers': () => new Promise(() => {}) });
    renderRoute('/join');
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('offers a sign-in code to a phone that cannot join again, without saying it is a member', async () => {
    const { calls } = stubApi({
      'POST /api/customers': () => ({
        status: 409,
        body: {
          error: { code: 'conflict', message: 'An account already exists with this phone number.' },
        },
      }),
      'POST /api/auth/send-code': () => ({ status: 200, body: { sent: true } }),
    });
    renderRoute('/join');
    const user = await fillAndSubmit();
    expect(
      await screen.findByRole('heading', { name: 'Sign in with this phone instead' }),
    ).toHaveFocus();
    expect(screen.queryByText('Account Already Exists')).not.toBeInTheDocument();
    expect(screen.queryByText(/already a member/)).not.toBeInTheDocument();
    expect(screen.getByText(/We can't start a new membership with \(555\) 123-4567/)).toBeInTheDocument();

    // "Use a different number" brings the form back as it was typed.
    await user.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(screen.getByLabelText('Full Name *')).toHaveValue('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    await user.click(await screen.findByRole('button', { name: 'Send a sign-in code to this phone' }));
    expect(await screen.findByText(/We sent a 6-digit code to \(555\) 123-4567/)).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/auth/send-code')!.body).toEqual({ phone: '5551234567' });
    expect(sessionStorage.getItem('login_phone')).toBe('5551234567');
  });

  it("says 'Signup Failed' for any other failure", async () => {
    stubApi({ 'POST /api/customers': () => ({ status: 500 }) });
    renderRoute('/join');
    await fillAndSubmit();
    expect(await screen.findByText('Signup Failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unable to create your account. Please try again or sign up at any participating business.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Required Fields' and calls nothing when the form is empty", async () => {
    const { calls } = stubApi({});
    renderRoute('/join');
    await userEvent.click(await screen.findByRole('button', { name: 'Join Now' }));
    expect(await screen.findByText('Please enter your name and phone number.')).toBeInTheDocument();
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([]);
  });
});
