// The one Hono app on the local stack's port, routed as Supabase's gateway routes a project:
// /auth/v1 → the auth stand-in, /storage/v1 → the storage stand-in, /functions/v1 → the api
// function, CORS for the app's origins.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { mount } from 'hono/mount';
import { createApp } from '../supabase/functions/_shared/app.ts';
import { createTokenVerifier } from '../supabase/functions/_shared/auth.ts';
import { parseConfig } from '../supabase/functions/_shared/config.ts';
import { createDb } from '../supabase/functions/_shared/db.ts';
import { createGoTrueGateway } from '../supabase/functions/_shared/gotrue.ts';
import type { SmsSender } from '../supabase/functions/_shared/hooks/sms-sender.ts';
import { createAuthApp } from './auth/app.ts';
import { createStore } from './auth/store.ts';
import { createStorageApp } from './storage.ts';
import type { AuthSettings, HookSettings } from './config.ts';
import type { Sql } from './db.ts';
import type { SigningKeys } from './keys.ts';

const FUNCTIONS_PREFIX = '/functions/v1';
/** The app as `npm run dev` serves it by default (a browser lane's Vite is on another port). */
export const APP_URL = 'http://127.0.0.1:5173';

/** The origins the app is served from: its address, and the same port on localhost. */
export function appOrigins(appUrl: string): string[] {
  const { port } = new URL(appUrl);
  return [appUrl, `http://localhost:${port}`];
}
export const APP_ORIGINS = appOrigins(APP_URL);
/** The local stack's stand-in for Twilio's auth token: its webhooks' signatures use it. */
export const LOCAL_TWILIO_AUTH_TOKEN = 'local-twilio-auth-token';

/**
 * The Send SMS hook as the stack serves it: config.toml names the api function on this machine
 * (http://127.0.0.1:54321/functions/v1/api/hooks/send-sms); the stack calls its own, on whichever
 * port it listens. Without a secret in the environment (SEND_SMS_HOOK_SECRETS) the stack makes one
 * for this run and gives it to both sides.
 */
function localHook(hook: HookSettings, url: string): HookSettings {
  return {
    uri: hook.uri.replace(/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(?=\/)/, url),
    secrets: hook.secrets.length ? hook.secrets : [`v1,whsec_${randomBytes(32).toString('base64')}`],
  };
}

/** The SMS provider of the local stack: the dev outbox (and the terminal), read by developers and tests. */
export function devOutbox(sql: Sql, log: (line: string) => void): SmsSender {
  const store = createStore(sql);
  return {
    async send(phone, body, code) {
      const digits = phone.replace(/^\+/, '');
      await store.recordSms(digits, code, body);
      // A sign-in code comes through the Send SMS hook; a programme text ('' code) from the drain.
      log(code ? `[auth] SMS to ${phone} (through the Send SMS hook): ${body}` : `[texts] SMS to ${phone}: ${body}`);
      return { providerId: `dev-${digits}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` };
    },
  };
}

/** The one Hono app on the stack's port, routed as Supabase's gateway routes a project. */
export function createGateway(parts: {
  url: string;
  /** The app's address (default APP_URL): its origins get CORS. */
  appUrl?: string;
  sql: Sql;
  keys: SigningKeys;
  anonKey: string;
  databaseUrl: string;
  authSettings: AuthSettings;
  demoMode: boolean;
  /** false: verify every token's signature on every request (the bench's before/after). */
  keepVerifiedTokens?: boolean;
  /** Another door's createDb (scripts/bench/door-ab.ts runs a baseline commit's door). */
  createDb?: typeof createDb;
  /** The x-drain-secret of POST /functions/v1/api/hooks/texts/drain (the stack's interval calls it). */
  textsDrainSecret?: string;
  log: (line: string) => void;
}): Hono {
  const { url, sql, log } = parts;
  const origins = parts.appUrl ? appOrigins(parts.appUrl) : APP_ORIGINS;
  const sendSms = parts.authSettings.hooks.sendSms && localHook(parts.authSettings.hooks.sendSms, url);
  const authSettings: AuthSettings = {
    ...parts.authSettings,
    hooks: { ...parts.authSettings.hooks, sendSms },
  };
  const auth = createAuthApp({
    sql,
    config: authSettings,
    keys: parts.keys,
    issuer: `${url}/auth/v1`,
    log,
  });
  const apiConfig = parseConfig({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: parts.anonKey,
    SUPABASE_DB_URL: parts.databaseUrl,
    DEMO_MODE: String(parts.demoMode),
    ALLOWED_ORIGINS: origins.join(','),
    SEND_SMS_HOOK_SECRETS: sendSms?.secrets.join('|'),
    TEXTS_DRAIN_SECRET: parts.textsDrainSecret,
    // Twilio's webhooks can be tried locally with this token (tests sign with it).
    TWILIO_AUTH_TOKEN: process.env.TWILIO_AUTH_TOKEN ?? LOCAL_TWILIO_AUTH_TOKEN,
    // Wallet cards are offered locally when their secrets are in the environment (docs/WALLET.md).
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => /^(APPLE_|GOOGLE_WALLET_|GOOGLE_OAUTH_TOKEN_URL$)/.test(name)),
    ),
  });
  const authGateway = createGoTrueGateway(apiConfig);
  const api = createApp({
    db: (parts.createDb ?? createDb)(sql, { demoMode: apiConfig.demoMode }),
    config: apiConfig,
    auth: authGateway,
    sms: devOutbox(sql, log),
    verifier: createTokenVerifier(apiConfig.supabaseUrl, authGateway, {
      keepVerified: parts.keepVerifiedTokens,
    }),
  });

  const gateway = new Hono();
  // CORS for the gateway's own paths. The function answers its own CORS, preflights included
  // (as on hosted Supabase, whose gateway leaves function responses alone): applied here too it
  // ran twice per call and answered the function's preflights without its headers.
  const gatewayCors = cors({
    origin: (origin) => (origins.includes(origin) ? origin : null),
    allowHeaders: [
      'authorization',
      'x-client-info',
      'apikey',
      'content-type',
      'x-supabase-api-version',
      // Storage uploads (supabase-js): replace or not, and the file's cache lifetime.
      'x-upsert',
      'cache-control',
    ],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['retry-after', 'x-supabase-api-version', 'x-sb-error-code'],
    credentials: true,
  });
  gateway.use('/', gatewayCors);
  gateway.use('/auth/v1/*', gatewayCors);
  gateway.get('/', (c) => c.json({ ok: true, service: 'village-rewards local stack' }));
  gateway.all('/auth/v1/*', mount(auth.fetch));
  // Storage (dev/storage.ts): business images uploaded from /admin, read by their public URL.
  gateway.use('/storage/v1/*', gatewayCors);
  gateway.all('/storage/v1/*', mount(createStorageApp({ sql, keys: parts.keys }).fetch));
  // As on hosted Supabase the function sees its own path (/functions/v1/api/x arrives as /api/x)
  // and, as Cloudflare in front of it does, cf-connecting-ip is set from the socket: whatever
  // the client sent in that header is replaced, so a client cannot pick its own address.
  // One new Request per call, with the path and the address header rewritten together (Hono's
  // mount would clone the request a second time: ~9 % of the stack's CPU under load).
  gateway.all('/functions/v1/*', (c) => {
    const address =
      (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ??
      'unknown';
    const headers = new Headers(c.req.raw.headers);
    headers.set('cf-connecting-ip', address);
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(FUNCTIONS_PREFIX.length) || '/';
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : c.req.raw.body;
    const init: RequestInit & { duplex?: 'half' } = {
      method: c.req.method,
      headers,
      body,
      duplex: 'half',
    };
    return api.fetch(new Request(url, init), c.env);
  });
  return gateway;
}
