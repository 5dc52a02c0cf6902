// The api as deployed, for the bench, in its own process so the load generator does not share
// its event loop: the local stack (Hono app + auth stand-in on @hono/node-server) over the
// bench's Postgres database, signing with the key the bench hands it (BENCH_PRIVATE_JWK).
// Prints `listening <url> <anonKey>` once it serves.
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { startStack } from '../../dev/stack.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const privateJwk = JSON.parse(process.env.BENCH_PRIVATE_JWK ?? 'null') as JWK | null;
const publicJwk = JSON.parse(process.env.BENCH_PUBLIC_JWK ?? 'null') as JWK | null;
if (!databaseUrl || !privateJwk?.kid || !publicJwk)
  throw new Error('server.ts is started by scripts/bench/main.ts');

const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
const stack = await startStack({
  // A restarted server keeps its port, so the tokens' issuer stays right.
  port: Number(process.env.BENCH_PORT ?? 0),
  databaseUrl,
  dataDir: null,
  quiet: true,
  demoMode: false,
  keys: { kid: privateJwk.kid, privateKey, publicJwk },
  poolSize: Number(process.env.BENCH_POOL_SIZE ?? 16),
  keepVerifiedTokens: process.env.BENCH_KEEP_TOKENS !== 'false',
  // door-ab.ts: a baseline commit's door, written beside db.ts for the run.
  ...(process.env.BENCH_DOOR_MODULE
    ? { createDb: ((await import(process.env.BENCH_DOOR_MODULE)) as typeof import('../../supabase/functions/_shared/db.ts')).createDb }
    : {}),
});
console.log(`listening ${stack.url} ${stack.anonKey}`);
const stop = () => void stack.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
