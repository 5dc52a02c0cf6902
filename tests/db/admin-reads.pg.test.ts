// The admin reads made fast (trigram search, the first-visit rollup, the
// coalition views, the Rewards tab) against a naive recomputation from the base tables, on real Postgres:
// random visits over several months and businesses, some voided, un-voided, moved or deleted
// after the fact, so every path of the rollup's trigger runs before the figures are compared.
import { connect, type Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let locations: string[] = [];

// A seeded generator: the same "random" data every run.
let seed = 20261123;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const NAMES = [
  'Zoë Ångström',
  'ÉLODIE Brûlé',
  'Søren Kierkegaard',
  'Renée O’Hara',
  'Ava Garcia',
  'Ben Garcia-Lee',
  'Cara Smith',
  'Dan Jones',
  '李 小龍',
  'Eve 50% Off',
];
const MONTHS = ['2021-01', '2021-02', '2021-03', '2021-04', '2021-05', '2021-06'];
const ZONE = 'America/Chicago';

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  sql = db.sql;
  locations = (await sql<{ id: string }[]>`select id from public.locations order by sort_order, id`).map((l) => l.id);
  const customers: string[] = [];
  for (let i = 0; i < 60; i++) {
    const name = `${NAMES[i % NAMES.length]} ${i}`;
    const phone = `+1312555${1000 + i * 13}`;
    const signup = i % 3 === 0 ? pick(locations) : null;
    const created = `2021-0${1 + (i % 6)}-1${i % 9}T12:00:00Z`;
    const [row] = await sql<{ id: string }[]>`
      insert into public.customers (name, phone, signup_channel, signup_location_id, created_at)
      values (${name}, ${phone}, 'web', ${signup}, ${created}) returning id`;
    customers.push(row!.id);
  }
  // 700 visits: mostly at the first businesses, spread over the first half of 2021.
  const visits: { customer_id: string; location_id: string; created_at: string }[] = [];
  for (let i = 0; i < 700; i++) {
    const location = locations[Math.min(locations.length - 1, Math.floor(random() ** 1.5 * locations.length))]!;
    const at = new Date(Date.UTC(2021, 0, 1) + random() * 181 * 86_400_000).toISOString();
    visits.push({ customer_id: pick(customers), location_id: location, created_at: at });
  }
  for (const v of visits)
    await sql`insert into public.visits (customer_id, location_id, points, approved_via, created_at)
              values (${v.customer_id}, ${v.location_id}, 5, 'staff', ${v.created_at})`;
  // After the fact: voids (some of them someone's first visit at a business), un-voids, a
  // visit moved to another business and earlier, deletions.
  await sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'test'
             where id in (select id from public.visits order by md5(id::text) limit 80)`;
  await sql`update public.visits v set status = 'voided', voided_at = now(), void_reason = 'first'
             where v.id in (select distinct on (customer_id, location_id) id from public.visits
                             where status = 'approved' order by customer_id, location_id, created_at limit 15)`;
  await sql`update public.visits set status = 'approved', voided_at = null, void_reason = null
             where id in (select id from public.visits where status = 'voided' order by md5(id::text) limit 10)`;
  await sql`update public.visits set location_id = ${locations[5]!}, created_at = created_at - interval '20 days'
             where id in (select id from public.visits where status = 'approved' order by md5(id::text) desc limit 12)`;
  await sql`delete from public.visits where id in (select id from public.visits order by md5(id::text) desc limit 8)`;
  // Rewards as the bench makes them: a welcome reward on each first visit at a business (a
  // third redeemed there), a tier reward on each member's second visit (half redeemed at the
  // first business); then some revoked.
  await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at,
                                                 unlocked_by_visit_id, redeemed_at, redeemed_location_id)
            select f.customer_id, r.id, r.location_id, case when f.used then 'redeemed' else 'unlocked' end, f.created_at,
                   f.id, case when f.used then f.created_at + interval '1 day' end, case when f.used then f.location_id end
              from (select distinct on (v.customer_id, v.location_id) v.*, md5(v.id::text) < '5' as used
                      from public.visits v where v.status = 'approved'
                     order by v.customer_id, v.location_id, v.created_at) f
              join public.rewards r on r.kind = 'welcome' and r.location_id = f.location_id`;
  await sql`insert into public.customer_rewards (customer_id, reward_id, status, unlocked_at, unlocked_by_visit_id,
                                                 redeemed_at, redeemed_location_id)
            select t.customer_id, r.id, case when t.used then 'redeemed' else 'unlocked' end, t.created_at, t.id,
                   case when t.used then t.created_at + interval '2 days' end, case when t.used then ${locations[0]!} end
              from (select v.*, row_number() over (partition by v.customer_id order by v.created_at) as k,
                           md5(v.id::text) < '8' as used
                      from public.visits v where v.status = 'approved') t
              join public.rewards r on r.kind = 'tier' and r.tier = 'Silver' and t.k = 2`;
  await sql`update public.customer_rewards set status = 'revoked', revoked_at = now()
             where status = 'unlocked' and id in (select id from public.customer_rewards order by md5(id::text) limit 10)`;
});

afterAll(async () => {
  await db?.drop();
});

const asAdmin = <T>(work: Parameters<typeof actAs<T>>[2]) => actAs(sql, adminClaims(), work);

/** Approved (customer, business) pairs in [from, to] (programme days, both included). */
async function pairsIn(from: string, to: string): Promise<Map<string, Set<string>>> {
  const rows = await sql<{ customer_id: string; location_id: string }[]>`
    select distinct customer_id, location_id from public.visits
     where status = 'approved' and created_at >= (${from}::date)::timestamp at time zone ${ZONE}
       and created_at < (${to}::date + 1)::timestamp at time zone ${ZONE}`;
  const byCustomer = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!byCustomer.has(r.customer_id)) byCustomer.set(r.customer_id, new Set());
    byCustomer.get(r.customer_id)!.add(r.location_id);
  }
  return byCustomer;
}

function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

interface CrossShopping {
  activeMembers: number;
  multiBusinessMembers: number;
  multiBusinessPercent: number | null;
  distribution: { businesses: number; members: number }[];
  businesses: { locationId: string; members: number }[];
  pairs: { a: string; b: string; members: number }[];
}

/** Every figure of a cross-shopping view against the members' sets of businesses counted from the visits. */
function expectCrossShopping(label: string, v: CrossShopping, members: Set<string>[]): void {
  expect({ label, active: v.activeMembers }).toEqual({ label, active: members.length });
  expect(v.multiBusinessMembers).toBe(members.filter((s) => s.size >= 2).length);
  if (members.length === 0) expect(v.multiBusinessPercent).toBeNull();
  else
    expect(
      Math.abs(v.multiBusinessPercent! - (v.multiBusinessMembers * 100) / members.length),
    ).toBeLessThanOrEqual(0.05);
  expect({ label, distribution: v.distribution }).toEqual({
    label,
    distribution: locations.map((_, i) => ({
      businesses: i + 1,
      members: members.filter((s) => s.size === i + 1).length,
    })),
  });
  expect({
    label,
    businesses: Object.fromEntries(v.businesses.map((b) => [b.locationId, b.members])),
  }).toEqual({
    label,
    businesses: Object.fromEntries(
      locations.map((l) => [l, members.filter((s) => s.has(l)).length]),
    ),
  });
  const pairs: Record<string, number> = {};
  for (const a of locations)
    for (const b of locations)
      if (a < b) pairs[`${a}+${b}`] = members.filter((s) => s.has(a) && s.has(b)).length;
  expect({
    label,
    pairs: Object.fromEntries(v.pairs.map((p) => [`${p.a}+${p.b}`, p.members])),
  }).toEqual({ label, pairs });
}

describe('admin reads against a naive recomputation (real Postgres)', () => {
  it('keeps each member’s first approved visit per business exact through voids, moves and deletes', async () => {
    const kept = await sql<{ customer_id: string; location_id: string; first_at: Date }[]>`
      select customer_id, location_id, first_at from private.member_first_visits order by 1, 2`;
    const naive = await sql<{ customer_id: string; location_id: string; first_at: Date }[]>`
      select customer_id, location_id, min(created_at) as first_at from public.visits
       where status = 'approved' group by 1, 2 order by 1, 2`;
    expect(naive.length).toBeGreaterThan(100);
    expect(kept).toEqual(naive);
    // The rebuild path (the bench's seed) gives the same rows.
    await sql`select private.rebuild_member_first_visits()`;
    expect(await sql`select customer_id, location_id, first_at from private.member_first_visits order by 1, 2`).toEqual(naive);
  });

  it('a void racing an approval of the same member at the same business keeps the pair (parallel)', async () => {
    const location = locations[2]!;
    const [c] = await sql<{ id: string }[]>`
      insert into public.customers (name, phone, signup_channel) values ('Racer', '+13125559999', 'web') returning id`;
    const [first] = await sql<{ id: string }[]>`
      insert into public.visits (customer_id, location_id, points, approved_via, created_at)
      values (${c!.id}, ${location}, 5, 'staff', '2021-03-01T12:00:00Z') returning id`;
    // The approval holds its transaction open while the void of the only earlier visit runs.
    const approval = sql.begin(async (tx) => {
      await tx`insert into public.visits (customer_id, location_id, points, approved_via, created_at)
               values (${c!.id}, ${location}, 5, 'staff', '2021-04-01T12:00:00Z')`;
      await tx`select pg_sleep(0.6)`;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const voiding = sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'race'
                         where id = ${first!.id}`;
    await Promise.all([approval, voiding]);
    const kept = await sql<{ first_at: Date }[]>`
      select first_at from private.member_first_visits where customer_id = ${c!.id} and location_id = ${location}`;
    expect(kept.map((k) => k.first_at.toISOString())).toEqual(['2021-04-01T12:00:00.000Z']);
    await sql`delete from public.customers where id = ${c!.id}`;
    expect((await sql`select 1 from private.member_first_visits where customer_id = ${c!.id}`).length).toBe(0);
  });

  it('cross-shopping matches the members, businesses and pairs counted from the visits', async () => {
    for (const [from, to] of [
      ['2021-01-01', '2021-01-31'],
      ['2021-02-14', '2021-05-03'],
      ['2021-01-01', '2021-06-30'],
      ['2020-06-01', '2020-06-30'],
    ] as const) {
      const view = await asAdmin((tx) => tx`select app.admin_cross_shopping('custom', ${from}, ${to}) as v`);
      expectCrossShopping(`${from}..${to}`, view[0]!.v as CrossShopping, [...(await pairsIn(from, to)).values()]);
    }
  });

  it('the monthly business report matches its members, first visits, visits and "also shop at"', async () => {
    let checked = 0;
    let redeemed = 0;
    for (const month of [...MONTHS, '2021-07']) {
      const monthStart = `${month}-01`;
      const members = await pairsIn(monthStart, monthEnd(month));
      for (const location of locations) {
        const [row] = await asAdmin((tx) => tx`select app.admin_business_report(${location}, ${month}) as r`);
        const r = row!.r as {
          members: number;
          firstVisits: number;
          visits: number;
          previousMonthVisits: number;
          newMembers: number;
          welcomeRewardsRedeemed: number;
          tierRewardsHonoured: number;
          alsoShopAt: { locationId: string; members: number }[];
        };
        const here = [...members.values()].filter((s) => s.has(location));
        expect(r.members).toBe(here.length);
        expect(Object.fromEntries(r.alsoShopAt.map((o) => [o.locationId, o.members]))).toEqual(
          Object.fromEntries(locations.filter((l) => l !== location).map((l) => [l, here.filter((s) => s.has(l)).length])),
        );
        const [naive] = await sql<
          { first: number; visits: number; previous: number; signups: number; welcome: number; tier: number }[]
        >`
          with b as (select (${monthStart}::date)::timestamp at time zone ${ZONE} as s,
                            ((${monthStart}::date) + interval '1 month')::timestamp at time zone ${ZONE} as e,
                            ((${monthStart}::date) - interval '1 month')::timestamp at time zone ${ZONE} as p)
          select (select count(*) from (select customer_id, min(created_at) as f from public.visits
                                          where status = 'approved' and location_id = ${location} group by 1) x, b
                   where x.f >= b.s and x.f < b.e)::int as first,
                 (select count(*) from public.visits v, b where v.status = 'approved' and v.location_id = ${location}
                     and v.created_at >= b.s and v.created_at < b.e)::int as visits,
                 (select count(*) from public.visits v, b where v.status = 'approved' and v.location_id = ${location}
                     and v.created_at >= b.p and v.created_at < b.s)::int as previous,
                 (select count(*) from public.customers c, b where c.signup_location_id = ${location}
                     and c.created_at >= b.s and c.created_at < b.e)::int as signups,
                 (select count(*) filter (where rw.kind = 'welcome') from public.customer_rewards cr
                    join public.rewards rw on rw.id = cr.reward_id, b
                   where cr.redeemed_location_id = ${location} and cr.redeemed_at >= b.s and cr.redeemed_at < b.e)::int as welcome,
                 (select count(*) filter (where rw.kind = 'tier') from public.customer_rewards cr
                    join public.rewards rw on rw.id = cr.reward_id, b
                   where cr.redeemed_location_id = ${location} and cr.redeemed_at >= b.s and cr.redeemed_at < b.e)::int as tier`;
        expect([r.firstVisits, r.visits, r.previousMonthVisits, r.newMembers]).toEqual([
          naive!.first,
          naive!.visits,
          naive!.previous,
          naive!.signups,
        ]);
        expect([r.welcomeRewardsRedeemed, r.tierRewardsHonoured]).toEqual([naive!.welcome, naive!.tier]);
        redeemed += r.welcomeRewardsRedeemed + r.tierRewardsHonoured;
        checked += r.members;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(redeemed).toBeGreaterThan(20);
  });

  it('keeps each member’s businesses per month exact through voids, moves and deletes; the report reads them', async () => {
    const masks = () => sql<{ customer_id: string; month: string; mask: string }[]>`
      select customer_id, month::text, mask from private.member_month_masks order by 1, 2`;
    const naive = await sql<{ customer_id: string; month: string; mask: string }[]>`
      select v.customer_id, date_trunc('month', (v.created_at at time zone ${ZONE}))::date::text as month,
             bit_or(1::bigint << b.bit) as mask
        from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
       where v.status = 'approved' group by 1, 2 order by 1, 2`;
    const kept = await masks();
    expect(kept.length).toBeGreaterThan(50);
    expect(kept).toEqual(naive);
    // The rebuild (the bench's seed) gives the same rows.
    await sql`select private.rebuild_member_month_masks()`;
    expect(await masks()).toEqual(naive);
    // The report's members come from them: without them, none.
    const ROLLBACK = new Error('rollback');
    await expect(
      sql.begin(async (tx) => {
        await tx`delete from private.member_month_masks where true`;
        await tx`select set_config('request.jwt.claims', ${JSON.stringify(adminClaims())}, true)`;
        await tx`set local role authenticated`;
        const [row] = await tx`select app.admin_business_report(${locations[0]!}, ${MONTHS[2]!}) as r`;
        expect((row!.r as { members: number }).members).toBe(0);
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);
  });

  it('the catalogue’s held, unlocked and expired figures and the tab’s outstanding match the rewards table, with unlocks filed under no business', async () => {
    // A points adjustment's tier reward and a prize's reward have no business in the rollup; one
    // welcome reward expired unused; one member forgotten with rewards unused.
    const ROLLBACK = new Error('rollback');
    await expect(
      sql.begin(async (tx) => {
        await tx`select set_config('request.jwt.claims', ${JSON.stringify(adminClaims())}, true)`;
        const [c] = await tx<{ id: string }[]>`
          select c.id from public.customers c where c.forgotten_at is null order by c.total_points, c.id limit 1`;
        await tx`select app.adjust_points(${c!.id}, 500, 'Correction for a lost card')`;
        const [prize] = await tx<{ id: string }[]>`select r.id from public.rewards r where r.kind = 'tier' order by r.id limit 1`;
        const [other] = await tx<{ id: string }[]>`
          insert into public.customers (name, phone, signup_channel) values ('Prize Winner', '+13125559999', 'web') returning id`;
        await tx`insert into public.customer_rewards (customer_id, reward_id) values (${other!.id}, ${prize!.id})`;
        await tx`update public.customer_rewards cr set status = 'expired', expired_at = now()
                  where cr.id = (select x.id from public.customer_rewards x
                                  where x.status = 'unlocked' and x.welcome_location_id is not null order by x.id limit 1)`;
        await tx`update public.customers c set forgotten_at = now()
                  where c.id = (select cr.customer_id from public.customer_rewards cr where cr.status = 'unlocked' order by cr.id desc limit 1)`;
        const naive = await tx<{ id: string; unlocked: number; held: number; expired: number; unfiled: number }[]>`
          select r.id,
                 count(cr.id) filter (where cr.status <> 'revoked')::int as unlocked,
                 count(cr.id) filter (where cr.status = 'unlocked' and c.forgotten_at is null)::int as held,
                 count(cr.id) filter (where cr.status = 'expired')::int as expired,
                 count(cr.id) filter (where cr.status <> 'revoked' and cr.welcome_location_id is null
                                        and cr.unlocked_by_visit_id is null)::int as unfiled
            from public.rewards r
            left join public.customer_rewards cr on cr.reward_id = r.id
            left join public.customers c on c.id = cr.customer_id
           group by r.id`;
        expect(naive.reduce((n, r) => n + r.unfiled, 0)).toBeGreaterThanOrEqual(2);
        expect(naive.reduce((n, r) => n + r.expired, 0)).toBe(1);
        const [catalogue] = await tx<{ r: { rewards: { id: string; holders: number; unlocked: number; expired: number }[] } }[]>`
          select app.admin_catalogue() as r`;
        const [tab] = await tx<{ r: { id: string; outstanding: number; expired: number }[] }[]>`select app.admin_rewards('all') as r`;
        for (const n of naive) {
          const listed = catalogue!.r.rewards.find((r) => r.id === n.id);
          expect({ id: n.id, holders: listed?.holders, unlocked: listed?.unlocked, expired: listed?.expired })
            .toEqual({ id: n.id, holders: n.held, unlocked: n.unlocked, expired: n.expired });
          const row = tab!.r.find((r) => r.id === n.id);
          expect({ id: n.id, outstanding: row?.outstanding, expired: row?.expired })
            .toEqual({ id: n.id, outstanding: n.held, expired: n.expired });
        }
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);
  });

  it('the Rewards tab’s all-time unlocks, redemptions and outstanding match the rewards table', async () => {
    const [row] = await asAdmin((tx) => tx`select app.admin_rewards('all') as r`);
    const rewards = row!.r as {
      id: string;
      unlocks: number;
      redemptions: number;
      outstanding: number;
      byBusiness: { locationId: string; unlocks: number; redemptions: number }[];
    }[];
    const naive = await sql<{ reward_id: string; location_id: string; unlocks: number; redemptions: number }[]>`
      select x.reward_id, x.location_id, sum(x.unlocks)::int as unlocks, sum(x.redemptions)::int as redemptions
        from (select cr.reward_id, coalesce(cr.welcome_location_id, v.location_id) as location_id, 1 as unlocks, 0 as redemptions
                from public.customer_rewards cr left join public.visits v on v.id = cr.unlocked_by_visit_id
               where cr.status <> 'revoked'
              union all
              select cr.reward_id, coalesce(cr.redeemed_location_id, ''), 0, 1 from public.customer_rewards cr
               where cr.redeemed_at is not null) x
       group by 1, 2`;
    const total = (id: string, key: 'unlocks' | 'redemptions') =>
      naive.filter((n) => n.reward_id === id).reduce((sum, n) => sum + n[key], 0);
    expect(naive.reduce((sum, n) => sum + n.redemptions, 0)).toBeGreaterThan(20);
    for (const reward of rewards) {
      expect({ id: reward.id, unlocks: reward.unlocks, redemptions: reward.redemptions, outstanding: reward.outstanding }).toEqual({
        id: reward.id,
        unlocks: total(reward.id, 'unlocks'),
        redemptions: total(reward.id, 'redemptions'),
        outstanding: total(reward.id, 'unlocks') - total(reward.id, 'redemptions'),
      });
      for (const b of reward.byBusiness) {
        const n = naive.find((x) => x.reward_id === reward.id && x.location_id === b.locationId);
        expect([b.unlocks, b.redemptions]).toEqual([n?.unlocks ?? 0, n?.redemptions ?? 0]);
      }
    }
  });

  it('searches a name part in any case and three or more phone digits anywhere, exactly', async () => {
    const search = async (term: string) => {
      const [row] = await asAdmin(
        (tx) => tx`select app.admin_customers(p_search => ${term}, p_range => 'all', p_limit => 500) as page,
                          app.admin_customers_count(p_search => ${term}, p_range => 'all') as count`,
      );
      const page = row!.page as { id: string }[];
      return { ids: page.map((c) => c.id).sort(), total: (row!.count as { total: number }).total };
    };
    const naive = async (term: string) => {
      const lowered = term.trim().toLowerCase();
      const digits = term.replace(/[^0-9]/g, '');
      const rows = await sql<{ id: string }[]>`
        select id from public.customers
         where position(lower(btrim(${term})) in lower(name)) > 0
            or (${digits.length >= 3} and position(${digits} in phone) > 0)`;
      expect(lowered.length).toBeGreaterThan(0);
      return rows.map((r) => r.id).sort();
    };
    const cases: [string, number][] = [
      ['garcia', 12], // any case, inside a longer name ("Garcia-Lee")
      ['GARCIA-l', 6],
      ['ångström', 6], // unicode, other case
      ['ZOË', 6],
      ['brûlé 1', 2], // "ÉLODIE Brûlé 1" and "… 11"
      ['小龍', 6],
      ['’hara', 6],
      ['50%', 6], // % and _ are literal, not wildcards
      ['_', 0],
      ['555', 60], // phone digits anywhere: every phone has 555
      ['(312) 555-10', 8], // digits 31255510: 3125551000 … 3125551091
      ['1013', 1],
      ['zzqx', 0], // nothing
    ];
    for (const [term, expected] of cases) {
      const found = await search(term);
      const truth = await naive(term);
      expect({ term, ids: found.ids }).toEqual({ term, ids: truth });
      expect({ term, total: found.total, n: truth.length }).toEqual({ term, total: expected, n: expected });
    }
  });

  it('pages a search the same way whether its matches are few (sorted) or thousands (index order)', async () => {
    await sql`insert into public.customers (name, phone, signup_channel, created_at)
              select 'Dense Person ' || n, '+1415' || (2000000 + n)::text, 'web', '2021-01-01'::timestamptz + n * interval '1 minute'
                from generate_series(1, 2100) as g(n)`;
    try {
      // "dense" matches 2,100 (index order); "dense person 1" matches 1,111 (matches sorted).
      for (const term of ['dense', 'dense person 1']) {
        for (const [sort, order, column] of [
          ['name', 'asc', 'name'],
          ['createdAt', 'desc', 'created_at'],
          ['points', 'desc', 'total_points'],
        ] as const) {
          const [row] = await asAdmin(
            (tx) => tx`select app.admin_customers(p_search => ${term}, p_range => 'all', p_sort => ${sort},
                                                  p_order => ${order}, p_limit => 100, p_page => 3) as page`,
          );
          const ids = (row!.page as { id: string }[]).map((c) => c.id);
          const naive = await sql<{ id: string }[]>`
            select id from public.customers where position(${term} in lower(name)) > 0
             order by ${sql(column)} ${order === 'asc' ? sql`asc` : sql`desc`}, id ${order === 'asc' ? sql`asc` : sql`desc`}
             limit 100 offset 200`;
          expect({ term, sort, ids }).toEqual({ term, sort, ids: naive.map((n) => n.id) });
          expect(ids).toHaveLength(100);
        }
      }
    } finally {
      await sql`delete from public.customers where name like 'Dense Person %'`;
    }
  });

  it('cross-shopping for ranges ending today (the counters) matches the visits through approvals, parallel approvals, voids, moves, deletes and a rebuild', async () => {
    const DAY = 86_400_000;
    const recent: string[] = [];
    for (let i = 0; i < 40; i++) {
      const [row] = await sql<{ id: string }[]>`
        insert into public.customers (name, phone, signup_channel) values (${`Recent Member ${i}`}, ${`+1646777${2000 + i}`}, 'web')
        returning id`;
      recent.push(row!.id);
    }
    const location = () =>
      locations[Math.min(locations.length - 1, Math.floor(random() ** 1.5 * locations.length))]!;
    // Over the past ~120 days up to a minute ago (some today), one statement each (an
    // approval's path), then a bulk insert of many members at once.
    const now = Date.now();
    for (let i = 0; i < 250; i++) {
      const at = new Date(
        now - 60_000 - (i % 5 === 0 ? random() * 0.2 : random() * 120) * DAY,
      ).toISOString();
      await sql`insert into public.visits (customer_id, location_id, points, approved_via, created_at)
                values (${pick(recent)}, ${location()}, 5, 'staff', ${at})`;
    }
    const bulk = Array.from({ length: 120 }, () => ({
      customer_id: pick(recent),
      location_id: location(),
      points: 5,
      approved_via: 'staff',
      created_at: new Date(now - 60_000 - random() * 100 * DAY).toISOString(),
    }));
    await sql`insert into public.visits ${sql(bulk)}`;
    // Parallel approvals: each locks its member's row first (as app.approve_visit does), several
    // of them of the same members, on separate connections.
    const parallel = connect(db.url, { max: 6 });
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          parallel.begin(async (tx) => {
            const customer = recent[i % 8]!;
            await tx`select 1 from public.customers where id = ${customer} for update`;
            await tx`insert into public.visits (customer_id, location_id, points, approved_via)
                     values (${customer}, ${locations[i % locations.length]!}, 5, 'staff')`;
          }),
        ),
      );
    } finally {
      await parallel.end();
    }
    // After the fact: voids (some of them a member's last visit at a business), un-voids, moves
    // to another business and earlier, deletes.
    await sql`update public.visits set status = 'voided', voided_at = now(), void_reason = 'test'
               where customer_id = any (${recent}) and id in (select id from public.visits order by md5(id::text || 'x') limit 60)`;
    await sql`update public.visits v set status = 'voided', voided_at = now(), void_reason = 'last'
               where v.id in (select distinct on (customer_id, location_id) id from public.visits
                               where status = 'approved' and customer_id = any (${recent})
                               order by customer_id, location_id, created_at desc limit 15)`;
    await sql`update public.visits set status = 'approved', voided_at = null, void_reason = null
               where id in (select id from public.visits where status = 'voided' and customer_id = any (${recent})
                             order by md5(id::text) limit 10)`;
    await sql`update public.visits set location_id = ${locations[4]!}, created_at = created_at - interval '20 days'
               where id in (select id from public.visits where status = 'approved' and customer_id = any (${recent})
                             order by md5(id::text) desc limit 12)`;
    await sql`update public.visits set customer_id = ${recent[0]!}
               where id in (select id from public.visits where status = 'approved' and customer_id = ${recent[1]!} limit 3)`;
    await sql`delete from public.visits where customer_id = any (${recent})
               and id in (select id from public.visits order by md5(id::text) desc limit 8)`;

    const ranges = async () => {
      const [d] = await sql<{ today: string; day45: string; yesterday: string }[]>`
        select t::text as today, (t - 45)::text as day45, (t - 1)::text as yesterday
          from (select (now() at time zone ${ZONE})::date as t) x`;
      const { today, day45, yesterday } = d!;
      const days = async (range: string) => {
        const [row] = await sql<{ first: string; last: string }[]>`
          select first_day::text as first, (end_day - 1)::text as last from private.dashboard_days(${range})`;
        return row!;
      };
      return [
        { label: '7days', range: '7days', from: null, to: null, ...(await days('7days')) },
        { label: '30days', range: '30days', from: null, to: null, ...(await days('30days')) },
        { label: '3months', range: '3months', from: null, to: null, ...(await days('3months')) },
        // A custom range ending today reads the counters too; one ending yesterday scans.
        {
          label: 'custom to today',
          range: 'custom',
          from: day45,
          to: today,
          first: day45,
          last: today,
        },
        {
          label: 'custom to yesterday',
          range: 'custom',
          from: day45,
          to: yesterday,
          first: day45,
          last: yesterday,
        },
      ];
    };
    const compare = async () => {
      let active = 0;
      for (const r of await ranges()) {
        const [row] = await asAdmin(
          (tx) => tx`select app.admin_cross_shopping(${r.range}, ${r.from}, ${r.to}) as v`,
        );
        const members = [...(await pairsIn(r.first, r.last)).values()];
        expectCrossShopping(r.label, row!.v as CrossShopping, members);
        active += members.length;
      }
      return active;
    };
    // With deltas still pending, then folded.
    expect(await compare()).toBeGreaterThan(60);
    await sql`select private.fold_rollups()`;
    expect((await sql`select 1 from private.cross_shopping_pending`).length).toBe(0);
    await compare();

    // The ranges ending today do read the counters: without them the figures are empty.
    const ROLLBACK = new Error('rollback');
    await expect(
      sql.begin(async (tx) => {
        await tx`delete from private.cross_shopping_days where true`;
        await tx`select set_config('request.jwt.claims', ${JSON.stringify(adminClaims())}, true)`;
        await tx`set local role authenticated`;
        const [row] = await tx`select app.admin_cross_shopping('3months') as v`;
        expect((row!.v as CrossShopping).activeMembers).toBe(0);
        throw ROLLBACK;
      }),
    ).rejects.toBe(ROLLBACK);

    // The rebuild (the bench's seed) gives the counters the triggers kept.
    const kept =
      await sql`select day, mask, n from private.cross_shopping_days where n <> 0 order by 1, 2`;
    expect(kept.length).toBeGreaterThan(20);
    await sql`select private.rebuild_cross_shopping()`;
    expect(await sql`select day, mask, n from private.cross_shopping_days order by 1, 2`).toEqual(
      kept,
    );
    await compare();
  });
});
