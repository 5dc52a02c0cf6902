// `DATABASE_URL=postgres://... node --import tsx scripts/bench-admin.ts`: seeds a throwaway
// database on the real server with 100k customers and 1M visits (tests/bench/seed.sql), times
// every admin read as an admin (p50/p95 of 20 runs after 2 warm-ups), prints the plan of every
// statement inside the slowest one (auto_explain), and drops the database. Takes a few minutes.
// BENCH_ONLY=<part of a name> times only those calls; BENCH_KEEP=1 keeps the database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { ROOT } from '../dev/db.ts';
import { createPostgresDatabase } from '../tests/support/db.ts';
import { actAs, adminClaims } from '../tests/support/factories.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

// Each admin endpoint's SQL call, with the widest filters the dashboard offers.
const CALLS: Record<string, string> = {
  'metrics 7days': `select app.admin_metrics()`,
  'metrics 3months': `select app.admin_metrics(p_range => '3months')`,
  'activity': `select app.admin_activity()`,
  'top locations 3months': `select app.admin_top_locations(p_range => '3months')`,
  'customers 7days': `select app.admin_customers()`,
  'customers all by name p1': `select app.admin_customers(p_range => 'all', p_sort => 'name', p_order => 'asc')`,
  'customers all by points p500': `select app.admin_customers(p_range => 'all', p_sort => 'points', p_page => 500)`,
  'customers 3months lastVisit': `select app.admin_customers(p_range => '3months', p_sort => 'lastVisit')`,
  'customers search name': `select app.admin_customers(p_range => 'all', p_search => 'garcia 77')`,
  'customers search phone': `select app.admin_customers(p_range => 'all', p_search => '0001234')`,
  'customers at location 30days': `select app.admin_customers(p_range => '30days', p_location_id => 'museum')`,
  'customers count all': `select app.admin_customers_count(p_range => 'all')`,
  'customers count 3months': `select app.admin_customers_count(p_range => '3months')`,
  'customer detail': `select app.admin_customer((select id from public.customers order by visit_count desc limit 1))`,
  'visit series 3months': `select app.admin_visit_series(p_range => '3months')`,
  'rewards all': `select app.admin_rewards()`,
  'rewards 30days': `select app.admin_rewards(p_range => '30days')`,
  'locations 7days': `select app.admin_locations()`,
  'locations 3months': `select app.admin_locations(p_range => '3months')`,
  'kiosks': `select app.admin_kiosks('creamery')`,
  'messages': `select app.admin_contact_messages()`,
  'flags': `select app.admin_velocity_flags()`,
  'settlement month': `select app.admin_settlement(to_char(now() - interval '1 month', 'YYYY-MM'))`,
  'cross-shopping 30days': `select app.admin_cross_shopping()`,
  'cross-shopping 3months': `select app.admin_cross_shopping(p_range => '3months')`,
  'business report': `select app.admin_business_report('creamery', to_char(now() - interval '1 month', 'YYYY-MM'))`,
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const db = await createPostgresDatabase({ max: 2 });
try {
  const started = Date.now();
  await db.sql.unsafe(readFileSync(join(ROOT, 'tests', 'bench', 'seed.sql'), 'utf8'));
  // What autovacuum does soon after a bulk load: visibility maps (index-only scans) and statistics.
  await db.sql.unsafe('vacuum analyze');
  const [counts] = await db.sql`select (select count(*) from public.customers) as customers,
    (select count(*) from public.visits) as visits, (select count(*) from public.customer_rewards) as rewards`;
  console.log(`seeded ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const only = process.env.BENCH_ONLY;
  const results: { name: string; p50: number; p95: number }[] = [];
  for (const [name, query] of Object.entries(CALLS)) {
    if (only && !name.includes(only)) continue;
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i += 1) {
      const t = performance.now();
      await actAs(db.sql, adminClaims(), (tx) => tx.unsafe(query));
      if (i >= 2) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const row = { name, p50: percentile(times, 50), p95: percentile(times, 95) };
    results.push(row);
    console.log(`${name.padEnd(32)} p50 ${row.p50.toFixed(1).padStart(7)} ms   p95 ${row.p95.toFixed(1).padStart(7)} ms`);
  }
  const slowest = results.sort((a, b) => b.p95 - a.p95)[0];
  if (slowest) {
    console.log(`\nslowest: ${slowest.name}; the plan of each statement inside it (auto_explain):`);
    const plans: string[] = [];
    const explain = postgres(db.url, { max: 1, onnotice: (notice) => plans.push(notice.message ?? '') });
    await explain.begin(async (tx) => {
      await tx.unsafe(`load 'auto_explain'`);
      await tx.unsafe(`set local auto_explain.log_min_duration = 0; set local auto_explain.log_analyze = on;
                       set local auto_explain.log_buffers = on; set local auto_explain.log_nested_statements = on;
                       set local client_min_messages = log`);
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(adminClaims())}, true)`;
      await tx.unsafe('set local role authenticated');
      await tx.unsafe(CALLS[slowest.name]!);
    });
    await explain.end();
    console.log(plans.join('\n\n'));
  }
} finally {
  // BENCH_KEEP=1 leaves the database for EXPLAIN by hand (drop it yourself afterwards).
  if (process.env.BENCH_KEEP === '1') {
    console.log(`kept ${db.url}`);
    await db.sql.end();
  } else {
    await db.drop();
  }
}
