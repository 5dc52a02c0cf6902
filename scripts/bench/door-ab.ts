// The database door's A/B (issue 24 §4), in one run: the door as today (one simple query, values
// as E'' literals) against the door with bound parameters (the extended-protocol batch postgres.js
// sends with `prepare: false`: each parameterised statement is described first), alternating
// A, B, A, B… at 32 clients on the check-in pair (start + approve) and GET /api/me. Prints the
// medians of the rounds; about 90 s on a small seeded programme.
//   node --import tsx scripts/bench/door-ab.ts [rounds]
import { generateSigningKeys } from '../../dev/keys.ts';
import { createPostgresDatabase } from '../../tests/support/db.ts';
import { createActors, scaledSeed, type Scale } from './fixture.ts';
import { httpClient } from './http.ts';
import { CheckinPool, getPhase, pairPhase } from './phases.ts';
import { startServer } from './server-process.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.argv[2] ?? 3);
const SCALE: Scale = { customers: 5_000, visits: 50_000, members: 400, kiosks: 200 };
const MS = 3_000;
const CLIENTS = 32;

const doors = {
  literals: { oneQuery: true },
  'bound parameters': { oneQuery: false },
} as const;
type Door = keyof typeof doors;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const db = await createPostgresDatabase({ max: 4 });
const keys = await generateSigningKeys();
let server = await startServer(db.url, keys, { poolSize: 16, pipeline: true, keepTokens: true });
try {
  await db.sql.unsafe(scaledSeed(SCALE));
  await db.sql.unsafe('vacuum analyze');
  const actors = await createActors(db.sql, keys.keys, server.url, SCALE);
  const checkins = new CheckinPool(actors);
  const member = (i: number) => actors.members[i % actors.members.length]!.token;
  const results: Record<Door, { pair: number[]; pairP50: number[]; me: number[]; meP50: number[] }> = {
    literals: { pair: [], pairP50: [], me: [], meP50: [] },
    'bound parameters': { pair: [], pairP50: [], me: [], meP50: [] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const door of Object.keys(doors) as Door[]) {
      await server.stop();
      server = await startServer(db.url, keys, {
        poolSize: 16,
        pipeline: true,
        keepTokens: true,
        ...doors[door],
        port: Number(new URL(server.url).port),
      });
      const http = httpClient(server.url);
      await getPhase(http, 'warm-up', '/api/me', member, CLIENTS, { ms: MS / 2, max: 256 });
      const pair = await pairPhase(http, checkins, CLIENTS, { ms: MS });
      const me = await getPhase(http, 'GET /api/me', '/api/me', member, CLIENTS, { ms: MS });
      http.close();
      results[door].pair.push(pair.throughput);
      results[door].pairP50.push(pair.p50);
      results[door].me.push(me.throughput);
      results[door].meP50.push(me.p50);
      console.log(
        `round ${round + 1} ${door.padEnd(16)} start+approve ${pair.throughput.toFixed(0)}/s p50 ${pair.p50.toFixed(1)} ms` +
          ` | GET /api/me ${me.throughput.toFixed(0)}/s p50 ${me.p50.toFixed(1)} ms` +
          `${Object.keys({ ...pair.errors, ...me.errors }).length ? ` errors ${JSON.stringify({ ...pair.errors, ...me.errors })}` : ''}`,
      );
    }
  }
  const a = results.literals;
  const b = results['bound parameters'];
  const change = (x: number, y: number) => `${(((y - x) / x) * 100).toFixed(1)} %`;
  console.log(`\nmedians of ${ROUNDS} rounds at ${CLIENTS} clients (PostgreSQL at ${process.env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//')})`);
  console.log(`start+approve  literals ${median(a.pair).toFixed(0)}/s (p50 ${median(a.pairP50).toFixed(1)} ms)  bound ${median(b.pair).toFixed(0)}/s (p50 ${median(b.pairP50).toFixed(1)} ms)  change ${change(median(a.pair), median(b.pair))}`);
  console.log(`GET /api/me    literals ${median(a.me).toFixed(0)}/s (p50 ${median(a.meP50).toFixed(1)} ms)  bound ${median(b.me).toFixed(0)}/s (p50 ${median(b.meP50).toFixed(1)} ms)  change ${change(median(a.me), median(b.me))}`);
} finally {
  await server.stop();
  await db.drop();
}
