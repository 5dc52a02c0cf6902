// The api app in-process over a fresh test database (PGlite or real Postgres), with the local
// stack's Supabase Auth stand-in (dev/stack.ts) for real sign-ins: one harness per suite.
import { randomBytes } from 'node:crypto';
import type { AuthSettings } from '../../dev/config.ts';
import { loadAuthSettings } from '../../dev/config.ts';
import type { SigningKeys } from '../../dev/keys.ts';
import { startStack, type Stack } from '../../dev/stack.ts';
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import { parseConfig, type AppConfig, type RateLimits } from '../../supabase/functions/_shared/config.ts';
import { SetEnrolmentCodeResponse } from '../../supabase/functions/_shared/contract.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { bodyOf, callApp, type ApiResponse, type CallOptions } from './api-client.ts';
import type { AuthServer } from './auth-client.ts';
import { createPostgresDatabase, type TestDatabase } from './db.ts';
import { createRoleUser } from './role-users.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The abuse limits kept in private.settings (0 turns one off). */
export interface ProgrammeSettings {
  min_visit_interval?: string;
  min_visit_gap_anywhere?: string;
  max_visits_per_hour?: number;
  sign_in_codes_per_day?: number;
  sign_in_code_max_failures?: number;
}

// The field's limits would stop fixtures that approve many visits or sign one phone in often;
// the tests of each limit turn it back on with withSettings().
const DEFAULT_SETTINGS: ProgrammeSettings = { min_visit_interval: '60 minutes' };
const ROOMY_SETTINGS: ProgrammeSettings = {
  min_visit_gap_anywhere: '0',
  max_visits_per_hour: 0,
  sign_in_codes_per_day: 0,
  sign_in_code_max_failures: 0,
};

export interface ConfigChanges {
  /** Where Supabase Auth is: point it at nothing to see the API without Auth. */
  supabaseUrl?: string;
  demoMode?: boolean;
  allowedOrigins?: string[];
  rateLimits?: Partial<RateLimits>;
}

export interface ApiHarness {
  kind: DatabaseKind;
  db: TestDatabase;
  auth: AuthServer;
  config: AppConfig;
  app: App;
  /** Another app over the same database and Auth, with other settings (demo mode, tight limits). */
  appWith(changes: ConfigChanges): App;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** The location's kiosk enrolment code, set by an admin on first use. */
  enrolmentCode(locationId: string): Promise<string>;
  /** An admin's token, made on first use and shared within the harness. */
  adminToken(): Promise<string>;
  /**
   * Runs `work` with these private.settings (e.g. { max_visits_per_hour: 4 }), then puts the
   * harness's roomy values back. Tests of one file share the database: the limit tests use this.
   */
  withSettings<T>(settings: ProgrammeSettings, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Limits high enough that fixtures never meet them; the limit tests use appWith().
const ROOMY = { limit: 100_000, windowSeconds: 3600 };

// Supabase Auth's own limits (config.toml) would stop a test file's hundreds of sign-ins.
function roomyAuthSettings(): Partial<AuthSettings> {
  const { rateLimits } = loadAuthSettings();
  const many = Object.fromEntries(Object.keys(rateLimits).map((key) => [key, 100_000]));
  return { smsMaxFrequencySeconds: 0, rateLimits: many as unknown as AuthSettings['rateLimits'] };
}

/**
 * The stack's auth stand-in over the test database. On PGlite the stack starts the database
 * itself (in memory) and its one connection is shared: PGlite serves a single connection.
 */
async function startDatabaseAndAuth(
  kind: DatabaseKind,
  authSettings: Partial<AuthSettings> = {},
  keys?: SigningKeys,
): Promise<{ db: TestDatabase; stack: Stack }> {
  const common = { port: 0, quiet: true, demoMode: false, keys, authSettings: { ...roomyAuthSettings(), ...authSettings } };
  if (kind === 'pglite') {
    const stack = await startStack({ ...common, dataDir: null });
    return { stack, db: { kind, url: stack.databaseUrl, sql: stack.sql, drop: () => stack.stop() } };
  }
  const db = await createPostgresDatabase({ max: 20 });
  const stack = await startStack({ ...common, databaseUrl: db.url });
  return {
    stack,
    db: {
      ...db,
      async drop() {
        await stack.stop();
        await db.drop();
      },
    },
  };
}

export interface HarnessOptions {
  demoMode?: boolean;
  /** Overrides of the auth stand-in's settings (e.g. smsAutoconfirm: SMS confirmations off). */
  authSettings?: Partial<AuthSettings>;
  /** The stand-in's signing key, for suites that mint their own (expired, forged-claim) tokens. */
  keys?: SigningKeys;
}

async function applySettings(db: TestDatabase, settings: ProgrammeSettings) {
  for (const [column, value] of Object.entries(settings)) {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`not a settings column: ${column}`);
    await db.sql.unsafe(`update private.settings set ${column} = $1`, [String(value)]);
  }
}

export async function createApiHarness(kind: DatabaseKind, options: HarnessOptions = {}): Promise<ApiHarness> {
  const { db, stack } = await startDatabaseAndAuth(kind, options.authSettings, options.keys);
  await applySettings(db, ROOMY_SETTINGS);
  const auth: AuthServer = { url: stack.url, anonKey: stack.anonKey };
  const base = parseConfig({
    SUPABASE_URL: auth.url,
    SUPABASE_ANON_KEY: auth.anonKey,
    SUPABASE_DB_URL: db.url,
    DEMO_MODE: options.demoMode ? 'true' : 'false',
    ALLOWED_ORIGINS: 'http://localhost:5173',
  });
  const roomy: RateLimits = {
    sendCodePerIp: ROOMY,
    verifyPerPhone: ROOMY,
    customersPerClient: ROOMY,
    enrolPerKiosk: ROOMY,
    checkinsPerKiosk: ROOMY,
    searchesPerClerk: ROOMY,
    contactPerIp: ROOMY,
    referralChecksPerIp: ROOMY,
    accountChangesPerMember: ROOMY,
    walletPerMember: ROOMY,
    walletDevicesPerPass: ROOMY,
  };
  const config: AppConfig = { ...base, rateLimits: roomy };

  function appWith(changes: ConfigChanges): App {
    const changed: AppConfig = {
      ...config,
      ...changes,
      rateLimits: { ...config.rateLimits, ...changes.rateLimits },
    };
    return createApp({ db: createDb(db.sql, { demoMode: changed.demoMode }), config: changed });
  }

  const app = appWith({});
  const codes = new Map<string, Promise<string>>();
  let admin: Promise<string> | undefined;

  const harness: ApiHarness = {
    kind,
    db,
    auth,
    config,
    app,
    appWith,
    call: (method, path, callOptions) => callApp(app, method, path, callOptions),
    adminToken() {
      // A phone of its own block, apart from the factories' nextPhone() numbers.
      admin ??= createRoleUser(harness, `3129${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`, { role: 'admin' });
      return admin;
    },
    enrolmentCode(locationId) {
      let code = codes.get(locationId);
      if (!code) {
        code = (async () => {
          const secret = randomBytes(12).toString('base64url');
          const response = await harness.call('PUT', `/api/admin/locations/${locationId}/enrolment-code`, {
            token: await harness.adminToken(),
            body: { code: secret },
          });
          bodyOf(response, SetEnrolmentCodeResponse);
          return secret;
        })();
        codes.set(locationId, code);
      }
      return code;
    },
    async withSettings(settings, work) {
      await applySettings(db, settings);
      try {
        return await work();
      } finally {
        const roomy = Object.fromEntries(Object.keys(settings).map((key) => [key, ROOMY_SETTINGS[key as keyof ProgrammeSettings] ?? DEFAULT_SETTINGS[key as keyof ProgrammeSettings]]));
        await applySettings(db, roomy as ProgrammeSettings);
      }
    },
    close: () => db.drop(),
  };
  return harness;
}
