// POST /api/auth/send-code: a sign-in code by SMS (Supabase Auth phone OTP), within the limits.
import { routes } from '../../contract.ts';
import { endpoint, UNAVAILABLE } from '../../endpoint.ts';
import { BAD_INPUT, BAD_TOKEN, EVERYONE, TOO_LARGE } from '../texts.ts';
import { e164 } from './phone.ts';

export const sendCode = endpoint({
  ...routes.sendCode, tag: 'Auth', roles: EVERYONE,
  summary: 'Send a sign-in code by SMS (Supabase Auth phone OTP)',
  description:
    'At most `private.settings.sign_in_codes_per_day` codes (5) per phone per 24 hours, counted by Supabase ' +
    'Auth\'s Send SMS hook (`POST /api/hooks/send-sms`) for codes it really sends, so the cap holds on ' +
    '`/auth/v1/otp` too and a send Auth refuses (its per-phone `max_frequency`) uses up nothing. On top: the ' +
    'per-address limit below and Auth\'s own limits. A new code gives the phone a fresh allowance of wrong ' +
    'tries (see verify).',
  errors: {
    400: `${BAD_INPUT} Or Supabase Auth refused the phone.`, 401: BAD_TOKEN, 413: TOO_LARGE,
    429: 'Too many codes for this phone today (the Send SMS hook), from this client address, or Supabase Auth\'s own limits.',
    503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [
    { rule: 'sendCodePerIp', bucket: 'send-code:ip', key: ({ clientAddress }) => clientAddress, text: 'codes per client address' },
  ],
  async handler({ body, auth }) {
    await auth.sendOtp(e164(body.phone));
    return { sent: true };
  },
});
