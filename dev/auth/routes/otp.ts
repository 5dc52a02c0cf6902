// Phone one-time codes: POST /otp sends a code (signing the phone up when new), POST /verify
// trades a code for a session — GoTrue's SmsOtp and smsVerify, with the SMS kept in a dev outbox.
import { randomInt, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import { runSendSmsHook } from '../hooks.ts';
import { clientIp, jsonBody, objectField, rateLimit, type AuthDeps } from '../http.ts';
import type { UserRow } from '../store.ts';

/** GoTrue's phone format: the '+' and spaces dropped, then E.164 digits (country code first). */
export function validatePhone(input: unknown): string {
  const phone = String(input ?? '')
    .replace(/^\+/, '')
    .replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}

/**
 * Sends a user's phone its code (a sign-in code, or a sign-up's confirmation code), within the
 * limits, in GoTrue's order: max_frequency, then a test number (no SMS, no hook), then the
 * project's sms_sent limit, then the Send SMS hook when enabled (it sends; its refusal is Auth's
 * answer and no code is kept), else the dev outbox standing in for the SMS provider.
 */
export function createCodeSender(deps: AuthDeps) {
  const { config, store, log } = deps;
  return async function sendCode(user: UserRow, ip: string): Promise<string> {
    const phone = user.phone ?? '';
    const age = await store.secondsSinceLastCode(phone);
    const wait = age === undefined ? 0 : config.smsMaxFrequencySeconds - age;
    if (wait > 0) {
      throw new AuthError(
        429,
        'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${Math.floor(wait)} seconds.`,
      );
    }
    const testCode = config.testOtp[phone];
    if (testCode) {
      await store.saveCode(phone, testCode, config.otpExpirySeconds);
      log(
        `[auth] +${phone} is a test number: its code is the one in supabase/config.toml (no SMS sent)`,
      );
      return 'test-otp';
    }
    // GoTrue counts sms_sent only without SMS autoconfirm; the stand-in always does, so the
    // project-wide hourly limit is felt locally too.
    await rateLimit(
      deps,
      'sms_sent',
      config.rateLimits.smsSentPerHour,
      3600,
      new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded'),
    );
    const code = String(randomInt(0, 10 ** config.otpLength)).padStart(config.otpLength, '0');
    if (config.hooks.sendSms) {
      await runSendSmsHook(config.hooks.sendSms, user, `+${phone}`, code, ip);
      await store.saveCode(phone, code, config.otpExpirySeconds);
      return randomUUID();
    }
    const body = config.smsTemplate.replace(/\{\{\s*\.Code\s*\}\}/g, code);
    await store.saveCode(phone, code, config.otpExpirySeconds);
    await store.recordSms(phone, code, body);
    log(`[auth] SMS to +${phone}: ${body}`);
    return randomUUID();
  };
}

export function otpRoutes(deps: AuthDeps) {
  const { config, store, sessions, tokens } = deps;
  const sendCode = createCodeSender(deps);

  /**
   * GoTrue's smsVerify for a phone change: the code sent to the new phone makes it the user's
   * phone, and a session is issued (its phone claim the new phone, `amr` otp).
   */
  async function verifyPhoneChange(input: Record<string, unknown>) {
    const token = typeof input.token === 'string' ? input.token : '';
    if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    const phone = validatePhone(input.phone);
    const user = await store.userByPhoneChange(phone);
    if (!user || !(await store.codeMatches(phone, token))) {
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
    if (user.banned_until && user.banned_until > new Date()) {
      throw new AuthError(403, 'user_banned', 'User is banned');
    }
    if (!(await store.consumeCode(phone, token))) {
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
    const changed = await store.completePhoneChange(user.id);
    const { sessionId, refreshToken } = await sessions.create(user.id, 'otp');
    return tokens.session(changed, sessionId, refreshToken, await sessions.amr(sessionId), 'otp');
  }

  return new Hono()
    .post('/otp', async (c) => {
      await rateLimit(deps, `otp:${clientIp(c)}`, config.rateLimits.signInSignUpsPer5Min, 300);
      const input = await jsonBody(c);
      if (input.email) {
        throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
      }
      if (!input.phone) {
        throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
      }
      if (input.channel !== undefined && input.channel !== 'sms') {
        throw new AuthError(
          400,
          'validation_failed',
          "Invalid channel, supported values are 'sms' or 'whatsapp'",
        );
      }
      const phone = validatePhone(input.phone);
      let user = await store.userByPhone(phone);
      if (!user && input.create_user === false) {
        throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      }
      if (!config.smsEnabled) {
        throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
      }
      if (!user?.phone_confirmed_at) {
        // GoTrue signs an unknown (or never confirmed) phone up before it sends the code.
        if (!config.enableSignup) {
          throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
        }
        user ??= await store.createPhoneUser(phone, objectField(input.data), config.smsAutoconfirm);
      }
      const messageId = await sendCode(user, clientIp(c));
      // GoTrue answers {} when it sent a sign-up confirmation rather than a sign-in code.
      return c.json(user.phone_confirmed_at ? { message_id: messageId } : {});
    })
    .post('/verify', async (c) => {
      await rateLimit(
        deps,
        `verify:${clientIp(c)}`,
        config.rateLimits.tokenVerificationsPer5Min,
        300,
      );
      const input = await jsonBody(c);
      if (input.type === 'phone_change') return c.json(await verifyPhoneChange(input));
      if (input.type !== 'sms') {
        throw new AuthError(
          400,
          'validation_failed',
          'Unsupported verification type (the stand-in verifies SMS codes)',
        );
      }
      const token = typeof input.token === 'string' ? input.token : '';
      if (!token) {
        throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
      }
      const phone = validatePhone(input.phone);
      const user = await store.userByPhone(phone);
      if (!user) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      if (user.banned_until && user.banned_until > new Date()) {
        throw new AuthError(403, 'user_banned', 'User is banned');
      }
      // A test number's fixed code always works, as in GoTrue; other codes are used up — once
      // the token is issued: GoTrue verifies and issues in one transaction, so a session the
      // Custom Access Token hook refuses leaves the code unused (and no session).
      const testCode = config.testOtp[phone] === token;
      if (!testCode && !(await store.codeMatches(phone, token))) {
        throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      }
      const signedIn = await store.signedInByPhone(user.id);
      const { sessionId, refreshToken } = await sessions.create(user.id, 'otp');
      let session;
      try {
        session = await tokens.session(signedIn, sessionId, refreshToken, await sessions.amr(sessionId), 'otp');
        if (!testCode && !(await store.consumeCode(phone, token))) {
          throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
        }
      } catch (error) {
        await sessions.end(user.id, sessionId, 'local');
        throw error;
      }
      return c.json(session);
    });
}
