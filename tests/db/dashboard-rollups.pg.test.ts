// The dashboard reads (metric cards, top locations, Locations tab) come from the day
// rollup and the visit-returns rollup, kept by triggers. After a random mix of visits — several
// customers, businesses and days, inserted one by one and many at once, then voided, restored,
// moved, re-assigned and deleted after the fact — every figure equals a naive count straight
// from public.visits, for every range and business, and the trigger-kept rollups equal a rebuild.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  adminClaims,
  approveVisit,
  createCustomer,
  disableVisitLimits,
} from '../support/factories.ts';

const LOCATIONS = ['chatterbox', 'creamery', 'joanies', 'museum'] as const;
const DAY = 86_400_000;

let db: TestDatabase;
let sql: Sql;

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 24 });
  sql = db.sql;
});

afterAll(async () => {
  await db?.drop();
});

interface Range {
  range: string;
  from?: string;
  to?: string;
}

function query(r: Range): string {
  return r.from
    ? `'${r.range}', '${r.from}'::date, '${r.to}'::date`
    : `'${r.range}', null::date, null::date`;
}

async function asAdmin<T>(text: string): Promise<T> {
  const [row] = await actAs(sql, adminClaims(), (tx) =>
    tx.unsafe<{ result: T }[]>(`select ${text} as result`),
  );
  return row!.result;
}

/** The naive figures for whole days [first, end) at a business (or anywhere). */
async function naive(first: string, end: string, location: string | null) {
  const [row] = await sql<{ visits: number; members: number; redemptions: number }[]>`
    select (select count(*)::int from public.visits v
             where v.status = 'approved' and v.created_at >= b.s and v.created_at < b.e
               and (${location}::text is null or v.location_id = ${location})) as visits,
           (select count(distinct v.customer_id)::int from public.visits v
             where v.status = 'approved' and v.created_at >= b.s and v.created_at < b.e
               and (${location}::text is null or v.location_id = ${location})) as members,
           (select count(*)::int from public.customer_rewards cr
             where cr.redeemed_at >= b.s and cr.redeemed_at < b.e
               and (${location}::text is null or cr.redeemed_location_id = ${location})) as redemptions
      from (select ${first}::date::timestamp at time zone 'America/Chicago' as s,
                   ${end}::date::timestamp at time zone 'America/Chicago' as e) b`;
  return row!;
}

/** The visit-returns cells by day and by week: the counters plus the approvals' pending cells. */
async function returns() {
  const daily = await sql`
    select scope, prev_day::text, day::text, sum(n)::int as n
      from (select scope, prev_day, day, n from private.visit_returns
            union all select scope, prev_day, day, n from private.visit_returns_pending) x
     group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`;
  const weekly = await sql`
    select scope, prev_week::text, week::text, sum(n)::int as n
      from (select scope, prev_week, week, n from private.visit_returns_weekly
            union all select scope, private.week_of(prev_day), private.week_of(day), n from private.visit_returns_pending) x
     group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`;
  const [pending] = await sql<
    { n: number }[]
  >`select count(*)::int as n from private.visit_returns_pending`;
  return { daily: [...daily], weekly: [...weekly], pending: pending!.n };
}

async function days(r: Range) {
  const [row] = await sql.unsafe<{ first: string; end: string; previous: string }[]>(
    `select first_day::text as first, end_day::text as end, previous_first_day::text as previous
       from private.dashboard_days(${query(r)})`,
  );
  return row!;
}

describe('dashboard figures from the rollups', () => {
  it('equal a naive recount after a random mix of visits, voids, moves and deletes', async () => {
    const random = generator(14);
    const customers: string[] = [];
    for (let i = 0; i < 14; i++)
      customers.push((await createCustomer(sql, { name: `Rollup ${i}` })).customerId);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Most visits in the last 400 days, some on the same instant (ties), a few in the future edge (today).
    const when = () => {
      const r = random();
      if (r < 0.1) return new Date(Date.now() - Math.floor(random() * 3) * DAY).toISOString();
      return new Date(Date.now() - Math.floor(random() * 400 * DAY)).toISOString();
    };
    const visit = () => ({
      customer_id: pick(customers),
      location_id: pick(LOCATIONS),
      points: 5,
      approved_via: 'staff',
      created_at: when(),
    });

    // One by one, then many at once (several of one customer in a single statement).
    for (let i = 0; i < 60; i++) await sql`insert into public.visits ${sql(visit())}`;
    for (let batch = 0; batch < 6; batch++) {
      const rows = Array.from({ length: 30 }, visit);
      await sql`insert into public.visits ${sql(rows)}`;
    }
    const tie = { ...visit(), created_at: new Date(Date.now() - 5 * DAY).toISOString() };
    await sql`insert into public.visits ${sql([tie, { ...tie }, { ...tie, location_id: 'museum' }])}`;

    // Redemptions at businesses on random days.
    const rewards = await sql<{ id: string; location_id: string }[]>`
      select id, location_id from public.rewards where kind = 'welcome' and location_id in ${sql([...LOCATIONS])}`;
    for (const customer of customers.slice(0, 8)) {
      const reward = pick(rewards);
      const at = when();
      await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at, redeemed_at, redeemed_location_id)
                values (${customer}, ${reward.id}, ${reward.location_id}, 'redeemed', ${at}, ${at}, ${reward.location_id})`;
    }

    // After the fact: voids (one statement for many), restores, moves, new businesses, deletes.
    const ids = (await sql<{ id: string }[]>`select id from public.visits order by id`).map(
      (r) => r.id,
    );
    const some = (n: number) => Array.from({ length: n }, () => pick(ids));
    await sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'test' where id in ${sql(some(25))}`;
    for (const id of some(8)) {
      await sql`update public.visits set status = 'approved', voided_at = null, void_reason = null where id = ${id}`;
    }
    for (const id of some(12))
      await sql`update public.visits set created_at = ${when()} where id = ${id}`;
    for (const id of some(6))
      await sql`update public.visits set location_id = ${pick(LOCATIONS)} where id = ${id}`;
    await sql`update public.visits set customer_id = ${customers[0]!} where id = ${pick(ids)}`;
    await sql`delete from public.visits where id in ${sql(some(10))}`;
    await sql`update public.visits set points = 7 where id in ${sql(some(5))}`;

    const counts = await sql<{ approved: number; voided: number }[]>`
      select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'voided')::int as voided
        from public.visits`;
    expect(counts[0]!.approved).toBeGreaterThan(200);
    expect(counts[0]!.voided).toBeGreaterThan(5);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const dayBefore = (iso: string, n: number) =>
      new Date(Date.parse(`${iso}T12:00:00Z`) - n * DAY).toISOString().slice(0, 10);
    const ranges: Range[] = [
      { range: '7days' },
      { range: '30days' },
      { range: '3months' },
      { range: 'custom', from: dayBefore(today, 364), to: today },
      { range: 'custom', from: dayBefore(today, 200), to: dayBefore(today, 150) },
      { range: 'custom', from: dayBefore(today, 5), to: dayBefore(today, 5) },
      { range: 'custom', from: dayBefore(today, 390), to: dayBefore(today, 40) },
      { range: 'custom', from: dayBefore(today, 33), to: dayBefore(today, 12) },
    ];
    let compared = 0;
    for (const r of ranges) {
      const d = await days(r);
      for (const location of [null, ...LOCATIONS]) {
        const metrics = await asAdmin<{
          totalVisits: number;
          activeMembers: number;
          redemptions: number;
          signupsToday: number;
          growth: Record<string, { previous: number }>;
        }>(`app.admin_metrics(${location ? `'${location}'` : 'null'}, ${query(r)})`);
        const now = await naive(d.first, d.end, location);
        const before = await naive(d.previous, d.first, location);
        expect({
          range: r,
          location,
          visits: metrics.totalVisits,
          members: metrics.activeMembers,
          redemptions: metrics.redemptions,
        }).toEqual({
          range: r,
          location,
          visits: now.visits,
          members: now.members,
          redemptions: now.redemptions,
        });
        expect({
          visits: metrics.growth.totalVisits!.previous,
          members: metrics.growth.activeMembers!.previous,
          redemptions: metrics.growth.redemptions!.previous,
        }).toEqual({
          visits: before.visits,
          members: before.members,
          redemptions: before.redemptions,
        });
        compared++;
      }

      const top = await asAdmin<{ id: string; visits: number; previousVisits: number }[]>(
        `app.admin_top_locations(${query(r)}, 50)`,
      );
      const expected = [];
      for (const location of LOCATIONS) {
        const now = await naive(d.first, d.end, location);
        const before = await naive(d.previous, d.first, location);
        if (now.visits > 0)
          expected.push({ id: location, visits: now.visits, previousVisits: before.visits });
      }
      expect(
        top
          .map(({ id, visits, previousVisits }) => ({ id, visits, previousVisits }))
          .filter((t) => LOCATIONS.includes(t.id as never))
          .sort((a, b) => a.id.localeCompare(b.id)),
      ).toEqual(expected.sort((a, b) => a.id.localeCompare(b.id)));

      const tab = await asAdmin<{ id: string; visits: number; members: number }[]>(
        `app.admin_locations(${query(r)})`,
      );
      for (const location of LOCATIONS) {
        const now = await naive(d.first, d.end, location);
        const row = tab.find((l) => l.id === location)!;
        expect({ r, location, visits: row.visits, members: row.members }).toEqual({
          r,
          location,
          visits: now.visits,
          members: now.members,
        });
      }
    }
    expect(compared).toBe(ranges.length * (LOCATIONS.length + 1));

    // Sign-ups per business (ever): joined there, moved, deleted.
    const joined: string[] = [];
    for (const locationId of ['creamery', 'creamery', 'museum', 'joanies'])
      joined.push((await createCustomer(sql, { name: 'Joiner', locationId })).customerId);
    await sql`update public.customers set signup_location_id = 'museum' where id = ${joined[0]!}`;
    await sql`delete from public.customers where id = ${joined[3]!}`;
    const signups = await asAdmin<{ id: string; signups: number }[]>(
      `app.admin_locations('7days', null, null)`,
    );
    const naiveSignups = await sql<{ id: string; n: number }[]>`
      select l.id, (select count(*)::int from public.customers c where c.signup_location_id = l.id) as n
        from public.locations l order by l.id`;
    expect(
      signups.map((l) => ({ id: l.id, n: l.signups })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual([...naiveSignups]);
    expect(naiveSignups.find((l) => l.id === 'museum')!.n).toBeGreaterThanOrEqual(2);

    // All time on the Locations tab: every visiting member ever.
    const all = await asAdmin<{ id: string; visits: number; members: number }[]>(
      `app.admin_locations('all', null, null)`,
    );
    for (const location of LOCATIONS) {
      const now = await naive('1900-01-01', '2200-01-01', location);
      const row = all.find((l) => l.id === location)!;
      expect({ location, visits: row.visits, members: row.members }).toEqual({
        location,
        visits: now.visits,
        members: now.members,
      });
    }

    // The trigger-kept rollups (counters plus the approvals' pending cells) equal a rebuild
    // from the tables, before and after the pending cells are folded in.
    const kept = await returns();
    const dayRollup = () => sql`
      select day::text, location_id, kind, reward_id, sum(n)::int as n
        from (select day, location_id, kind, reward_id, n from private.daily_rollup
              union all select day, location_id, kind, reward_id, n from private.daily_rollup_pending) x
       group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`;
    const keptDaily = await dayRollup();
    expect(kept.daily.length).toBeGreaterThan(100);
    await sql`select private.fold_rollups()`;
    expect(await returns()).toEqual({ ...kept, pending: 0 });
    expect((await sql`select 1 from private.daily_rollup_pending`).length).toBe(0);
    expect(await dayRollup()).toEqual(keptDaily);
    await sql`select private.rebuild_daily_rollup()`;
    expect(await returns()).toEqual({ ...kept, pending: 0 });
    expect(
      await sql`select day::text, location_id, kind, reward_id, n from private.daily_rollup order by 1, 2, 3, 4`,
    ).toEqual(keptDaily);
  });

  it('stay exact under parallel approvals: the same customer at several businesses, many customers at one', async () => {
    await disableVisitLimits(sql);
    const customers: string[] = [];
    for (let i = 0; i < 6; i++)
      customers.push((await createCustomer(sql, { name: `Parallel ${i}` })).customerId);
    // A visit at the first business 40 days ago: today's approval there is the member's first
    // there this month (a new month of private.member_month_masks).
    for (const customer of customers)
      await sql`insert into public.visits (customer_id, location_id, points, approved_via, created_at)
                values (${customer}, ${LOCATIONS[0]!}, 5, 'staff', now() - interval '40 days')`;
    // Each customer at each business, all at once on separate connections (approvals lock the customer).
    const outcomes = await Promise.allSettled(
      customers.flatMap((customer) =>
        LOCATIONS.map((locationId) =>
          approveVisit(sql, adminClaims(), `customer:${customer}`, { locationId }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const d = await days({ range: '7days' });
    expect(d.end > today).toBe(true);
    for (const location of [null, ...LOCATIONS]) {
      const metrics = await asAdmin<{ totalVisits: number; activeMembers: number }>(
        `app.admin_metrics(${location ? `'${location}'` : 'null'}, '7days')`,
      );
      const now = await naive(d.first, d.end, location);
      expect({ location, visits: metrics.totalVisits, members: metrics.activeMembers }).toEqual({
        location,
        visits: now.visits,
        members: now.members,
      });
    }
    const kept = await returns();
    await sql`select private.rebuild_visit_returns()`;
    expect(await returns()).toEqual({ ...kept, pending: 0 });
    // Each member's businesses per month, as the approvals kept them.
    const masks = await sql`
      select customer_id, month::text, mask from private.member_month_masks
       where customer_id = any (${customers}::uuid[]) order by 1, 2`;
    expect(masks).toEqual(
      await sql`
        select v.customer_id, date_trunc('month', (v.created_at at time zone 'America/Chicago'))::date::text as month,
               bit_or(1::bigint << b.bit) as mask
          from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
         where v.status = 'approved' and v.customer_id = any (${customers}::uuid[]) group by 1, 2 order by 1, 2`,
    );
    expect(masks.length).toBe(customers.length * 2);
  });

  it('reads ranges as whole programme days ending today, with a previous period of as many days', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const seven = await days({ range: '7days' });
    const first = new Date(Date.parse(`${today}T12:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
    const previous = new Date(Date.parse(`${today}T12:00:00Z`) - 13 * DAY)
      .toISOString()
      .slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(seven).toEqual({ first, end: tomorrow, previous });
    const custom = await days({ range: 'custom', from: '2026-03-01', to: '2026-03-10' });
    expect(custom).toEqual({ first: '2026-03-01', end: '2026-03-11', previous: '2026-02-19' });
  });
});
