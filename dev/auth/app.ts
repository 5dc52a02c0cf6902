// A dev-only stand-in for Supabase Auth (GoTrue), mounted at /auth/v1: the endpoints supabase-js
// calls for phone codes, anonymous sign-in, refresh, user and logout, plus the JWKS and a dev SMS
// outbox — with GoTrue's request/response shapes, error codes and access-token claims.
import { Hono } from 'hono';
import type { AuthSettings } from '../config.ts';
import type { Sql } from '../db.ts';
import { jwks, type SigningKeys } from '../keys.ts';
import { AuthError, authErrorResponse } from './errors.ts';
import { customAccessTokenHook } from './hooks.ts';
import type { AuthDeps } from './http.ts';
import { devRoutes } from './routes/dev.ts';
import { otpRoutes } from './routes/otp.ts';
import { signupRoutes } from './routes/signup.ts';
import { tokenRoutes } from './routes/token.ts';
import { userRoutes } from './routes/user.ts';
import { createSessionStore } from './sessions.ts';
import { createStore } from './store.ts';
import { createTokenIssuer } from './tokens.ts';

export interface AuthAppOptions {
  /** The stack's one database client (PGlite serves a single connection). */
  sql: Sql;
  config: AuthSettings;
  keys: SigningKeys;
  /** The `iss` claim: `${SUPABASE_URL}/auth/v1`. */
  issuer: string;
  log?: (line: string) => void;
}

// Reachable without a key, as the hosted gateway leaves the JWKS open; the outbox is a local
// developer tool that a browser should open as a plain link.
const OPEN_PATHS = [/\/\.well-known\/jwks\.json$/, /\/dev\/sms$/];

export function createAuthApp(options: AuthAppOptions) {
  const log = options.log ?? (() => {});
  const deps: AuthDeps = {
    config: options.config,
    store: createStore(options.sql),
    sessions: createSessionStore(options.sql),
    tokens: createTokenIssuer({
      keys: options.keys,
      issuer: options.issuer,
      expirySeconds: options.config.jwtExpirySeconds,
      customizeClaims: options.config.hooks.customAccessToken
        ? customAccessTokenHook(options.sql, options.config.hooks.customAccessToken)
        : undefined,
    }),
    log,
  };

  const app = new Hono();
  // Like the API gateway in front of GoTrue: every call carries the anon key or a user's token.
  app.use(async (c, next) => {
    const keyed = c.req.header('apikey') || c.req.query('apikey') || c.req.header('authorization');
    if (!keyed && !OPEN_PATHS.some((path) => path.test(c.req.path))) {
      throw new AuthError(
        401,
        'no_authorization',
        'No API key found in request: send the apikey header',
      );
    }
    await next();
  });

  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(jwks(options.keys));
  });
  app.route('/', otpRoutes(deps));
  app.route('/', signupRoutes(deps));
  app.route('/', tokenRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', devRoutes(deps));

  app.notFound((c) =>
    authErrorResponse(
      c,
      new AuthError(404, 'not_found', 'This auth endpoint is not part of the local stand-in'),
    ),
  );
  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    log(`[auth] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure'));
  });
  return app;
}
