import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createPostgresDatabase } from '../tests/support/db.ts';
import { generateSigningKeys } from '../dev/keys.ts';
import { createActors, scaledSeed } from '../scripts/bench/fixture.ts';
import { httpClient } from '../scripts/bench/http.ts';
import { CheckinPool, getPhase, pairPhase } from '../scripts/bench/phases.ts';
import { formatLine } from '../scripts/bench/stats.ts';
const SCALE = { customers: 5_000, visits: 50_000, members: 200, kiosks: 300 };
const db = await createPostgresDatabase({ max: 4 });
const what = process.argv[2] ?? 'me';
try {
  await db.sql.unsafe(scaledSeed(SCALE));
  await db.sql.unsafe('vacuum analyze');
  const keys = await generateSigningKeys();
  const port = 54999;
  const child = spawn(process.execPath, [...(process.env.COUNT ? ['--import', './.tmp-prof/count-writes.mjs'] : ['--cpu-prof', '--cpu-prof-dir', '/tmp/cpuprof']), '--import', 'tsx', join('scripts/bench/server.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: db.url, BENCH_PRIVATE_JWK: JSON.stringify(keys.privateJwk), BENCH_PUBLIC_JWK: JSON.stringify(keys.keys.publicJwk), BENCH_POOL_SIZE: '16', BENCH_PIPELINE: 'true', BENCH_PORT: String(port), BENCH_KEEP_TOKENS: 'true', BENCH_ONE_QUERY: process.env.ONEQ ?? 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.on('data', (c: Buffer) => { const m = /listening (\S+)/.exec(c.toString()); if (m) resolve(m[1]!); }));
  const actors = await createActors(db.sql, keys.keys, url, SCALE);
  const http = httpClient(url);
  const member = (i: number) => actors.members[i % actors.members.length]!.token;
  await getPhase(http, 'warm', '/api/me', member, 32, { ms: 2000 });
  if (what === 'me') console.log(formatLine(await getPhase(http, 'GET /api/me', '/api/me', member, 32, { ms: 8000 })));
  else console.log(formatLine(await pairPhase(http, new CheckinPool(actors), 32, { ms: 8000 })));
  http.close();
  await new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); });
} finally {
  await db.drop();
}
