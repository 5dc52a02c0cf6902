// What every route of the auth stand-in shares: its dependencies, JSON bodies, the caller's IP,
// [auth.rate_limit] counters and the bearer-token check GoTrue's requireAuthentication does.
import type { Context } from 'hono';
import type { AuthSettings } from '../config.ts';
import { AuthError } from './errors.ts';
import type { SessionStore } from './sessions.ts';
import type { AuthStore, UserRow } from './store.ts';
import type { TokenIssuer } from './tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthDeps {
  config: AuthSettings;
  store: AuthStore;
  sessions: SessionStore;
  tokens: TokenIssuer;
  log: (line: string) => void;
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return objectField(JSON.parse(text));
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

export function objectField(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The client's address as the gateway forwards it (one bucket for all local callers otherwise). */
export function clientIp(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'local';
}

/** One hit on a fixed-window counter; past `max` a 429 (GoTrue's over_request_rate_limit by default). */
export async function rateLimit(
  deps: AuthDeps,
  bucket: string,
  max: number,
  windowSeconds: number,
  refusal = new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
) {
  if (await deps.store.overLimit(bucket, max, windowSeconds)) throw refusal;
}

/** The signed-in caller of /user and /logout: a valid access token whose user and session exist. */
export async function requireUser(
  c: Context,
  deps: AuthDeps,
): Promise<{ user: UserRow; sessionId?: string }> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const claims = await deps.tokens.verify(token);
  if (!claims) {
    throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
  }
  if (!UUID.test(claims.sub)) {
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await deps.store.userById(claims.sub);
  if (!user) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  if (claims.session_id && !UUID.test(claims.session_id)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
  }
  if (claims.session_id && !(await deps.sessions.exists(claims.session_id))) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  return { user, sessionId: claims.session_id };
}
