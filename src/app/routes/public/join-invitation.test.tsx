// /join?ref=CODE ("Bring a neighbour"): the invitation is said without naming the member, the code
// is filled in and sent; a code that is not one is said and never stops the join; a code typed in
// the optional field is sent cleaned.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast.ts';
import { renderRoute, stubApi } from '@/test/render-route.tsx';

const CUSTOMER_ID = '0b7f2a0e-5d2c-4c7e-9a57-1f3f1a9d2b10';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function fillAndSubmit(code?: string, beforeSubmit?: () => void) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Full Name *', {}, { timeout: 8000 }), 'Ann Lee');
  await user.type(screen.getByLabelText('Phone Number *'), '5551234567');
  if (code !== undefined) await user.type(screen.getByLabelText('Invitation code (optional)'), code);
  beforeSubmit?.();
  await user.click(screen.getByRole('button', { name: 'Join Now' }));
}

const joined = (referral: 'accepted' | 'invalid' | null) => () => ({
  status: 201,
  body: { customer: { id: CUSTOMER_ID, name: 'Ann Lee' }, welcomeReward: null, referral },
});

describe('joining with a neighbour\'s invitation', { timeout: 20_000 }, () => {
  it('says "You were invited by a neighbour", fills in the code and sends it', async () => {
    const { calls } = stubApi({
      'GET /api/referrals/K7WQ3P': () => ({ status: 200, body: { valid: true, bonusPoints: 10 } }),
      'POST /api/customers': joined('accepted'),
    });
    renderRoute('/join?ref=k7wq-3p');
    expect(await screen.findByText('You were invited by a neighbour.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Join with their code and make your first visit: you both get 10 points.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveValue('K7WQ3P');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Your neighbour's invitation is noted.")).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/customers')!.body).toEqual({
      name: 'Ann Lee', phone: '5551234567', smsConsent: false, emailConsent: false, referralCode: 'K7WQ3P',
    });
  });

  it('says a code that is unknown, and joins all the same', async () => {
    stubApi({
      'GET /api/referrals/ZZZZZZ': () => ({ status: 200, body: { valid: false, bonusPoints: 0 } }),
      'POST /api/customers': joined('invalid'),
    });
    renderRoute('/join?ref=ZZZZZZ');
    expect(await screen.findByText("This invitation code isn't one we know.", {}, { timeout: 8000 })).toBeInTheDocument();
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/We didn't recognise the invitation code/)).toBeInTheDocument();
  });

  it('never asks about a link whose code is not a code, and leaves it out of the join', async () => {
    const { calls } = stubApi({ 'POST /api/customers': joined(null) });
    renderRoute('/join?ref=hello%20there');
    expect(await screen.findByText("This invitation code isn't one we know.", {}, { timeout: 8000 })).toBeInTheDocument();
    await fillAndSubmit('not a code', () =>
      expect(screen.getByText(/doesn't look like an invitation code/)).toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.some((call) => call.route.startsWith('GET /api/referrals'))).toBe(false);
    expect(calls.find((call) => call.route === 'POST /api/customers')!.body).not.toHaveProperty('referralCode');
  });

  it('sends a code typed in the field, cleaned', async () => {
    const { calls } = stubApi({ 'POST /api/customers': joined('accepted') });
    renderRoute('/join');
    await fillAndSubmit(' k7wq 3p ');
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/customers')!.body).toMatchObject({ referralCode: 'K7WQ3P' });
  });
});
