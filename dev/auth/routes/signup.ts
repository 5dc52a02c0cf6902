// POST /signup: GoTrue's anonymous sign-in (kiosks, docs/ROLES-AND-PRIVACY.md) and its phone + password
// sign-up. The project signs members in by code only, but the stand-in must show what GoTrue
// does with a password sign-up: with [auth.sms] enable_confirmations = false the phone counts as
// confirmed at once and a session (amr password) comes back without any code — the reason the
// API links customers only for sessions proven by a code, and config.toml keeps confirmations on.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import { clientIp, jsonBody, objectField, rateLimit, type AuthDeps } from '../http.ts';
import { hashPassword, MINIMUM_PASSWORD_LENGTH } from '../passwords.ts';
import { userJson } from '../tokens.ts';
import { createCodeSender, validatePhone } from './otp.ts';

export function signupRoutes(deps: AuthDeps) {
  const { config, store, sessions, tokens } = deps;
  const sendCode = createCodeSender(deps);

  async function phoneSignup(input: Record<string, unknown>, ip: string) {
    if (input.email) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
    if (!config.smsEnabled) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const password = typeof input.password === 'string' ? input.password : '';
    if (password.length < MINIMUM_PASSWORD_LENGTH) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${MINIMUM_PASSWORD_LENGTH} characters.`);
    }
    const phone = validatePhone(input.phone);
    const existing = await store.userByPhone(phone);
    if (existing) {
      // GoTrue: with autoconfirm a plain 400; otherwise a made-up user, so that a sign-up does not
      // tell whether the phone is registered.
      if (config.smsAutoconfirm) throw new AuthError(400, 'user_already_exists', 'User already registered');
      return { ...userJson(existing), id: randomUUID(), identities: [], phone_confirmed_at: undefined, confirmed_at: undefined };
    }
    const user = await store.createPasswordUser(phone, await hashPassword(password), objectField(input.data), config.smsAutoconfirm);
    if (!config.smsAutoconfirm) {
      // Confirmations on: a code goes to the phone; POST /verify confirms it. No session yet.
      await sendCode(user, ip);
      return userJson(user);
    }
    const signedIn = await store.signedIn(user.id);
    const { sessionId, refreshToken } = await sessions.create(user.id, 'password');
    return tokens.session(signedIn, sessionId, refreshToken, await sessions.amr(sessionId), 'password');
  }

  return new Hono().post('/signup', async (c) => {
    const input = await jsonBody(c);
    if (input.email || input.phone) {
      await rateLimit(deps, `otp:${clientIp(c)}`, config.rateLimits.signInSignUpsPer5Min, 300);
      return c.json(await phoneSignup(input, clientIp(c)));
    }
    if (!config.enableAnonymousSignIns) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    await rateLimit(
      deps,
      `anonymous:${clientIp(c)}`,
      config.rateLimits.anonymousUsersPerHour,
      3600,
    );
    if (!config.enableSignup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    const created = await store.createAnonymousUser(objectField(input.data));
    const user = await store.signedIn(created.id);
    const { sessionId, refreshToken } = await sessions.create(user.id, 'anonymous');
    return c.json(
      await tokens.session(user, sessionId, refreshToken, await sessions.amr(sessionId), 'anonymous'),
    );
  });
}
