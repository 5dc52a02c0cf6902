// The local Supabase-shaped stack on one port (docs/LOCAL-STACK.md): the database (embedded PGlite or
// DATABASE_URL), the auth stand-in at /auth/v1 and the api function at /functions/v1/api.
// `npm run stack` runs it; dev.ts and the tests start it in-process.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { DEFAULT_DATA_DIR, KEYS_PATH, loadConfig, type AuthSettings } from './config.ts';
import {
  connect,
  migrate,
  ROOT,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type MigrateResult,
  type Sql,
} from './db.ts';
import {
  anonKey as makeAnonKey,
  inMemorySigningKeys,
  loadOrCreateAnonKey,
  loadOrCreateSigningKeys,
  type SigningKeys,
} from './keys.ts';
import { assertPortsFree, runCommand, stopOnSignal } from './cli.ts';
import { DEMO_MONTH_DAYS, hasMembers, playDemoMonth } from './demo-month.ts';
import { devPortsFromEnv, stackOptionsFromEnv } from './env.ts';
import { APP_URL, createGateway } from './gateway.ts';

const DEMO_ADMIN_PHONE = '15555550100';
const DEMO_STAFF_PHONE = '15555550101';

// The browser tests start the stack themselves and import this from here.
export { stopOnSignal };

export interface StackOptions {
  /** Defaults to [api] port in supabase/config.toml (54321); 0 picks free ports (tests). */
  port?: number;
  /** The embedded database's port; defaults to [db] port in supabase/config.toml (54322). */
  dbPort?: number;
  /** The app's address, allowed by CORS (default http://127.0.0.1:5173, npm run dev's Vite). */
  appUrl?: string;
  /** A real Postgres; without it, PGlite. (The CLI entry passes DATABASE_URL; tests never do.) */
  databaseUrl?: string;
  /** PGlite's files (default .local/pglite); null keeps the database in memory. */
  dataDir?: string | null;
  demoMode?: boolean;
  /**
   * In demo mode, on a programme with no members: play the demo village's month of life first
   * (dev/demo-month.ts). `npm run dev` and `npm run stack` ask for it (DEMO_MONTH); tests never.
   */
  demoMonth?: boolean;
  quiet?: boolean;
  /** Overrides of supabase/config.toml's [auth] settings (tests). */
  authSettings?: Partial<AuthSettings>;
  /** The signing key; by default .local/keys.json for a persistent stack, a fresh one otherwise. */
  keys?: SigningKeys;
  /**
   * Where the signing key and the anon key are kept (DEV_KEYS_FILE), relative to the repository:
   * .local/keys.json by default for a persistent stack; a stack in memory makes a fresh key unless
   * this names a file.
   */
  keysFile?: string;
  /** Write .env.local for Vite (the dev commands do; tests don't). */
  writeEnvFile?: boolean;
  /** Where writeEnvFile writes, relative to the repository (default .env.local). */
  envFile?: string;
  /** Connections to a real Postgres (default 16; PGlite always 1). */
  poolSize?: number;
  /** false: no verified-token cache, as before the token cache (the bench's before/after). */
  keepVerifiedTokens?: boolean;
  /** See GatewayParts.createDb. */
  createDb?: typeof import('../supabase/functions/_shared/db.ts').createDb;
  /**
   * Drain the texts outbox (POST …/api/hooks/texts/drain, as pg_cron does on hosted Supabase),
   * and the wallet pushes' when a wallet's secrets are set, every this many milliseconds; 0: never. Default: 2000 for the dev commands (writeEnvFile), else 0.
   */
  drainTextsEveryMs?: number;
}

export interface Stack {
  url: string;
  anonKey: string;
  databaseUrl: string;
  /** The stack's own database client (PGlite serves one connection: share this one). */
  sql: Sql;
  /** What this start (or the last reopen) applied: migrations not yet recorded, and whether seeds ran. */
  migrations: MigrateResult;
  /**
   * Closes the database and opens another under the running server: a fresh one in memory (or
   * again the data directory), or `databaseUrl`, with this demo mode. A new start without a new
   * process: the browser lanes start one app and reopen it for each file (tests/support/browser-app.ts).
   * Requests in between answer 503.
   */
  reopen(options: { databaseUrl?: string; demoMode?: boolean }): Promise<void>;
  /** Closes the database (connections and all); requests answer 503 until the next reopen. */
  closeDatabase(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started = performance.now();
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const config = loadConfig();
  const port = options.port ?? config.apiPort;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const embeddedPort = port === 0 ? 0 : (options.dbPort ?? config.dbPort);
  await assertPortsFree([
    { port, what: 'the local stack' },
    ...(options.databaseUrl ? [] : [{ port: embeddedPort, what: 'the embedded database' }]),
  ]);

  /** The database the server routes to now, and the server around it. */
  interface Opened {
    embedded?: EmbeddedPostgres;
    sql: Sql;
    databaseUrl: string;
    migrations: MigrateResult;
  }
  let db: Opened | undefined;
  let server: ServerType | undefined;
  let drainTimer: ReturnType<typeof setInterval> | undefined;
  // The issuer names the real port, known once listening: serve first, route right after.
  const routed: { app?: Hono } = {};
  const closeDatabase = async () => {
    routed.app = undefined;
    const closing = db;
    db = undefined;
    await closing?.sql.end({ timeout: 1 });
    await closing?.embedded?.stop();
  };
  const stop = async () => {
    if (drainTimer) clearInterval(drainTimer);
    drainTimer = undefined;
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await closeDatabase();
  };
  /** The embedded PGlite (in memory, or dataDir) or a real Postgres at `databaseUrl`, migrated. */
  const openDatabase = async (databaseUrl: string | undefined): Promise<Opened> => {
    const embedded = databaseUrl
      ? undefined
      : await startEmbeddedPostgres({ dataDir: dataDir ?? undefined, port: embeddedPort });
    const url = databaseUrl ?? embedded!.url;
    // PGlite serves one connection, shared by auth and api; a real server gets a pool big enough
    // that requests do not queue for a connection while the server has cores to spare.
    const sql = connect(url, { max: embedded ? 1 : (options.poolSize ?? 16) });
    try {
      return { embedded, sql, databaseUrl: url, migrations: await migrate(sql) };
    } catch (error) {
      await sql.end({ timeout: 1 });
      await embedded?.stop();
      throw error;
    }
  };

  try {
    db = await openDatabase(options.databaseUrl);
    let month = '';
    if (options.demoMonth && (options.demoMode ?? true) && !(await hasMembers(db.sql))) {
      const playing = performance.now();
      try {
        const played = await playDemoMonth(db.sql);
        month = `${played.members} members, ${played.visits} visits, ${played.redemptions} redemptions and ${played.campaigns} campaign over ${DEMO_MONTH_DAYS} days, played in ${Math.round(performance.now() - playing)} ms`;
      } catch (error) {
        month = `not played: ${error instanceof Error ? error.message : String(error)}`;
      }
    }

    const persistent = port !== 0 && dataDir !== null;
    // Keys given are used as they are; else the named key file, the persistent stack's, or none.
    const namedKeysFile =
      options.keysFile && (isAbsolute(options.keysFile) ? options.keysFile : join(ROOT, options.keysFile));
    const keysFile = options.keys ? undefined : namedKeysFile || (persistent ? KEYS_PATH : undefined);
    const keys = options.keys ?? (keysFile ? await loadOrCreateSigningKeys(keysFile) : await inMemorySigningKeys());
    const anonKey = keysFile
      ? await loadOrCreateAnonKey(keysFile, keys, { ref: config.projectId })
      : await makeAnonKey(keys, { ref: config.projectId });

    const handle = (request: Request, env: unknown) =>
      routed.app?.fetch(request, env) ?? new Response(null, { status: 503 });
    const listening = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: handle, port, hostname: '127.0.0.1' }, (info) => resolve(info.port));
      server.once('error', reject);
      // Idle connections stay open longer than clients keep them (Node's fetch: 4 s), so the client
      // always closes first: with Node's default 5 s, a busy machine let the server close one just
      // as a client reused it, and that request failed with ECONNRESET.
      (server as import('node:http').Server).keepAliveTimeout = 60_000;
    });
    const url = `http://127.0.0.1:${listening}`;
    const authSettings = { ...config.auth, ...options.authSettings };
    const textsDrainSecret = process.env.TEXTS_DRAIN_SECRET || randomBytes(24).toString('base64url');
    const appUrl = options.appUrl ?? APP_URL;
    const route = (opened: Opened, demoMode: boolean) => {
      routed.app = createGateway({
        textsDrainSecret,
        url,
        appUrl,
        sql: opened.sql,
        keys,
        anonKey,
        databaseUrl: opened.databaseUrl,
        authSettings,
        demoMode,
        keepVerifiedTokens: options.keepVerifiedTokens,
        createDb: options.createDb,
        log,
      });
    };
    const demoMode = options.demoMode ?? true;
    route(db, demoMode);
    const reopen = async (next: { databaseUrl?: string; demoMode?: boolean }) => {
      if (!server) throw new Error('the stack is stopped');
      await closeDatabase();
      db = await openDatabase(next.databaseUrl);
      route(db, next.demoMode ?? true);
    };

    if (options.writeEnvFile) {
      const envFile = join(ROOT, options.envFile ?? '.env.local');
      mkdirSync(dirname(envFile), { recursive: true });
      writeFileSync(
        envFile,
        `# Written by the local stack (dev/stack.ts) on every start.\nVITE_SUPABASE_URL=${url}\nVITE_SUPABASE_ANON_KEY=${anonKey}\n`,
      );
    }

    const drainEvery = options.drainTextsEveryMs ?? (options.writeEnvFile ? 2000 : 0);
    const walletSecretsSet = Object.keys(process.env).some((name) => /^(APPLE_|GOOGLE_WALLET_)/.test(name));
    if (drainEvery > 0) {
      let draining = false;
      drainTimer = setInterval(() => {
        // Nothing to drain while the database is closed (between a lane's files).
        if (draining || !routed.app) return;
        draining = true;
        const drain = (outbox: string) =>
          fetch(`${url}/functions/v1/api/hooks/${outbox}/drain`, { method: 'POST', headers: { 'x-drain-secret': textsDrainSecret } })
            .then((response) => (response.ok ? undefined : log(`[${outbox}] drain answered ${response.status}`)))
            .catch((error: unknown) => log(`[${outbox}] drain failed: ${String(error)}`));
        // The wallet pushes too, when a wallet's secrets are in the environment (docs/WALLET.md).
        void Promise.all([drain('texts'), ...(walletSecretsSet ? [drain('wallet')] : [])]).finally(() => (draining = false));
      }, drainEvery);
      drainTimer.unref?.();
    }

    const { embedded, databaseUrl, migrations } = db;
    const database = embedded
      ? `PGlite ${dataDir ? `in ${relative(ROOT, dataDir) || dataDir}` : 'in memory'}, served at ${databaseUrl}`
      : `Postgres at ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`;
    const adminCode = authSettings.testOtp[DEMO_ADMIN_PHONE];
    log(`Village Rewards local stack ready in ${Math.round(performance.now() - started)} ms`);
    log(`  App       ${appUrl}  (npm run dev serves it; it calls /api/*)`);
    log(`  API       ${url}/functions/v1/api`);
    log(`  Auth      ${url}/auth/v1`);
    log(
      `  Database  ${database}` +
        `${migrations.applied.length ? `; applied ${migrations.applied.length} migration(s)` : ''}${migrations.seeded ? '; seeded' : ''}`,
    );
    if (month) log(`  Demo month ${month} (DEMO_MONTH=false skips it)`);
    log(
      demoMode
        ? '  Demo mode ON: kiosks check in without enrolment (DEMO_MODE=false npm run dev to try enrolment)'
        : "  Demo mode OFF: a kiosk checks customers in once enrolled with its location's code",
    );
    log(
      `  Demo admin: phone (555) 555-0100, code ${adminCode ?? '(no test code in supabase/config.toml)'}`,
    );
    log(
      `  Demo staff (Village Creamery, /staff): phone (555) 555-0101, code ${authSettings.testOtp[DEMO_STAFF_PHONE] ?? '(no test code in supabase/config.toml)'}`,
    );
    log(`  Sign-in codes are printed here and listed at ${url}/auth/v1/dev/sms?phone=<10 digits>`);
    log(`  Programme texts are printed here and listed at ${url}/auth/v1/dev/texts[?phone=<10 digits>]${drainEvery > 0 ? '' : ' (drain off)'}`);

    const opened = () => {
      if (!db) throw new Error('the stack has no database open (closeDatabase, or a reopen that failed)');
      return db;
    };
    return {
      url,
      anonKey,
      get databaseUrl() {
        return opened().databaseUrl;
      },
      get sql() {
        return opened().sql;
      },
      get migrations() {
        return opened().migrations;
      },
      reopen,
      closeDatabase,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What the rig (tests/support/browser-app.ts) may ask over the IPC channel. */
export type DevMessage =
  | { id: number; type: 'reopen'; databaseUrl?: string; demoMode?: boolean }
  | { id: number; type: 'close' };

/**
 * The browser suites' rig starts one app per lane and asks it, file by file, for a fresh database
 * (`reopen`: one in memory, or the file's Postgres test database, and its demo mode) and to let it
 * go (`close`: a test database can then be dropped): the same start as a new `npm run dev` without
 * a new process, build server and browser. Each message is answered `{ id, error? }`. When the
 * channel closes the app stops and exits (dev/cli.ts stopOnSignal). `npm run dev` (dev/dev.ts) and
 * `npm run stack` both answer when started with an IPC channel.
 */
export function answerParent(stack: Stack) {
  process.on('message', (message: DevMessage) => {
    const work =
      message.type === 'reopen'
        ? stack.reopen({ databaseUrl: message.databaseUrl, demoMode: message.demoMode })
        : stack.closeDatabase();
    work.then(
      () => process.send?.({ id: message.id }),
      (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runCommand(async () => {
    const ports = devPortsFromEnv(process.env);
    const stack = await startStack({
      ...stackOptionsFromEnv(process.env),
      port: ports.stackPort,
      dbPort: ports.dbPort,
      appUrl: `http://127.0.0.1:${ports.appPort}`,
      writeEnvFile: true,
      envFile: ports.envFile,
    });
    stopOnSignal(stack.stop);
    if (process.send) answerParent(stack);
  });
}
