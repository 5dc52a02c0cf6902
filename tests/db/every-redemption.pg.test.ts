// Settlement, the Rewards tab, the dashboard's Redemptions and the monthly
// business report count every redemption — those honoured at a business and those recorded
// without one (a member's own Redeem before counter-confirmed redemption, inserted here as the
// legacy rows they are). Each figure is compared with one plain query over
// public.customer_rewards, on real Postgres, with some of the rollup's deltas folded and some
// still pending, then again after a rebuild of the rollup.
import { readFileSync } from 'node:fs';
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let locations: string[] = [];

const ZONE = 'America/Chicago';
const MONTH = '2021-03';
const FROM = '2021-03-01';
const TO = '2021-03-31';

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  sql = db.sql;
  locations = (await sql<{ id: string }[]>`select id from public.locations order by sort_order, id`).map((l) => l.id);
  const customers: string[] = [];
  for (let i = 0; i < 24; i++) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.customers (name, phone, signup_channel, created_at)
      values (${`Redeemer ${i}`}, ${`+1312556${1000 + i * 7}`}, 'web', '2021-01-05T12:00:00Z') returning id`;
    customers.push(row!.id);
  }
  // Each member visits three businesses in February and March (some on the month's edges in
  // programme time: 05:30 UTC on 1 March is still February in Chicago).
  let k = 0;
  for (const [i, customer] of customers.entries())
    for (let j = 0; j < 3; j++) {
      const location = locations[(i + j) % locations.length]!;
      const at = new Date(Date.UTC(2021, 1, 20) + (k++ * 37 % 40) * 86_400_000 + (i % 2 ? 5.5 : 15) * 3_600_000);
      await sql`insert into public.visits (customer_id, location_id, points, approved_via, created_at)
                values (${customer}, ${location}, 5, 'staff', ${at.toISOString()})`;
    }
  // A welcome reward per first visit at a business and a tier reward per member; redeemed a day
  // later at the business, at another, without a business (legacy), or not at all.
  await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at,
                                                 unlocked_by_visit_id, redeemed_at, redeemed_location_id)
            select v.customer_id, r.id, r.location_id, case when v.k % 4 = 3 then 'unlocked' else 'redeemed' end,
                   v.created_at, v.id, case when v.k % 4 <> 3 then v.created_at + interval '1 day' end,
                   case when v.k % 4 in (0, 1) then v.location_id end
              from (select v.*, row_number() over (order by v.created_at, v.id) as k from public.visits v) v
              join public.rewards r on r.kind = 'welcome' and r.location_id = v.location_id`;
  await sql`select private.fold_rollups()`;
  await sql`insert into public.customer_rewards (customer_id, reward_id, status, unlocked_at, unlocked_by_visit_id,
                                                 redeemed_at, redeemed_location_id)
            select v.customer_id, r.id, 'redeemed', v.created_at, v.id, v.created_at + interval '2 days',
                   case when v.k % 3 = 0 then null else ${locations[0]!} end
              from (select distinct on (v.customer_id) v.*, row_number() over (order by v.created_at, v.id) as k
                      from public.visits v order by v.customer_id, v.created_at) v
              join public.rewards r on r.kind = 'tier' and r.tier = 'Silver'`;
  // A legacy redemption moved to a business after the fact, and one un-attributed.
  await sql`update public.customer_rewards set redeemed_location_id = ${locations[1]!}
             where id = (select id from public.customer_rewards where redeemed_at is not null and redeemed_location_id is null
                          order by id limit 1)`;
  await sql`update public.customer_rewards set redeemed_location_id = null
             where id = (select id from public.customer_rewards where redeemed_location_id = ${locations[2]!} order by id limit 1)`;
});

afterAll(async () => {
  await db?.drop();
});

const asAdmin = <T>(work: Parameters<typeof actAs<T>>[2]) => actAs(sql, adminClaims(), work);

/** Redemptions in March (programme time) by business ('' without one), from customer_rewards. */
async function redeemedInMonth(): Promise<Map<string, number>> {
  const rows = await sql<{ location_id: string; n: number }[]>`
    select coalesce(redeemed_location_id, '') as location_id, count(*)::int as n
      from public.customer_rewards
     where redeemed_at >= (${FROM}::date)::timestamp at time zone ${ZONE}
       and redeemed_at < (${TO}::date + 1)::timestamp at time zone ${ZONE}
     group by 1`;
  return new Map(rows.map((r) => [r.location_id, r.n]));
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function checkEveryView(): Promise<void> {
  const month = await redeemedInMonth();
  expect(month.get('')).toBeGreaterThan(3);
  expect(sum(month) - (month.get('') ?? 0)).toBeGreaterThan(10);

  // Settlement.
  const [s] = await asAdmin((tx) => tx`select app.admin_settlement(${MONTH}) as r`);
  const settlement = s!.r as {
    totals: { redemptions: number; unattributed: number };
    businesses: { locationId: string; honoured: number }[];
  };
  expect(settlement.totals.redemptions).toBe(sum(month));
  expect(settlement.totals.unattributed).toBe(month.get('') ?? 0);
  for (const b of settlement.businesses) expect([b.locationId, b.honoured]).toEqual([b.locationId, month.get(b.locationId) ?? 0]);

  // Dashboard: the Redemptions card for all locations and for each.
  const [all] = await asAdmin((tx) => tx`select app.admin_metrics(null, 'custom', ${FROM}, ${TO}) as r`);
  expect((all!.r as { redemptions: number }).redemptions).toBe(sum(month));
  for (const location of locations) {
    const [one] = await asAdmin((tx) => tx`select app.admin_metrics(${location}, 'custom', ${FROM}, ${TO}) as r`);
    expect([location, (one!.r as { redemptions: number }).redemptions]).toEqual([location, month.get(location) ?? 0]);
  }

  // Monthly report of each business: what was redeemed at it.
  for (const location of locations) {
    const [row] = await asAdmin((tx) => tx`select app.admin_business_report(${location}, ${MONTH}) as r`);
    const r = row!.r as { welcomeRewardsRedeemed: number; tierRewardsHonoured: number };
    expect([location, r.welcomeRewardsRedeemed + r.tierRewardsHonoured]).toEqual([location, month.get(location) ?? 0]);
  }

  // Rewards tab, all time and March: per reward, per business and unattributed.
  const perReward = await sql<{ reward_id: string; location_id: string; all_time: number; in_month: number }[]>`
    select reward_id, coalesce(redeemed_location_id, '') as location_id, count(*)::int as all_time,
           (count(*) filter (where redeemed_at >= (${FROM}::date)::timestamp at time zone ${ZONE}
                               and redeemed_at < (${TO}::date + 1)::timestamp at time zone ${ZONE}))::int as in_month
      from public.customer_rewards where redeemed_at is not null group by 1, 2`;
  for (const [range, key] of [
    [['all', null, null], 'all_time'],
    [['custom', FROM, TO], 'in_month'],
  ] as const) {
    const [row] = await asAdmin((tx) => tx`select app.admin_rewards(${range[0]}, ${range[1]}, ${range[2]}) as r`);
    const rewards = row!.r as {
      id: string;
      redemptions: number;
      unattributedRedemptions: number;
      byBusiness: { locationId: string; redemptions: number }[];
    }[];
    const naive = (id: string, location?: string) =>
      perReward
        .filter((p) => p.reward_id === id && (location === undefined || p.location_id === location))
        .reduce((a, p) => a + p[key], 0);
    expect(rewards.reduce((a, r) => a + r.redemptions, 0)).toBe(perReward.reduce((a, p) => a + p[key], 0));
    for (const reward of rewards) {
      expect([reward.id, reward.redemptions, reward.unattributedRedemptions]).toEqual([
        reward.id,
        naive(reward.id),
        naive(reward.id, ''),
      ]);
      for (const b of reward.byBusiness)
        expect([reward.id, b.locationId, b.redemptions]).toEqual([reward.id, b.locationId, naive(reward.id, b.locationId)]);
    }
  }
}

describe('every redemption is counted (real Postgres)', () => {
  it('settlement, the Rewards tab, the dashboard and the monthly report match customer_rewards', async () => {
    await checkEveryView();
  });

  it("and after the migration's backfill of a rollup that had skipped them", async () => {
    // The state before 20261125400100: no '' rows. The migration's last statement adds them.
    await sql`select private.fold_rollups()`;
    await sql`delete from private.daily_rollup where location_id = ''`;
    const migration = readFileSync(
      new URL('../../supabase/migrations/20261125400100_count_every_redemption.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.lastIndexOf('insert into private.daily_rollup'));
    await sql.unsafe(backfill);
    await checkEveryView();
  });

  it('and still do after the rollup is rebuilt', async () => {
    await sql`select private.rebuild_daily_rollup()`;
    await checkEveryView();
  });
});
