// The database door's A/B in one run: the door of a baseline commit (default: the last one whose
// door sent values as E'' literals in one simple query) against this checkout's door (every value
// a bound parameter, the call as one statement), alternating A, B, A, B… at 32 clients on the
// check-in pair (start + approve) and GET /api/me. The baseline's db.ts is written beside today's
// for the run (db.baseline.tmp.ts, removed after) and the bench server uses its createDb. Prints each round and the medians (req/s, p50, p95);
// about two minutes on a small seeded programme.
//   node --import tsx scripts/bench/door-ab.ts [rounds] [baseline-commit]
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSigningKeys } from '../../dev/keys.ts';
import { createPostgresDatabase } from '../../tests/support/db.ts';
import { createActors, scaledSeed, type Scale } from './fixture.ts';
import { httpClient } from './http.ts';
import { CheckinPool, getPhase, pairPhase } from './phases.ts';
import { startServer } from './server-process.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.argv[2] ?? 3);
/** The last commit of the literal door (values spliced into one simple query as E'' literals). */
const BASELINE = process.argv[3] ?? '41bc2b0';
const SCALE: Scale = { customers: 5_000, visits: 50_000, members: 400, kiosks: 200 };
const MS = 3_000;
const CLIENTS = 32;

// The baseline's door, written beside today's db.ts (it imports its siblings) for this run only.
const baselineModule = join(import.meta.dirname, '../../supabase/functions/_shared/db.baseline.tmp.ts');
writeFileSync(
  baselineModule,
  execFileSync('git', ['-C', import.meta.dirname, 'show', `${BASELINE}:supabase/functions/_shared/db.ts`]),
);

const doors = {
  [`literals (${BASELINE})`]: baselineModule,
  'bound (this checkout)': undefined,
} as Record<string, string | undefined>;
const names = Object.keys(doors);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Series = Record<'pair' | 'pairP50' | 'pairP95' | 'me' | 'meP50' | 'meP95', number[]>;
const db = await createPostgresDatabase({ max: 4 });
const keys = await generateSigningKeys();
let server = await startServer(db.url, keys, { poolSize: 16, keepTokens: true });
try {
  await db.sql.unsafe(scaledSeed(SCALE));
  await db.sql.unsafe('vacuum analyze');
  const actors = await createActors(db.sql, keys.keys, server.url, SCALE);
  const checkins = new CheckinPool(actors);
  const member = (i: number) => actors.members[i % actors.members.length]!.token;
  const results = Object.fromEntries(
    names.map((name) => [name, { pair: [], pairP50: [], pairP95: [], me: [], meP50: [], meP95: [] } as Series]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of names) {
      await server.stop();
      server = await startServer(db.url, keys, {
        poolSize: 16,
        keepTokens: true,
        doorModule: doors[name],
        port: Number(new URL(server.url).port),
      });
      const http = httpClient(server.url);
      await getPhase(http, 'warm-up', '/api/me', member, CLIENTS, { ms: MS / 2, max: 256 });
      const pair = await pairPhase(http, checkins, CLIENTS, { ms: MS });
      const me = await getPhase(http, 'GET /api/me', '/api/me', member, CLIENTS, { ms: MS });
      http.close();
      const r = results[name]!;
      r.pair.push(pair.throughput);
      r.pairP50.push(pair.p50);
      r.pairP95.push(pair.p95);
      r.me.push(me.throughput);
      r.meP50.push(me.p50);
      r.meP95.push(me.p95);
      const errors = { ...pair.errors, ...me.errors };
      console.log(
        `round ${round + 1} ${name.padEnd(24)} start+approve ${pair.throughput.toFixed(0)}/s p50 ${pair.p50.toFixed(1)} p95 ${pair.p95.toFixed(1)} ms` +
          ` | GET /api/me ${me.throughput.toFixed(0)}/s p50 ${me.p50.toFixed(1)} p95 ${me.p95.toFixed(1)} ms` +
          `${Object.keys(errors).length ? ` errors ${JSON.stringify(errors)}` : ''}`,
      );
    }
  }
  const [a, b] = names.map((name) => results[name]!) as [Series, Series];
  const change = (x: number, y: number) => `${y >= x ? '+' : ''}${(((y - x) / x) * 100).toFixed(1)} %`;
  console.log(`\nmedians of ${ROUNDS} rounds at ${CLIENTS} clients (PostgreSQL at ${process.env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//')})`);
  console.log('| phase | door | req/s | p50 ms | p95 ms |\n|---|---|---:|---:|---:|');
  for (const [phase, key] of [['start + approve', 'pair'], ['GET /api/me', 'me']] as const) {
    for (const name of names) {
      const r = results[name]!;
      console.log(`| ${phase} | ${name} | ${median(r[key]).toFixed(0)} | ${median(r[`${key}P50`]).toFixed(1)} | ${median(r[`${key}P95`]).toFixed(1)} |`);
    }
    console.log(`| ${phase} | change | ${change(median(a[key]), median(b[key]))} | ${change(median(a[`${key}P50`]), median(b[`${key}P50`]))} | ${change(median(a[`${key}P95`]), median(b[`${key}P95`]))} |`);
  }
} finally {
  await server.stop();
  await db.drop();
  rmSync(baselineModule, { force: true });
}
