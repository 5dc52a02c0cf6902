// `npm run bench` (`-- --quick` for a small run): seeds a programme in a throwaway database,
// then interleaves pgbench and the api's HTTP phases at 1, 8, 32 and 64 clients, times the door
// before/after, the front-end budget and Lighthouse; prints every figure (never asserts) and,
// for a full run, writes them into docs/PERFORMANCE.md. See docs/PERFORMANCE.md for what each means.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, ROOT } from '../../dev/db.ts';
import { generateSigningKeys } from '../../dev/keys.ts';
import { createPostgresDatabase } from '../../tests/support/db.ts';
import { adminCalls, DASHBOARD } from './admin-calls.ts';
import { machineBusySeconds, postgresCpuSeconds, processCpuSeconds } from './cpu.ts';
import { createActors, scaledSeed, type Scale } from './fixture.ts';
import { budgets, build, lighthouseScores } from './frontend.ts';
import { httpClient } from './http.ts';
import { createPgBench } from './pgbench.ts';
import { approvePhase, CheckinPool, getPhase, pairPhase, sqlPairPhase } from './phases.ts';
import { markdown, ratioLines, writeBlock, type Report } from './report.ts';
import { startServer } from './server-process.ts';
import { formatLine, type Summary } from './stats.ts';
import { goalLines } from './goals.ts';

const quick = process.argv.includes('--quick');
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE: Scale = quick
  ? { customers: 5_000, visits: 50_000, members: 200, kiosks: 100 }
  : { customers: 100_000, visits: 1_000_000, members: 2_000, kiosks: 1_000 };
const S = quick ? 1_000 : 5_000; // a phase's time budget, ms
const startedAt = new Date();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
const log = (line: string) => console.log(line);
const report: Report = {
  quick,
  startedAt,
  seconds: 0,
  postgres: '',
  load,
  scale: '',
  tpcb: [],
  rules: [],
  phases: [],
  doors: [],
  budgets: [],
  lighthouse: [],
  cpu: [],
  cores: cpus().length,
};
const keep = (rows: Summary[]) => (s: Summary) => {
  rows.push(s);
  const c = report.cpu!.at(-1);
  log(
    formatLine(s) +
      (c && c.name === s.name && c.clients === s.clients
        ? `  CPU/request: Postgres ${c.postgresMs.toFixed(2)} ms, api ${c.apiMs.toFixed(2)} ms, load generator ${c.driverMs.toFixed(2)} ms; other work ${c.othersCores!.toFixed(1)} cores`
        : ''),
  );
  return s;
};

const db = await createPostgresDatabase({ max: 4 });
const pgbench = await createPgBench(process.env.DATABASE_URL, quick ? 1 : 10);
const keys = await generateSigningKeys();
let server = await startServer(db.url, keys, { poolSize: 16 });
const outDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
try {
  log(`bench on ${db.url}${quick ? ' (--quick)' : ''}; load average ${load}`);
  let t = performance.now();
  await db.sql.unsafe(scaledSeed(SCALE));
  await db.sql.unsafe('vacuum analyze');
  const [counts] = await db.sql<{ customers: number; visits: number; version: string }[]>`
    select (select count(*) from public.customers)::int as customers, (select count(*) from public.visits)::int as visits,
           current_setting('server_version') as version`;
  report.postgres = `PostgreSQL ${counts!.version}`;
  report.scale = `${counts!.customers} customers, ${counts!.visits} visits over two years`;
  log(`seeded ${report.scale} in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  const actors = await createActors(db.sql, keys.keys, server.url, SCALE);
  const checkins = new CheckinPool(actors);
  const http = httpClient(server.url);
  const [ids] = await db.sql<{ customer_id: string; location_id: string }[]>`
    select (select id from public.customers order by visit_count desc limit 1) as customer_id,
           (select id from public.locations order by sort_order limit 1) as location_id`;
  const calls = adminCalls({ customerId: ids!.customer_id, locationId: ids!.location_id });
  const member = (i: number) => actors.members[i % actors.members.length]!.token;
  const phase = keep(report.phases);
  // CPU per successful request of a phase: this database's backends, the api server, this
  // process (the load generator); goals.ts explains a missed goal with it.
  const database = new URL(db.url).pathname.slice(1);
  const withCpu = async (run: (mark: () => void) => Promise<Summary>): Promise<Summary> => {
    const sample = () => ({
      pg: postgresCpuSeconds(database),
      api: processCpuSeconds(server.pid),
      self: process.cpuUsage(),
      busy: machineBusySeconds(),
      at: performance.now(),
    });
    let before = sample();
    // A phase that prepares untimed work first (approve alone makes its tokens) marks its start.
    const s = await run(() => (before = sample()));
    const pg = postgresCpuSeconds(database) - before.pg;
    const api = processCpuSeconds(server.pid) - before.api;
    const self = process.cpuUsage(before.self);
    const driver = (self.user + self.system) / 1e6;
    const busy = machineBusySeconds() - before.busy;
    const ok = s.count - Object.values(s.errors).reduce((a, b) => a + b, 0);
    if (ok > 0) {
      const per = (seconds: number) => (seconds / ok) * 1000;
      const sqlOnly = s.name === 'start + approve as SQL (no HTTP)';
      report.cpu!.push({
        name: s.name,
        clients: s.clients,
        postgresMs: per(pg),
        apiMs: sqlOnly ? 0 : per(api),
        driverMs: per(driver),
        othersCores:
          (busy - pg - (sqlOnly ? 0 : api) - driver) / ((performance.now() - before.at) / 1000),
      });
    }
    return s;
  };

  for (const clients of [1, 8, 32, 64]) {
    const tpcb = await pgbench.tpcb(clients, S / 1000);
    report.tpcb.push({ clients, tps: tpcb.tps });
    log(
      `${'pgbench tpcb-like'.padEnd(40)} ${String(clients).padStart(3)} cl  ${tpcb.tps?.toFixed(0).padStart(6)} tps`,
    );
    phase(
      await withCpu(() =>
        pairPhase(http, checkins, clients, { ms: S, max: quick ? 400 : undefined }),
      ),
    );
    phase(
      await withCpu((mark) =>
        approvePhase(
          db.sql,
          http,
          checkins,
          clients,
          quick ? 400 : clients === 1 ? 1_500 : 6_000,
          S,
          mark,
        ),
      ),
    );
    phase(
      await withCpu(() =>
        getPhase(http, 'GET /api/me', '/api/me', member, clients, { ms: S * 0.7 }),
      ),
    );
    phase(
      await getPhase(http, 'GET /api/locations', '/api/locations', undefined, clients, {
        ms: S * 0.7,
      }),
    );
    for (const call of calls) {
      if (clients > 8 && !DASHBOARD.includes(call.name)) continue;
      const max = call.download
        ? quick
          ? 1
          : clients
        : clients === 1
          ? quick
            ? 5
            : 15
          : clients * 5;
      phase(
        await getPhase(http, `GET admin ${call.name}`, call.path, actors.admin.token, clients, {
          ms: S * 0.6,
          max,
        }),
      );
    }
  }

  // The same check-in SQL through the api's database layer, no HTTP: what the door could reach.
  const direct = connect(db.url, { max: 16 });
  for (const clients of [8, 32])
    phase(
      await withCpu(() =>
        sqlPairPhase(direct, checkins, clients, { ms: S, max: quick ? 400 : undefined }),
      ),
    );
  await direct.end();

  // The rule SQL alone (pgbench -f): a member's account read, as the door sends it.
  const script = join(outDir, 'me.sql');
  const claims = JSON.stringify({
    role: 'authenticated',
    sub: actors.members[0]!.userId,
    aud: 'authenticated',
  });
  writeFileSync(
    script,
    `begin;\nselect set_config('request.jwt.claims', '${claims}', true), set_config('role', 'authenticated', true);\nselect app.me();\ncommit;\n`,
  );
  for (const clients of [8, 32]) {
    const { tps } = await pgbench.script(db.url, script, clients, S / 1000);
    report.rules.push({ name: 'app.me() with its door (-f)', clients, tps });
    log(
      `${'pgbench -f app.me() with its door'.padEnd(40)} ${String(clients).padStart(3)} cl  ${tps?.toFixed(0).padStart(6)} tps`,
    );
  }

  // The door's changes back to back at 32 clients: before (5 connections, every token's
  // signature checked), then each change added in turn. The door itself (bound parameters in
  // one round trip) against its literal predecessor: scripts/bench/door-ab.ts.
  const door = keep(report.doors);
  for (const [label, options] of [
    ['before: pool 5, no token cache', { poolSize: 5, keepTokens: false }],
    ['+ pool 16', { poolSize: 16, keepTokens: false }],
    ['+ verified-token cache (now)', { poolSize: 16, keepTokens: true }],
  ] as const) {
    await server.stop();
    server = await startServer(db.url, keys, {
      ...options,
      port: Number(new URL(server.url).port),
    });
    const doorHttp = httpClient(server.url);
    // Untimed: open the pool's connections and fetch the JWKS, as the main server had by now.
    await getPhase(doorHttp, 'warm-up', '/api/me', member, 32, { ms: S / 2, max: 256 });
    const pair = await pairPhase(doorHttp, checkins, 32, { ms: S, max: quick ? 300 : undefined });
    door({ ...pair, name: `${label}: start + approve` });
    const me = await getPhase(doorHttp, 'GET /api/me', '/api/me', member, 32, { ms: S * 0.7 });
    door({ ...me, name: `${label}: GET /api/me` });
    doorHttp.close();
  }
  http.close();

  t = performance.now();
  await build(outDir, server.url, server.anonKey);
  report.budgets = budgets(outDir);
  for (const b of report.budgets)
    log(
      `first load of ${b.route.padEnd(28)} JS ${b.jsKb.toFixed(1)} KB gz, CSS ${b.cssKb.toFixed(1)} KB gz`,
    );
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    report.lighthouse = await lighthouseScores(
      outDir,
      quick ? ['/'] : ['/', '/creamery', '/account', '/admin'],
      { apiUrl: server.url },
    ).catch((error: Error) => {
      log(error.message);
      return [];
    });
    for (const s of report.lighthouse)
      log(
        `lighthouse ${s.page.padEnd(10)} performance ${s.performance} accessibility ${s.accessibility} best-practices ${s.bestPractices} seo ${s.seo} LCP ${s.lcpMs} ms TBT ${s.tbtMs} ms`,
      );
  }
  log(`front end measured in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  report.seconds = (Date.now() - startedAt.getTime()) / 1000;
  for (const line of [...ratioLines(report), ...goalLines(report)]) log(line);
  if (!quick || process.argv.includes('--write')) {
    writeBlock(join(ROOT, 'docs', 'PERFORMANCE.md'), markdown(report));
    log('wrote docs/PERFORMANCE.md');
  }
  log(`bench took ${report.seconds.toFixed(0)} s`);
} finally {
  await server.stop();
  await pgbench.drop();
  await db.drop();
  rmSync(outDir, { recursive: true, force: true });
}
