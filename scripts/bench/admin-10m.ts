// `npm run bench:admin-10m` (docs/PERFORMANCE.md, "Admin reads at 10 million visits"): the
// bench's seed scaled up ten times (1M customers, 10M visits over two years; set-based, progress
// printed) into a throwaway database, then every admin GET endpoint with every range the normal
// bench's admin phase times (scripts/bench/admin-calls.ts), at 1 client, through the api as
// deployed (scripts/bench/server.ts over HTTP); p50/p95 per call and the goal line. Drops the
// database at the end. Not part of `npm run bench` or `npm test`: the seed alone takes a long time.
//   -- --customers N --visits N   another scale        -- --runs N      timed requests per call (20)
//   -- --only a,b                 only calls named so   -- --keep        keep the database (name printed)
//   -- --database NAME            time a kept database (migrated up to date first: a fix's "after")
import { loadavg } from 'node:os';
import { connect, migrate } from '../../dev/db.ts';
import { generateSigningKeys, signJwt } from '../../dev/keys.ts';
import { createPostgresDatabase, realPostgresUrl } from '../../tests/support/db.ts';
import { adminCalls } from './admin-calls.ts';
import { adminScaleGoalLine, parseAdminScaleArgs, seedStatements } from './admin-scale.ts';
import { scaledSeed } from './fixture.ts';
import { httpClient } from './http.ts';
import { getPhase } from './phases.ts';
import { startServer } from './server-process.ts';
import { formatLine, type Summary } from './stats.ts';

const options = parseAdminScaleArgs(process.argv.slice(2));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function open() {
  if (!options.database) return createPostgresDatabase({ max: 2 });
  const url = new URL(realPostgresUrl()!);
  url.pathname = `/${options.database}`;
  const sql = connect(url.toString(), { max: 2 });
  const { applied } = await migrate(sql);
  log(`reusing ${options.database}; migrations applied now: ${applied.join(', ') || 'none'}`);
  return { url: url.toString(), sql, drop: () => sql.end() };
}

const db = await open();
const name = new URL(db.url).pathname.slice(1);
log(`admin reads at scale on ${name}; load average ${load()}`);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  if (!options.database) {
    const started = performance.now();
    const conn = await db.sql.reserve();
    // One session (the seed's temporary tables), with room to sort and build in memory.
    await conn.unsafe(
      `set work_mem = '256MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off`,
    );
    const statements = seedStatements(
      scaledSeed({ customers: options.customers, visits: options.visits, members: 0, kiosks: 0 }),
    );
    // The bulk tables' indexes (those behind no constraint) are built after their rows, not
    // kept up row by row through tens of millions of inserts: the same indexes, sooner.
    const indexes = await conn<{ name: string; def: string }[]>`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i
       where i.indrelid in ('public.customers'::regclass, 'public.visits'::regclass,
                            'public.customer_rewards'::regclass, 'public.points_ledger'::regclass)
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`;
    for (const index of indexes) await conn.unsafe(`drop index ${index.name}`);
    // Row triggers, foreign-key checks included, cost a millisecond a row on a loaded machine
    // (hours at this scale): the seed runs as a replica would apply it, with none of them. Its
    // rows are consistent by construction (every reference is joined from the rows it names);
    // the rollups the visit triggers would keep are rebuilt at the end, as in tests/bench/seed.sql;
    // what the others write (texts to send, wallet pushes) no admin read reads.
    await conn.unsafe(`set session_replication_role = replica`);
    log(`dropped ${indexes.length} indexes of customers, visits, customer_rewards, points_ledger`);
    for (const [i, statement] of statements.entries()) {
      const t = performance.now();
      if (statement.label.startsWith('select private.rebuild_daily_rollup()')) {
        for (const index of indexes) await conn.unsafe(index.def);
        log(`rebuilt the ${indexes.length} indexes — ${seconds(t)}`);
      }
      await conn.unsafe(statement.text);
      log(`seed ${i + 1}/${statements.length} ${statement.label} — ${seconds(t)}`);
    }
    await conn.unsafe(`reset session_replication_role`);
    conn.release();
    const t = performance.now();
    await db.sql.unsafe('vacuum analyze');
    log(`vacuum analyze — ${seconds(t)}`);
    log(`seeded in ${seconds(started)}`);
  }
  const [counts] = await db.sql<{ customers: number; visits: number; size: string }[]>`
    select (select count(*) from public.customers)::int as customers, (select count(*) from public.visits)::int as visits,
           pg_size_pretty(pg_database_size(current_database())) as size`;
  log(`${counts!.customers} customers, ${counts!.visits} visits; database ${counts!.size}`);

  const keys = await generateSigningKeys();
  server = await startServer(db.url, keys, { poolSize: 4 });
  // An admin with a session and an access token signed with the key the server verifies with.
  const [admin] = await db.sql<{ user_id: string; session_id: string; phone: string }[]>`
    with a as (select gen_random_uuid() as user_id, gen_random_uuid() as session_id,
                      '1555' || lpad(floor(random() * 1e7)::int::text, 7, '0') as phone),
    u as (insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data)
          select user_id, 'authenticated', 'authenticated', phone, now(), '{"provider":"phone","role":"admin"}' from a)
    insert into auth.sessions (id, user_id) select session_id, user_id from a
    returning id as session_id, user_id, (select phone from a)`;
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(keys.keys, {
    iss: `${server.url}/auth/v1`,
    aud: 'authenticated',
    role: 'authenticated',
    sub: admin!.user_id,
    session_id: admin!.session_id,
    iat: now,
    exp: now + 4 * 3600,
    aal: 'aal1',
    phone: admin!.phone,
    is_anonymous: false,
    app_metadata: { provider: 'phone', role: 'admin' },
    amr: [{ method: 'otp', timestamp: now }],
  });
  const [ids] = await db.sql<{ customer_id: string; location_id: string }[]>`
    select (select id from public.customers order by visit_count desc limit 1) as customer_id,
           (select id from public.locations order by sort_order limit 1) as location_id`;
  const calls = adminCalls({
    customerId: ids!.customer_id,
    locationId: ids!.location_id,
  }).filter((c) => options.only.length === 0 || options.only.some((o) => c.name.includes(o)));

  const http = httpClient(server.url);
  log(
    `timing ${calls.length} calls at 1 client, ${options.runs} requests each after 2 warm-ups; load average ${load()}`,
  );
  const rows: Summary[] = [];
  for (const call of calls) {
    const budget = { ms: 600_000 };
    await getPhase(http, 'warm-up', call.path, token, 1, { ...budget, max: 2 });
    const row = await getPhase(http, call.name, call.path, token, 1, {
      ...budget,
      max: call.download ? 3 : options.runs,
    });
    rows.push(row);
    log(formatLine(row));
  }
  http.close();
  console.log(`\nload average ${load()}\n\n| call | p50 ms | p95 ms | n |\n|---|---:|---:|---:|`);
  for (const r of rows)
    console.log(
      `| ${r.name}${r.name.includes('export') ? ' (CSV)' : ''} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.count} |`,
    );
  console.log(`\n${adminScaleGoalLine(rows, counts!.visits)}`);
} finally {
  await server?.stop();
  if (options.keep || options.database) {
    log(`kept database ${name} (drop it: psql -c 'drop database "${name}" with (force)')`);
    await db.sql.end();
  } else {
    await db.drop();
    log(`dropped ${name}`);
  }
}
