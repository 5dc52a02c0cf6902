// POST /api/auth/verify: verify a sign-in code (login, or the mobile sign-up variant that
// creates the customer); answers the Supabase session and the customer.
import { callerFromToken } from '../../auth.ts';
import { routes } from '../../contract.ts';
import { endpoint, UNAVAILABLE } from '../../endpoint.ts';
import { ApiError, fromDatabaseError } from '../../errors.ts';
import { BAD_INPUT, EVERYONE, TOO_LARGE } from '../texts.ts';
import { countedVerify } from './counted-verify.ts';
import { e164 } from './phone.ts';

export const verifyCode = endpoint({
  ...routes.verifyCode, tag: 'Auth', roles: EVERYONE,
  summary: 'Verify a sign-in code; answers the Supabase session and the customer',
  description:
    'Links the Supabase Auth user to the customer with this phone. With `name` (the mobile sign-up variant) a ' +
    'missing customer is created (`created: true`) instead of the 404. A member already linked keeps their ' +
    'link even when the phone now matches another customer (no error). After ' +
    '`private.settings.sign_in_code_max_failures` (5) wrong tries the phone\'s current code is dead: even the ' +
    'right code then answers 401 until a new code is sent (and Supabase Auth\'s Custom Access Token hook refuses ' +
    'a session for that code at `/auth/v1/verify` too). Store the session with supabase-js `setSession`. ' +
    'When no customer results, the new session is signed out again — except with `continueToJoin` (login, no ' +
    'name): then the answer is 200 with `customer: null` and the session, whose phone is proven, so the join page ' +
    'creates the customer linked to it without texting a second code. With `name`, `referralCode` is a ' +
    'neighbour\'s invitation code, recorded when the customer is created (`referral`).',
  errors: {
    400: BAD_INPUT, 401: 'The code is wrong or expired, or had too many wrong tries.',
    404: 'No account found with this phone number (login without name).',
    413: TOO_LARGE, 429: 'Too many verification attempts for this phone.', 503: `Supabase Auth is unreachable. ${UNAVAILABLE}`,
  },
  limits: [{ rule: 'verifyPerPhone', bucket: 'verify:phone', key: ({ body }) => body.phone, text: 'verification attempts per phone' }],
  async handler({ body, auth, verifier, config, call, callAsService }) {
    const session = await countedVerify({ auth, callAsService }, e164(body.phone), body.code);
    try {
      // The new session's token is verified like any other before it identifies anyone.
      const caller = await callerFromToken(session.access_token, config.anonKey, verifier);
      const claimed = await call(
        'app.claim_customer_with_referral',
        {
          p_name: body.name,
          p_email: body.email,
          p_sms_consent: body.smsConsent,
          p_email_consent: body.emailConsent,
          p_sms_consent_wording: body.smsConsentWording,
          p_referral_code: body.referralCode,
        },
        caller,
      );
      return { ...(claimed as object), session };
    } catch (error) {
      // No account, and the caller continues to the join page: it keeps the proven session.
      const refusal = error instanceof ApiError ? error : fromDatabaseError(error);
      if (body.continueToJoin && body.name === undefined && refusal?.status === 404) {
        return { session, customer: null, created: false };
      }
      // No account (404) or any other refusal: the session is not handed out, so end it.
      await auth.signOut(session.access_token).catch(() => undefined);
      throw error;
    }
  },
});
