// The demo village's month of life: `npm run dev` in demo mode, on a programme with no members
// yet, plays 30 days of a village through the programme's own functions, as the demo admin at
// the counters (app.create_customer, app.approve_visit of member cards, app.scan_card and app.redeem_reward,
// app.text_inbound for the texts' YES, app.create_campaign), so the dashboard, reports,
// settlement and cross-shopping open on something. Deterministic: one seeded random sequence
// decides who joins, visits and redeems where. The functions stamp now(): each day runs in one
// transaction (one now()), whose timestamps are then moved back to that day (all triggers paused
// for the move only, as the ledger is append-only), and the rollups are rebuilt at the end. The
// texts of the month count as sent. Never in tests: only `npm run dev` and `npm run stack` ask
// for it (DEMO_MONTH=false turns it off; the browser suites do).
import type { Sql } from './db.ts';

const DEMO_ADMIN_ID = '00000000-0000-4000-8000-000000000001';
export const DEMO_MONTH_DAYS = 30;

const FIRST = ['Maria', 'Dan', 'Priya', 'Tom', 'Ana', 'Luis', 'Grace', 'Omar', 'Hannah', 'Ben', 'Chloe', 'Sam',
  'Ivy', 'Noah', 'Ruth', 'Eli', 'June', 'Walt', 'Nora', 'Ray'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Dawson', 'Ellis', 'Fischer', 'Garcia', 'Hughes', 'Iverson', 'Jensen'];

/** mulberry32: a small seeded generator, so every demo database tells the same month. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoMonth {
  members: number;
  visits: number;
  redemptions: number;
  campaigns: number;
}

interface Member {
  id: string;
  home: string;
  phone: string;
  /** How often they come by: the chance of a visit on a given day. */
  keen: number;
}

/**
 * Every timestamp column of the programme's tables that holds this transaction's now() is moved
 * to `target` (the day being played), triggers paused. Texts of the day count as sent.
 */
const MOVE_DAY = `
do $move$
declare
  v_column record;
  v_now timestamptz := now();
  v_target timestamptz := current_setting('demo.target')::timestamptz;
begin
  set local session_replication_role = replica;
  update private.texts set status = 'sent', sent_at = v_now, provider_id = 'demo-month-' || id, attempts = 1
   where created_at = v_now and status in ('queued', 'held');
  for v_column in
    select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema in ('public', 'private') and t.table_type = 'BASE TABLE'
       and c.data_type = 'timestamp with time zone'
       and c.is_generated = 'NEVER'
  loop
    execute format('update %I.%I set %I = $1 where %I = $2', v_column.table_schema, v_column.table_name,
                   v_column.column_name, v_column.column_name)
      using v_target, v_now;
  end loop;
  set local session_replication_role = origin;
end;
$move$`;

export async function hasMembers(sql: Sql): Promise<boolean> {
  const [row] = await sql`select exists (select 1 from public.customers) as present`;
  return Boolean(row?.present);
}

/** Plays the month; the programme must have its demo catalogue (seed.sql) and demo admin. */
export async function playDemoMonth(sql: Sql): Promise<DemoMonth> {
  const next = random(20261101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const locations = (await sql`select id from public.locations where archived_at is null order by sort_order`).map((r) => r.id as string);
  const members: Member[] = [];
  const result: DemoMonth = { members: 0, visits: 0, redemptions: 0, campaigns: 0 };

  // The limits would refuse a month played in a few seconds: off while it plays, then as they were.
  const [limits] = await sql`select min_visit_interval, min_visit_gap_anywhere, max_visits_per_hour, velocity_flag_visits,
                                    campaigns_per_hour from private.settings`;
  await sql`update private.settings set min_visit_interval = '0', min_visit_gap_anywhere = '0', max_visits_per_hour = 0,
                                        velocity_flag_visits = 0, campaigns_per_hour = 0`;
  try {
    for (let day = DEMO_MONTH_DAYS; day >= 1; day--) {
      await sql.begin(async (tx) => {
        await tx`select set_config('request.jwt.claims', ${JSON.stringify({
          sub: DEMO_ADMIN_ID, role: 'authenticated', is_anonymous: false, phone: '15555550100',
          app_metadata: { role: 'admin' },
        })}, true)`;
        // Morning to evening, a different hour each day, in the programme's time zone.
        const minutes = 9 * 60 + ((day * 53) % 540);
        await tx`select set_config('demo.target', ((date_trunc('day', now() at time zone private.programme_time_zone())
                   - make_interval(days => ${day}) + make_interval(mins => ${minutes}))
                   at time zone private.programme_time_zone())::text, true)`;

        // Newcomers: more in the first weeks, as a programme starts.
        const joining = day > 24 ? 2 : next() < 0.5 ? 1 : 0;
        for (let i = 0; i < joining; i++) {
          const n = members.length;
          const home = locations[n % locations.length]!;
          const phone = `555555${String(200 + n).padStart(4, '0')}`;
          const name = `${FIRST[n % FIRST.length]} ${LAST[(3 * n + Math.floor(n / FIRST.length)) % LAST.length]}`;
          const consent = n % 3 !== 2;
          const [joined] = await tx`select app.create_customer(${name}, ${phone}, null, ${consent}, false, ${home}) as r`;
          const id = (joined!.r as { customer: { id: string } }).customer.id;
          // The double opt-in: the member answers the consent text with YES.
          if (consent) await tx`select app.text_inbound(${`+1${phone}`}, 'YES')`;
          members.push({ id, home, phone, keen: 0.08 + next() * 0.2 });
          result.members++;
          // A first visit the day they join, at the business that signed them up.
          await tx`select app.approve_visit(${`customer:${id}`}, ${home})`;
          result.visits++;
        }

        for (const member of members) {
          if (next() >= member.keen) continue;
          // Mostly their own business; now and then another one in the village (cross-shopping).
          const where = next() < 0.6 ? member.home : pick(locations);
          await tx`select app.approve_visit(${`customer:${member.id}`}, ${where})`;
          result.visits++;
        }

        // Rewards get used: some of what is waiting, at its business or (tier rewards) anywhere.
        const waiting = await tx`select cr.id, cr.customer_id, cr.welcome_location_id
                                   from public.customer_rewards cr
                                   join public.customers c on c.id = cr.customer_id
                                   join public.rewards r on r.id = cr.reward_id
                                  where cr.status = 'unlocked' order by c.phone, r.kind, r.location_id, r.tier`;
        for (const reward of waiting) {
          if (next() >= 0.2) continue;
          const where = (reward.welcome_location_id as string | null) ?? pick(locations);
          // At the counter: the member's card is scanned, then the reward redeemed.
          await tx`select app.scan_card(${`customer:${reward.customer_id}`}, ${where})`;
          await tx`select app.redeem_reward(${reward.id}, ${where})`;
          result.redemptions++;
        }

        if (day === 9) {
          await tx`select app.create_campaign('Harvest weekend on Main Street: every business is open late on Saturday.')`;
          result.campaigns++;
        }
        await tx.unsafe(MOVE_DAY);
      });
    }
  } finally {
    await sql`update private.settings set min_visit_interval = ${limits!.min_visit_interval},
                     min_visit_gap_anywhere = ${limits!.min_visit_gap_anywhere},
                     max_visits_per_hour = ${limits!.max_visits_per_hour},
                     velocity_flag_visits = ${limits!.velocity_flag_visits},
                     campaigns_per_hour = ${limits!.campaigns_per_hour}`;
  }
  await sql`select private.rebuild_daily_rollup()`;
  return result;
}
