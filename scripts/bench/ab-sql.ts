// A migration's effect on the check-in SQL, before and after in one run:
//   node --import tsx scripts/bench/ab-sql.ts <version> [--quick] [--rounds=8,32,8,32] [--seconds=3]
// seeds one database at the bench's scale with every migration before <version>, clones it
// (CREATE DATABASE … TEMPLATE) and brings the clone up to date, then drives start + approve
// through the api's database layer (no HTTP) on the two alternately at 8 and 32 clients (after an
// untimed warm-up of both; the side that runs first alternates too).
// Prints check-ins/s, latency and Postgres CPU per check-in (the CPU time of that side's
// backends from /proc, over the phase: other work on the machine is not counted; the WAL
// writer and checkpointer are not either). Figures only; nothing is asserted.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connect, migrate } from '../../dev/db.ts';
import { generateSigningKeys } from '../../dev/keys.ts';
import { createActors, scaledSeed, type Scale } from './fixture.ts';
import { postgresCpuSeconds } from './cpu.ts';
import { CheckinPool, sqlPairPhase } from './phases.ts';
import { formatLine } from './stats.ts';

const version = process.argv[2];
if (!version || !/^\d{14}$/.test(version)) {
  console.error('usage: ab-sql.ts <migration version> [--quick] [--rounds=8,32,…] [--seconds=N]');
  process.exit(2);
}
const quick = process.argv.includes('--quick');
// --rounds=8,8,8,8 (clients per round) and --seconds=6 (per side and round) for steadier
// figures on a busy machine: CPU is read in 10 ms ticks per backend.
const flag = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = flag('rounds')?.split(',').map(Number) ?? [8, 32, 8, 32];
const seconds = flag('seconds') ? Number(flag('seconds')) : undefined;
const SCALE: Scale = quick
  ? { customers: 10_000, visits: 50_000, members: 10, kiosks: 200 }
  : { customers: 100_000, visits: 1_000_000, members: 10, kiosks: 1_000 };
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const urlOf = (name: string) =>
  Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const names = { before: `ab_before_${tag}`, after: `ab_after_${tag}` };
try {
  await admin.unsafe(`create database "${names.before}"`);
  let sql = connect(urlOf(names.before), { max: 4 });
  await migrate(sql, { until: version });
  let t = performance.now();
  await sql.unsafe(scaledSeed(SCALE));
  // Older umbrella rebuilds left this one out.
  await sql`select private.rebuild_member_first_visits()`;
  await sql.unsafe('vacuum analyze');
  console.log(`seeded ${names.before} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  const { keys } = await generateSigningKeys();
  const actors = await createActors(sql, keys, 'http://127.0.0.1:1', SCALE);
  await sql.end();

  t = performance.now();
  await admin.unsafe(`create database "${names.after}" template "${names.before}"`);
  sql = connect(urlOf(names.after), { max: 1 });
  const { applied } = await migrate(sql);
  await sql.unsafe('analyze');
  await sql.end();
  console.log(
    `cloned and applied ${applied.join(', ')} in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );

  const sides = (['before', 'after'] as const).map((side) => ({
    side,
    sql: connect(urlOf(names[side]), { max: 16 }),
    pool: new CheckinPool(actors),
  }));
  const ms = seconds !== undefined ? seconds * 1000 : quick ? 3_000 : 8_000;
  // Untimed: open both sides' connections and compile their functions (a backend's first calls
  // cost several times a warm one's).
  for (const { sql, pool } of sides) await sqlPairPhase(sql, pool, 32, { ms: 1_500 });
  for (const [round, clients] of rounds.entries()) {
    // Before, after; then after, before: neither side always runs first.
    for (const { side, sql, pool } of round % 2 === 0 ? sides : [...sides].reverse()) {
      const cpu = postgresCpuSeconds(names[side]);
      const s = await sqlPairPhase(sql, pool, clients, { ms });
      const used = postgresCpuSeconds(names[side]) - cpu;
      const ok = s.count - Object.values(s.errors).reduce((a, b) => a + b, 0);
      const per = ok > 0 ? ((used / ok) * 1000).toFixed(2) : '—';
      console.log(`${formatLine({ ...s, name: `${side}: ${s.name}` })}  pg CPU ${per} ms/check-in`);
    }
  }
  for (const { sql } of sides) await sql.end();
} finally {
  for (const name of Object.values(names))
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
