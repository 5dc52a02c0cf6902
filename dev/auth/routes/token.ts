// POST /token?grant_type=refresh_token: a new access token and a rotated refresh token for the
// same session (supabase-js refreshSession and its auto-refresh); grant_type=password: a phone +
// password sign-in (amr password), refused while the phone is unconfirmed, as GoTrue does.
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import { clientIp, jsonBody, rateLimit, type AuthDeps } from '../http.ts';
import { passwordMatches } from '../passwords.ts';
import { validatePhone } from './otp.ts';

export function tokenRoutes(deps: AuthDeps) {
  const { config, store, sessions, tokens } = deps;

  async function passwordGrant(input: Record<string, unknown>) {
    const invalid = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    const password = typeof input.password === 'string' ? input.password : '';
    const user = input.phone ? await store.userByPhone(validatePhone(input.phone)) : undefined;
    if (!user || !(await passwordMatches(password, await store.passwordHash(user.id)))) throw invalid();
    if (!user.phone_confirmed_at) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
    const signedIn = await store.signedIn(user.id);
    const { sessionId, refreshToken } = await sessions.create(user.id, 'password');
    return tokens.session(signedIn, sessionId, refreshToken, await sessions.amr(sessionId), 'password');
  }

  return new Hono().post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') {
      await rateLimit(deps, `otp:${clientIp(c)}`, config.rateLimits.signInSignUpsPer5Min, 300);
      return c.json(await passwordGrant(await jsonBody(c)));
    }
    if (grantType !== 'refresh_token') {
      // GoTrue also has id_token, pkce and web3 grants; this project uses none of them.
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
    await rateLimit(deps, `refresh:${clientIp(c)}`, config.rateLimits.tokenRefreshPer5Min, 300);
    const input = await jsonBody(c);
    const token = typeof input.refresh_token === 'string' ? input.refresh_token : '';
    if (!token) throw new AuthError(400, 'validation_failed', 'refresh_token required');
    const result = await sessions.refresh(token, {
      rotation: config.refreshTokenRotation,
      reuseIntervalSeconds: config.refreshTokenReuseIntervalSeconds,
    });
    if (result.outcome === 'already_used') {
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const user = result.outcome === 'ok' ? await store.userById(result.userId) : undefined;
    if (result.outcome !== 'ok' || !user) {
      throw new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    if (user.banned_until && user.banned_until > new Date()) {
      throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
    }
    const amr = await sessions.amr(result.sessionId);
    return c.json(await tokens.session(user, result.sessionId, result.refreshToken, amr, 'token_refresh'));
  });
}
