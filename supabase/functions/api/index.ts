// The Deno entry of the `api` edge function: reads its settings from the environment, opens
// one pooler-safe Postgres client (no prepared statements) and serves the shared Hono app.
// This is the only file that touches Deno.*; everything else is in ../_shared.
import postgres from 'postgres';
import { createApp } from '../_shared/app.ts';
import { parseConfig } from '../_shared/config.ts';
import { createDb } from '../_shared/db.ts';

const env = Deno.env.toObject();
// Hosted Supabase provides SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_DB_URL to every function.
const config = parseConfig(env);
const sql = postgres(config.databaseUrl, {
  prepare: false,
  max: Number(env.DB_POOL_SIZE ?? 5),
  idle_timeout: 20,
  onnotice: () => {},
});
// postgres.js 3.4.9 may flush a batched write from a setImmediate after its connection closed (a
// database restart or failover) and throw outside any request (porsager/postgres#1154, #1208). The
// query was already rejected (its request answered 503), so that one throw must not end the function.
globalThis.addEventListener('error', (event) => {
  const error: unknown = event.error;
  if (error instanceof TypeError && error.message.includes("(reading 'write')") && error.stack?.includes('postgres')) {
    console.warn('[api] postgres.js wrote to a closed connection (porsager/postgres#1208); ignored');
    event.preventDefault();
  }
});

// The same defect's sibling: a connection opened during a restart loses the driver's own
// array-type lookup, which postgres.js rejects with no handler. Nothing waits on it (the request
// that opened the connection answers 503); it must not end the function either.
globalThis.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if ((reason as { code?: string } | null)?.code === 'CONNECTION_CLOSED' && String((reason as Error).stack).includes('postgres')) {
    console.warn('[api] postgres.js lost a connection while opening it (porsager/postgres#1154); ignored');
    event.preventDefault();
  }
});

const app = createApp({ db: createDb(sql, { demoMode: config.demoMode }), config });

Deno.serve({ port: Number(env.PORT ?? 8000) }, app.fetch);
