// The one Hono app on the local stack's port, routed as Supabase's gateway routes a project:
// /auth/v1 → the auth stand-in, /functions/v1 → the api function, CORS for the app's origins.
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { mount } from 'hono/mount';
import { createApp } from '../supabase/functions/_shared/app.ts';
import { parseConfig } from '../supabase/functions/_shared/config.ts';
import { createDb } from '../supabase/functions/_shared/db.ts';
import { createAuthApp } from './auth/app.ts';
import type { AuthSettings } from './config.ts';
import type { Sql } from './db.ts';
import type { SigningKeys } from './keys.ts';

export const APP_URL = 'http://127.0.0.1:5173';
export const APP_ORIGINS = [APP_URL, 'http://localhost:5173'];

/** The one Hono app on the stack's port, routed as Supabase's gateway routes a project. */
export function createGateway(parts: {
  url: string;
  sql: Sql;
  keys: SigningKeys;
  anonKey: string;
  databaseUrl: string;
  authSettings: AuthSettings;
  demoMode: boolean;
  log: (line: string) => void;
}): Hono {
  const { url, sql, log } = parts;
  const auth = createAuthApp({
    sql,
    config: parts.authSettings,
    keys: parts.keys,
    issuer: `${url}/auth/v1`,
    log,
  });
  const apiConfig = parseConfig({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: parts.anonKey,
    SUPABASE_DB_URL: parts.databaseUrl,
    DEMO_MODE: String(parts.demoMode),
    ALLOWED_ORIGINS: APP_ORIGINS.join(','),
  });
  const api = createApp({ db: createDb(sql, { demoMode: apiConfig.demoMode }), config: apiConfig });

  const gateway = new Hono();
  gateway.use(
    '*',
    cors({
      origin: (origin) => (APP_ORIGINS.includes(origin) ? origin : null),
      allowHeaders: [
        'authorization',
        'x-client-info',
        'apikey',
        'content-type',
        'x-supabase-api-version',
      ],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['retry-after', 'x-supabase-api-version', 'x-sb-error-code'],
      credentials: true,
    }),
  );
  gateway.get('/', (c) => c.json({ ok: true, service: 'village-rewards local stack' }));
  gateway.all('/auth/v1/*', mount(auth.fetch));
  // As on hosted Supabase the function sees its own path (/functions/v1/api/x arrives as /api/x)
  // and, as Cloudflare in front of it does, cf-connecting-ip is set from the socket: whatever
  // the client sent in that header is replaced, so a client cannot pick its own address.
  const functions = mount(api.fetch);
  gateway.all('/functions/v1/*', (c, next) => {
    const address = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? 'unknown';
    const headers = new Headers(c.req.raw.headers);
    headers.set('cf-connecting-ip', address);
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers, body: c.req.raw.body, duplex: 'half' };
    c.req.raw = new Request(c.req.raw.url, init);
    return functions(c, next);
  });
  return gateway;
}
