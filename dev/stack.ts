// The local Supabase-shaped stack on one port (DESIGN.md §6): the database (embedded PGlite or
// DATABASE_URL), the auth stand-in at /auth/v1 and the api function at /functions/v1/api.
// `npm run stack` runs it; dev.ts and the tests start it in-process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createApp } from '../supabase/functions/_shared/app.ts';
import { parseConfig } from '../supabase/functions/_shared/config.ts';
import { createDb } from '../supabase/functions/_shared/db.ts';
import { createAuthApp } from './auth/app.ts';
import { loadAuthSettings, type AuthSettings } from './config.ts';
import { connect, migrate, ROOT, startEmbeddedPostgres, type EmbeddedPostgres, type Sql } from './db.ts';
import { anonKey as makeAnonKey, generateSigningKeys, loadOrCreateSigningKeys } from './keys.ts';

export const DEFAULT_PORT = 54321;
export const EMBEDDED_DB_PORT = 54322;
export const APP_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

export interface StackOptions {
  /** 0 picks a free port (tests); the embedded database then gets a free port too. */
  port?: number;
  /** A real Postgres; otherwise PGlite (file-backed in dataDir, or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
  demoMode?: boolean;
  quiet?: boolean;
  /** Overrides of supabase/config.toml's auth settings (tests). */
  authSettings?: Partial<AuthSettings>;
  /** Write .env.local for Vite (the dev commands do; tests don't). */
  writeEnvFile?: boolean;
}

export interface Stack {
  url: string;
  anonKey: string;
  databaseUrl: string;
  /** The stack's own database client (PGlite serves one connection: share this one). */
  sql: Sql;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started = Date.now();
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const port = options.port ?? DEFAULT_PORT;

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    const dataDir = options.dataDir === undefined ? join(ROOT, '.local', 'pglite') : options.dataDir;
    embedded = await startEmbeddedPostgres({
      dataDir: dataDir ?? undefined,
      port: port === 0 ? 0 : EMBEDDED_DB_PORT,
    });
    databaseUrl = embedded.url;
  }
  // PGlite serves one connection; a real server gets a small pool.
  const sql = connect(databaseUrl, { max: embedded ? 1 : 5 });
  const migration = await migrate(sql);

  const keys = options.dataDir === null || port === 0
    ? (await generateSigningKeys()).keys
    : await loadOrCreateSigningKeys(join(ROOT, '.local', 'keys.json'));
  const anonKey = await makeAnonKey(keys);

  const server = new Hono();
  const holder: { url: string } = { url: '' };
  server.use('*', cors({
    origin: (origin) => (APP_ORIGINS.includes(origin) ? origin : null),
    allowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-supabase-api-version'],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['retry-after', 'x-supabase-api-version'],
    credentials: true,
  }));
  server.get('/', (c) => c.json({ ok: true, service: 'village-rewards local stack' }));

  const listening = await new Promise<{ port: number; close: (cb: () => void) => void }>((resolve) => {
    const s = serve({ fetch: server.fetch, port, hostname: '127.0.0.1' }, (info) =>
      resolve({ port: info.port, close: (cb) => s.close(() => cb()) }),
    );
  });
  holder.url = `http://127.0.0.1:${listening.port}`;

  const settings = { ...loadAuthSettings(), ...options.authSettings };
  const auth = createAuthApp({ sql, settings, keys, issuer: `${holder.url}/auth/v1`, log });
  const config = parseConfig({
    SUPABASE_URL: holder.url,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_DB_URL: databaseUrl,
    DEMO_MODE: String(options.demoMode ?? true),
    ALLOWED_ORIGINS: APP_ORIGINS.join(','),
  });
  const api = createApp({ db: createDb(sql, { demoMode: config.demoMode }), config });

  server.route('/auth/v1', auth);
  // Hosted Supabase strips /functions/v1: the function sees /api/...
  server.all('/functions/v1/*', (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^\/functions\/v1/, '');
    return api.fetch(new Request(url, c.req.raw));
  });

  if (options.writeEnvFile) {
    writeFileSync(join(ROOT, '.env.local'),
      `# Written by the local stack (dev/stack.ts) on every start.\nVITE_SUPABASE_URL=${holder.url}\nVITE_SUPABASE_ANON_KEY=${anonKey}\n`);
  }

  log(`Village Rewards local stack ready in ${Date.now() - started} ms`);
  log(`  API      ${holder.url}/functions/v1/api  (the app calls /api/*)`);
  log(`  Auth     ${holder.url}/auth/v1`);
  log(`  Database ${embedded ? `PGlite ${options.dataDir === null ? '(in memory)' : '(.local/pglite)'} at ${databaseUrl}` : databaseUrl}` +
      (migration.applied.length ? `; applied ${migration.applied.length} migration(s)` : '') +
      (migration.seeded ? '; seeded' : ''));
  log('  Demo admin: phone (555) 555-0100, code 123456 (test OTP in supabase/config.toml)');
  log(`  Sign-in codes are printed here and kept at ${holder.url}/auth/v1/dev/sms?phone=<10 digits>`);

  return {
    url: holder.url,
    anonKey,
    databaseUrl,
    sql,
    async stop() {
      await new Promise<void>((resolve) => listening.close(resolve));
      await sql.end({ timeout: 1 });
      await embedded?.stop();
    },
  };
}

/** Stops the stack on Ctrl-C / SIGTERM. */
export function stopOnSignal(stop: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(0));
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stack = await startStack({ databaseUrl: process.env.DATABASE_URL, writeEnvFile: true });
  stopOnSignal(stack.stop);
}
