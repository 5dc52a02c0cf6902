// A dev-only stand-in for Supabase Auth (GoTrue) at /auth/v1: the endpoints supabase-js calls
// for phone OTP, anonymous sign-in, refresh, user and logout, plus the JWKS and a dev outbox
// of sent codes. Same request/response shapes, error codes and access-token claims as GoTrue.
import { randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AuthSettings } from '../config.ts';
import type { Sql } from '../db.ts';
import { jwks, type SigningKeys } from '../keys.ts';
import { AuthError, authErrorResponse } from './errors.ts';
import { createStore } from './store.ts';
import { createSessionIssuer, userJson } from './tokens.ts';

export interface AuthAppOptions {
  sql: Sql;
  settings: AuthSettings;
  keys: SigningKeys;
  /** The issuer claim: `${SUPABASE_URL}/auth/v1`. */
  issuer: string;
  log?: (line: string) => void;
}

/** GoTrue stores phones as digits with the country code; US 10-digit input gets a leading 1. */
export function normalizePhone(input: unknown): string {
  const digits = String(input ?? '').replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}

async function body(c: Context): Promise<Record<string, unknown>> {
  try {
    const value = (await c.req.json()) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

function clientIp(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'local';
}

export function createAuthApp(options: AuthAppOptions) {
  const { settings, keys, issuer } = options;
  const log = options.log ?? (() => {});
  const store = createStore(options.sql);
  const sessions = createSessionIssuer({ keys, issuer, expirySeconds: settings.jwtExpirySeconds, store });
  const app = new Hono();

  async function limit(bucket: string, max: number, windowSeconds: number, code: string) {
    if (await store.overLimit(bucket, max, windowSeconds)) {
      throw new AuthError(429, code, 'Request rate limit reached');
    }
  }

  async function bearerUser(c: Context) {
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const claims = token ? await sessions.verify(token) : undefined;
    if (!claims) throw new AuthError(401, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    if (!(await store.sessionExists(claims.session_id))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await store.userById(claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, sessionId: claims.session_id };
  }

  app.use(async (c, next) => {
    c.header('X-Supabase-Api-Version', '2024-01-01');
    // Like the API gateway: every call carries the anon key or a user's token.
    if (!c.req.header('apikey') && !c.req.header('authorization') && !c.req.path.endsWith('/jwks.json')) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token or apikey');
    }
    await next();
  });

  app.get('/.well-known/jwks.json', (c) => c.json(jwks(keys)));

  app.post('/otp', async (c) => {
    const input = await body(c);
    if (!settings.smsEnabled) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    const phone = normalizePhone(input.phone);
    if (!/^[1-9]\d{7,14}$/.test(phone)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
    if (!(await store.userByPhone(phone))) {
      if (input.create_user === false || !settings.enableSignup) {
        throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      }
      await limit(`signups:${clientIp(c)}`, settings.rateLimits.signInSignUpsPer5Min, 300, 'over_request_rate_limit');
      const data = input.data && typeof input.data === 'object' ? (input.data as Record<string, unknown>) : {};
      await store.createUser({ phone, anonymous: false, userMetadata: data });
    }
    const lastSent = await store.lastCodeSentAt(phone);
    const wait = lastSent ? settings.smsMaxFrequencySeconds - (Date.now() - lastSent.getTime()) / 1000 : 0;
    if (wait > 0) {
      throw new AuthError(429, 'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`);
    }
    const testCode = settings.testOtp[phone];
    const code = testCode ?? String(randomInt(0, 10 ** settings.otpLength)).padStart(settings.otpLength, '0');
    await store.saveCode(phone, code, settings.otpExpirySeconds);
    if (testCode) {
      log(`[auth] test number +${phone}: use the fixed code from config.toml (no SMS sent)`);
    } else {
      await limit('sms_sent', settings.rateLimits.smsSentPerHour, 3600, 'over_sms_send_rate_limit');
      const text = settings.smsTemplate.replace(/\{\{\s*\.Code\s*\}\}/g, code);
      await store.recordSms(phone, code, text);
      log(`[auth] SMS to +${phone}: ${text}`);
    }
    return c.json({ message_id: null });
  });

  app.post('/verify', async (c) => {
    const input = await body(c);
    await limit(`verify:${clientIp(c)}`, settings.rateLimits.tokenVerificationsPer5Min, 300, 'over_request_rate_limit');
    if (input.type !== 'sms') throw new AuthError(400, 'validation_failed', 'Only SMS one-time codes are supported here');
    const phone = normalizePhone(input.phone);
    const token = String(input.token ?? '');
    const user = await store.userByPhone(phone);
    const valid = user !== undefined && (await store.consumeCode(phone, token));
    if (!user || !valid) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    const signedIn = await store.markSignedIn(user.id, true);
    return c.json(await sessions.issue(signedIn));
  });

  app.post('/signup', async (c) => {
    const input = await body(c);
    if (input.email || input.phone) {
      throw new AuthError(422, 'validation_failed', 'This stand-in signs up by phone through /otp only');
    }
    if (!settings.enableAnonymousSignIns) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    await limit(`anonymous:${clientIp(c)}`, settings.rateLimits.anonymousUsersPerHour, 3600, 'over_request_rate_limit');
    const data = input.data && typeof input.data === 'object' ? (input.data as Record<string, unknown>) : {};
    const user = await store.createUser({ anonymous: true, userMetadata: data });
    return c.json(await sessions.issue(await store.markSignedIn(user.id, false)));
  });

  app.post('/token', async (c) => {
    if (c.req.query('grant_type') !== 'refresh_token') {
      throw new AuthError(400, 'validation_failed', 'Only grant_type=refresh_token is supported here');
    }
    const input = await body(c);
    await limit(`refresh:${clientIp(c)}`, settings.rateLimits.tokenRefreshPer5Min, 300, 'over_request_rate_limit');
    const token = String(input.refresh_token ?? '');
    const rotation = await store.rotateRefreshToken(token);
    if (rotation.outcome !== 'ok') {
      throw rotation.outcome === 'already_used'
        ? new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
        : new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const user = await store.userById(rotation.userId);
    if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return c.json(await sessions.issue(user, rotation.sessionId, token));
  });

  app.get('/user', async (c) => {
    const { user } = await bearerUser(c);
    return c.json(userJson(user));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await bearerUser(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthError(400, 'validation_failed', 'scope must be global, local or others');
    }
    await store.endSessions(user.id, sessionId, scope);
    return c.body(null, 204);
  });

  // Dev only: the codes "sent" to a phone, newest last (SMS never leaves this machine).
  app.get('/dev/sms', async (c) => {
    const phone = normalizePhone(c.req.query('phone'));
    const messages = await store.smsFor(phone);
    return c.json({
      messages: messages.map((m) => ({ phone: m.phone, code: m.code, body: m.body, sentAt: m.sentAt.toISOString() })),
    });
  });

  app.notFound((c) => authErrorResponse(c, new AuthError(404, 'not_found', 'Not found')));
  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    log(`[auth] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure'));
  });
  return app;
}
