// /business/{id}/join (PRODUCT §2, §5, §8): unknown id → /businesses, the welcome banner, the
// location sent with the sign-up, 'Joining...', the success view and the page's own error toasts.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast.ts';
import { LOCATIONS, renderRoute, stubApi } from '@/test/render-route.tsx';

const CUSTOMER_ID = '0b7f2a0e-5d2c-4c7e-9a57-1f3f1a9d2b10';
const locations = () => ({ status: 200, body: LOCATIONS });

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function fillAndSubmit(button = 'Join & Get Free Ice Cream Scoop') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
  await user.type(screen.getByLabelText('Phone Number *'), '5551234567');
  await user.type(screen.getByLabelText('Email Address (Optional)'), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: button }));
}

describe('a business join page', () => {
  it('sends an unknown business to /businesses', async () => {
    stubApi({ 'GET /api/locations': locations });
    const { router } = renderRoute('/business/nowhere/join');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Participating Businesses' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/businesses');
  });

  it('shows the business, its welcome reward banner, and the links back and to sign in', async () => {
    stubApi({ 'GET /api/locations': locations });
    renderRoute('/business/creamery/join');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join at Village Creamery' }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('note', { name: 'Welcome reward' });
    expect(banner).toHaveTextContent('Free Ice Cream Scoop');
    expect(banner).toHaveTextContent('One free scoop on your first visit.');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Back to Businesses' })).toHaveAttribute(
      'href',
      '/businesses',
    );
    expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText('Email Address (Optional)')).toBeInTheDocument();
    expect(document.title).toBe('Join at Village Creamery · Village Rewards');
  });

  it('signs up at this business and shows the reward and the member QR', async () => {
    const { calls } = stubApi({
      'GET /api/locations': locations,
      'POST /api/customers': () => ({
        status: 201,
        body: {
          customer: { id: CUSTOMER_ID, name: 'Ann Lee' },
          welcomeReward: {
            name: 'Free Ice Cream Scoop',
            description: 'One free scoop on your first visit.',
          },
        },
      }),
    });
    renderRoute('/business/creamery/join');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/customers')!.body).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      email: 'ann@example.com',
      smsConsent: false,
      emailConsent: false,
      locationId: 'creamery',
    });
    expect(screen.getByText('Welcome to the programme!')).toBeInTheDocument();
    expect(screen.getByText('Free Ice Cream Scoop')).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_ID)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your member QR code' })).toHaveAttribute(
      'height',
      '200',
    );
  });

  it("reads 'Joining...' while pending", async () => {
    stubApi({
      'GET /api/locations': locations,
      'POST /api/customers': () => new Promise(() => {}),
    });
    renderRoute('/business/joanies/join');
    await fillAndSubmit('Join & Get Free Garlic Bread');
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  });

  it('answers a phone that cannot join again with the offer of a sign-in code to it', async () => {
    stubApi({
      'GET /api/locations': locations,
      'POST /api/customers': () => ({
        status: 409,
        body: {
          error: { code: 'conflict', message: 'An account already exists with this phone number.' },
        },
      }),
    });
    renderRoute('/business/creamery/join');
    await fillAndSubmit();
    expect(
      await screen.findByRole('button', { name: 'Send a sign-in code to this phone' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    expect(screen.queryByText('Sign Up Failed')).not.toBeInTheDocument();
  });

  it("answers any other failure with 'Failed to sign up. Please try again.'", async () => {
    stubApi({
      'GET /api/locations': locations,
      'POST /api/customers': () => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many sign-ups' } },
      }),
    });
    renderRoute('/business/creamery/join');
    await fillAndSubmit();
    expect(await screen.findByText('Failed to sign up. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Sign Up Failed')).toBeInTheDocument();
  });

  it("shows 'Required Fields' for a missing phone", async () => {
    stubApi({ 'GET /api/locations': locations });
    renderRoute('/business/creamery/join');
    await userEvent.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Join & Get Free Ice Cream Scoop' }));
    expect(await screen.findByText('Required Fields')).toBeInTheDocument();
    expect(screen.getByText('Please enter your name and phone number.')).toBeInTheDocument();
  });

  it('says so, with Retry, when the businesses cannot be loaded', async () => {
    stubApi({
      'GET /api/locations': () => ({
        status: 503,
        body: { error: { code: 'upstream_unavailable', message: 'The service is busy.' } },
      }),
    });
    renderRoute('/business/creamery/join');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
