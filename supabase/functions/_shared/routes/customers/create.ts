// POST /api/customers: sign-up from the kiosk, a business's join page or the general join page.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, TOO_LARGE } from '../texts.ts';

export const createCustomer = endpoint({
  ...routes.createCustomer, tag: 'Customers', roles: EVERYONE,
  summary: 'Sign up a customer (kiosk, business join page or general join page)',
  description:
    'One customer per phone. With a locationId the response carries that business\'s welcome reward ' +
    '(unlocked on the first approved visit there). A signed-in member whose phone was proven by an SMS code ' +
    '(token `amr` otp/sms) is linked to the new customer. `smsConsentWording` records the exact consent text ' +
    'shown (the contract\'s SMS_CONSENT_TEXT; any other text is a 400). The channel (kiosk, business, web) ' +
    'follows from the caller and locationId. `referralCode`: a neighbour\'s invitation code (docs/RULES.md ' +
    '"Referrals"); an unknown code never stops the sign-up — `referral` answers `invalid` — and whether a ' +
    'valid one earns a bonus is never said.',
  errors: {
    400: BAD_INPUT, 401: BAD_TOKEN, 404: 'Unknown location.',
    409: 'An account already exists with this phone number.', 413: TOO_LARGE,
    429: 'Too many sign-ups from this kiosk device or client address.',
  },
  limits: [
    {
      rule: 'customersPerClient', bucket: 'customers',
      key: ({ caller, clientAddress }) => (caller.kind === 'kiosk' ? `kiosk:${caller.userId}` : `ip:${clientAddress}`),
      text: 'sign-ups per kiosk device, or per client address for everyone else',
    },
  ],
  handler: ({ call, body }) =>
    call('app.create_customer_with_referral', {
      p_name: body.name,
      p_phone: body.phone,
      p_email: body.email,
      p_sms_consent: body.smsConsent,
      p_email_consent: body.emailConsent,
      p_location_id: body.locationId,
      p_sms_consent_wording: body.smsConsentWording,
      p_referral_code: body.referralCode,
    }),
});
