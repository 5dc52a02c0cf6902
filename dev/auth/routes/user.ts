// The signed-in user: GET /user, PUT /user (user_metadata, or a phone change sent a code) and POST /logout, each behind
// GoTrue's check that the token is good and its session still exists.
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import { clientIp, jsonBody, objectField, rateLimit, requireUser, type AuthDeps } from '../http.ts';
import { userJson } from '../tokens.ts';
import { createCodeSender, validatePhone } from './otp.ts';

const SCOPES = ['global', 'local', 'others'] as const;
type Scope = (typeof SCOPES)[number];

export function userRoutes(deps: AuthDeps) {
  const { config, store, sessions } = deps;
  const sendCode = createCodeSender(deps);

  return new Hono()
    .get('/user', async (c) => {
      const { user } = await requireUser(c, deps);
      return c.json(userJson(user));
    })
    .put('/user', async (c) => {
      const { user } = await requireUser(c, deps);
      await rateLimit(deps, `otp:${clientIp(c)}`, config.rateLimits.signInSignUpsPer5Min, 300);
      const input = await jsonBody(c);
      if (input.email || input.password) {
        throw new AuthError(
          422,
          'validation_failed',
          'The local auth stand-in updates user_metadata (data) and the phone only',
        );
      }
      if (input.phone) {
        // As GoTrue's UserUpdate: a new phone waits in phone_change until the code sent to it is
        // verified (POST /verify {type: 'phone_change'}); the current phone stays until then.
        const phone = validatePhone(input.phone);
        if (user.is_anonymous) {
          throw new AuthError(422, 'validation_failed', 'Anonymous users cannot set a phone this way');
        }
        if (phone !== user.phone) {
          if (await store.userByPhone(phone)) {
            throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
          }
          await sendCode({ ...user, phone }, clientIp(c));
          return c.json(userJson(await store.startPhoneChange(user.id, phone)));
        }
      }
      // As GoTrue: keys in `data` replace those in user_metadata; a null value removes the key.
      const metadata: Record<string, unknown> = { ...user.raw_user_meta_data };
      for (const [key, value] of Object.entries(objectField(input.data))) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      return c.json(userJson(await store.setUserMetadata(user.id, metadata)));
    })
    .post('/logout', async (c) => {
      const { user, sessionId } = await requireUser(c, deps);
      const scope = (c.req.query('scope') || 'global') as Scope;
      if (!SCOPES.includes(scope)) {
        throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
      }
      await sessions.end(user.id, sessionId, scope);
      return c.body(null, 204);
    });
}
