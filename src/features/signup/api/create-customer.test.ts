// The sign-up payload (PRODUCT §7): email omitted when empty, and an SMS opt-in sent with the exact
// wording the form showed, which the API stores as the record of consent.
import { SMS_CONSENT_TEXT } from '@contract';
import { stubApi } from '@/test/render-route.tsx';
import { createCustomer } from './create-customer.ts';

const created = {
  status: 201,
  body: {
    customer: { id: '0b7e4a8e-8f0e-4b8a-9c3e-1f2a3b4c5d6e', name: 'Ann Lee' },
    welcomeReward: null,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('createCustomer', () => {
  it('sends the consent wording with an SMS opt-in', async () => {
    const { calls } = stubApi({ 'POST /api/customers': () => created });
    await createCustomer({
      name: 'Ann Lee',
      phone: '5551234567',
      email: '',
      smsConsent: true,
      emailConsent: false,
    });
    expect(calls[0]!.body).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      smsConsent: true,
      emailConsent: false,
      smsConsentWording: SMS_CONSENT_TEXT,
    });
  });

  it('sends no wording without an opt-in, and the email only when given', async () => {
    const { calls } = stubApi({ 'POST /api/customers': () => created });
    await createCustomer({
      name: 'Ann Lee',
      phone: '5551234567',
      email: 'ann@example.com',
      smsConsent: false,
      emailConsent: false,
    });
    expect(calls[0]!.body).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      email: 'ann@example.com',
      smsConsent: false,
      emailConsent: false,
    });
  });
});
