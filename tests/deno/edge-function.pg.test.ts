// Boots the real edge-function entry (supabase/functions/api/index.ts) under Deno against
// real Postgres and the local auth stand-in, and calls it over HTTP: proof that the shared
// app, its npm: import map and the pooler-safe database client work in the Deno runtime.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { startStack } from '../../dev/stack.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilServing(url: string, deno: ChildProcess, output: () => string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (deno.exitCode !== null) throw new Error(`deno exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the function did not start in time:\n${output()}`);
}

describe('the api edge function under Deno', () => {
  let db: TestDatabase;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let deno: ChildProcess;
  let base: string;
  let log = '';

  beforeAll(async () => {
    db = await createPostgresDatabase({ max: 2 });
    stack = await startStack({ port: 0, databaseUrl: db.url, demoMode: true, quiet: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    deno = spawn('npx', ['deno', 'run', '-A', '--quiet', 'supabase/functions/api/index.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        SUPABASE_URL: stack.url,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_DB_URL: db.url,
        DEMO_MODE: 'true',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    deno.stdout?.on('data', (chunk) => (log += chunk));
    deno.stderr?.on('data', (chunk) => (log += chunk));
    await waitUntilServing(`${base}/api/locations`, deno, () => log);
  });

  afterAll(async () => {
    deno?.kill('SIGTERM');
    await stack?.stop();
    await db?.drop();
  });

  it('serves the six businesses from Postgres', async () => {
    const response = await fetch(`${base}/api/locations`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string }[];
    expect(body.map((location) => location.id).sort()).toEqual(
      ['broken-bridge', 'chatterbox', 'creamery', 'joanies', 'museum', 'snackco'],
    );
  });

  it('answers invalid input with a 400 in the error shape', async () => {
    const response = await fetch(`${base}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', phone: '12' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('invalid_input');
  });

  it('verifies a Supabase Auth session and acts as that kiosk', async () => {
    const supabase = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket; realtime is unused here.
      realtime: { transport: class {} as unknown as typeof WebSocket },
    });
    const { data, error } = await supabase.auth.signInAnonymously();
    expect(error).toBeNull();
    const response = await fetch(`${base}/api/kiosk/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${data.session!.access_token}`,
      },
      body: JSON.stringify({ locationId: 'creamery', deviceFingerprint: 'deno smoke test' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { session: { id: string } };
    const [row] = await db.sql`select location_id, user_id from public.kiosk_sessions where id = ${body.session.id}`;
    expect(row).toEqual({ location_id: 'creamery', user_id: data.user!.id });
  });

  it('refuses a forged bearer token', async () => {
    const response = await fetch(`${base}/api/me`, {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(response.status).toBe(401);
  });
});
