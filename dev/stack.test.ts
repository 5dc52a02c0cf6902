// The local stack end to end: one port serving health, auth and the api function (with CORS
// for the app), refusing a second start on a taken port, the same key and anon key on every start
// with a key file, a fresh database on every reopen under the same server, and — file-backed — keeping users, sessions and applied migrations across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations } from './db.ts';
import { inMemorySigningKeys } from './keys.ts';
import { startStack, type Stack } from './stack.ts';
import { stackTarget, supabaseClient } from './auth/testing.ts';

describe('a stack on an in-memory database', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ port: 0, dataDir: null, quiet: true });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves /functions/v1/api/locations: every row of public.locations, seeded', async () => {
    const response = await fetch(`${stack.url}/functions/v1/api/locations`);
    expect(response.status).toBe(200);
    const locations = (await response.json()) as { id: string; welcomeReward: { name: string } }[];
    const [count] = await stack.sql<
      { n: number }[]
    >`select count(*)::int as n from public.locations`;
    expect(count!.n).toBeGreaterThan(0);
    expect(locations).toHaveLength(count!.n);
    expect(locations.map((l) => l.id)).toEqual([
      'chatterbox',
      'creamery',
      'joanies',
      'museum',
      'snackco',
      'broken-bridge',
    ]);
    // Every migration is recorded, whether this start applied them or loaded the test run's
    // migrated template (PGLITE_TEMPLATE); the seeds are always this start's own.
    const recorded = await stack.sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version`;
    expect(recorded.map((row) => row.version)).toEqual(listMigrations().map((m) => m.version));
    expect(stack.migrations.applied).toEqual(
      process.env.PGLITE_TEMPLATE ? [] : listMigrations().map((m) => m.version),
    );
    expect(stack.migrations.seeded).toBe(true);
  });

  it('answers GET / as a health check and mounts auth at /auth/v1', async () => {
    expect(await (await fetch(stack.url)).json()).toMatchObject({ ok: true });
    const jwks = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('answers CORS preflights from the app origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.url}/auth/v1/otp`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, x-client-info',
        },
      });
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:5173']) {
      const allowed = await preflight(origin);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
      expect(allowed.headers.get('access-control-allow-headers')).toContain('apikey');
    }
    expect(
      (await preflight('https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('leaves CORS on function paths to the function: its preflight headers, each header once', async () => {
    const origin = 'http://127.0.0.1:5173';
    const preflight = await fetch(`${stack.url}/functions/v1/api/visits/approve`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    // The function's own list (the gateway's has no idempotency-key).
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    const call = await fetch(`${stack.url}/functions/v1/api/locations`, { headers: { origin } });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe(origin);
    expect(call.headers.get('access-control-expose-headers')).toBe(
      'retry-after,x-request-id,content-disposition',
    );
    expect(
      call.headers
        .get('vary')
        ?.split(',')
        .map((v) => v.trim().toLowerCase()),
    ).toEqual(['origin']);
    const stranger = await fetch(`${stack.url}/functions/v1/api/locations`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses to start a second stack on a port that is taken', async () => {
    const port = Number(new URL(stack.url).port);
    await expect(
      startStack({ port, dataDir: null, quiet: true, databaseUrl: stack.databaseUrl }),
    ).rejects.toThrow(/in use/);
    expect((await fetch(stack.url)).status).toBe(200);
  });
});

describe('a stack reopened under its running server (a browser lane, dev/dev.ts over IPC)', () => {
  let stack: Stack | undefined;

  afterAll(async () => {
    await stack?.stop();
  });

  it('starts every reopen on a fresh database with its demo mode, and answers 503 while closed', async () => {
    stack = await startStack({ port: 0, dataDir: null, quiet: true, demoMode: true });
    const { url, anonKey } = stack;
    const demoMode = async () =>
      ((await (await fetch(`${url}/functions/v1/api/demo`, { headers: { apikey: anonKey } })).json()) as {
        demoMode: boolean;
      }).demoMode;
    const creamery = async () =>
      ((await (await fetch(`${url}/functions/v1/api/locations`)).json()) as { id: string; businessName: string }[]).find(
        (location) => location.id === 'creamery',
      )?.businessName;
    expect(await demoMode()).toBe(true);
    await stack.sql`update public.locations set business_name = 'Renamed Creamery' where id = 'creamery'`;
    expect(await creamery()).toBe('Renamed Creamery');

    await stack.closeDatabase();
    expect((await fetch(`${url}/functions/v1/api/locations`)).status).toBe(503);
    expect(() => stack!.sql).toThrow(/no database open/);

    await stack.reopen({ demoMode: false });
    expect(stack.url).toBe(url);
    expect(stack.anonKey).toBe(anonKey);
    expect(await demoMode()).toBe(false);
    expect(await creamery()).toBe('Village Creamery');
    expect(stack.migrations.seeded).toBe(true);

    // Reopened without closing first: the open database is closed on the way.
    await stack.sql`update public.locations set business_name = 'Renamed again' where id = 'creamery'`;
    await stack.reopen({});
    expect(await demoMode()).toBe(true);
    expect(await creamery()).toBe('Village Creamery');
  });
});

describe('a stack in memory with a key file (DEV_KEYS_FILE, as a browser lane runs it)', () => {
  it('signs with the same key and serves the same anon key on every start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'village-rewards-keys-'));
    const keysFile = join(dir, 'keys.json');
    try {
      const first = await startStack({ port: 0, dataDir: null, keysFile, quiet: true });
      const anonKey = first.anonKey;
      const { data } = await supabaseClient(stackTarget(first)).auth.signInAnonymously();
      await first.stop();
      const second = await startStack({ port: 0, dataDir: null, keysFile, quiet: true });
      try {
        expect(second.anonKey).toBe(anonKey);
        // A token from the first start is signed by a key the second one still publishes.
        const jwks = (await (
          await fetch(`${second.url}/auth/v1/.well-known/jwks.json`)
        ).json()) as {
          keys: { kid: string }[];
        };
        const kid = JSON.parse(
          Buffer.from(data.session!.access_token.split('.')[0]!, 'base64url').toString(),
        ).kid;
        expect(jwks.keys.map((key) => key.kid)).toContain(kid);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a stack on a file-backed database', () => {
  it('keeps users, sessions and applied migrations across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'village-rewards-pglite-'));
    const keys = await inMemorySigningKeys(); // as .local/keys.json would keep it
    try {
      const first = await startStack({ port: 0, dataDir, keys, quiet: true });
      let userId: string;
      let refreshToken: string;
      try {
        expect(first.migrations.applied).toHaveLength(listMigrations().length);
        const { data, error } = await supabaseClient(stackTarget(first)).auth.signInAnonymously();
        expect(error).toBeNull();
        userId = data.user!.id;
        refreshToken = data.session!.refresh_token;
      } finally {
        await first.stop();
      }

      const second = await startStack({ port: 0, dataDir, keys, quiet: true });
      try {
        expect(second.migrations).toEqual({ applied: [], seeded: false });
        expect(await second.sql`select id from auth.users where id = ${userId}`).toHaveLength(1);
        const ledger = await second.sql<
          { version: string }[]
        >`select version from supabase_migrations.schema_migrations order by version`;
        expect(ledger.map((m) => m.version)).toEqual(listMigrations().map((m) => m.version));
        const refreshed = await supabaseClient(stackTarget(second)).auth.refreshSession({
          refresh_token: refreshToken,
        });
        expect(refreshed.error).toBeNull();
        expect(refreshed.data.user!.id).toBe(userId);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A file-backed database runs initdb and every migration (about 10 CPU-seconds alone): a
    // minute was not enough on a machine busy with the rest of npm test.
  }, 180_000);
});
