// POST /signup without email or phone: GoTrue's anonymous sign-in (kiosks, DESIGN.md §4).
// Password sign-ups are not part of this project, so the stand-in refuses them.
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import { clientIp, jsonBody, objectField, rateLimit, type AuthDeps } from '../http.ts';

export function signupRoutes(deps: AuthDeps) {
  const { config, store, sessions, tokens } = deps;

  return new Hono().post('/signup', async (c) => {
    const input = await jsonBody(c);
    if (input.email || input.phone) {
      await rateLimit(deps, `otp:${clientIp(c)}`, config.rateLimits.signInSignUpsPer5Min, 300);
      throw new AuthError(
        400,
        'validation_failed',
        'The local auth stand-in has no password sign-ups: sign phones up with POST /otp',
      );
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
      await tokens.session(user, sessionId, refreshToken, await sessions.amr(sessionId)),
    );
  });
}
