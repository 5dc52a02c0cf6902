// The funder's monthly report on real Postgres (92_funder_report.sql): a month is seeded — members
// joining before, during and after it, one forgotten, visits before and in it (one voided), repeat
// visits, members who cross-shop, redemptions of welcome, tier and prize rewards, texts sent and
// opt-outs, the month's prize draw — and every figure of the report is compared with its own
// independent query, then withheld the way the report must withhold it (1 or 2 members: null).
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims, createAuthUser, tryAs } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let locations: string[] = [];

const ZONE = 'America/Chicago';
const MONTH = '2021-05';
const START = `('2021-05-01'::timestamp at time zone '${ZONE}')`;
const END = `('2021-06-01'::timestamp at time zone '${ZONE}')`;

/** The report's rule: a figure about 1 or 2 members is withheld. */
const withheld = (n: number, members = n) => (members >= 1 && members <= 2 ? null : n);

interface Report {
  villagePopulation: number | null;
  members: number | null;
  membersPercentOfVillage: number | null;
  newMembers: number | null;
  activeMembers: number | null;
  returningMembers: number | null;
  visits: number | null;
  repeatVisits: number | null;
  crossShopping: { twoOrMore: number | null; threeOrMore: number | null; twoOrMorePercent: number | null };
  firstVisitsFromOtherBusinesses: number | null;
  businesses: { locationId: string; visits: number | null; members: number | null; firstVisits: number | null; firstVisitsFromOtherBusinesses: number | null }[];
  rewards: { redeemed: number | null; welcome: number | null; tier: number | null; prize: number; valueCents: number | null; expired: number | null };
  settlement: { redemptions: number; crossBusiness: number; crossBusinessCents: number; transfers: number; transfersCents: number };
  texts: { sent: number | null; optOuts: number | null };
  draw: { status: string; entrants: number | null; winnerDrawn: boolean; prizeRedeemed: boolean } | null;
}

async function report(): Promise<Report> {
  const [row] = await actAs(sql, adminClaims(), (tx) => tx<{ r: Report }[]>`select app.admin_funder_report(${MONTH}) as r`);
  return row!.r;
}

const one = async (query: string): Promise<number> => {
  const [row] = await sql.unsafe<{ n: string }[]>(query);
  return Number(row!.n);
};

let phone = 0;
async function customer(createdAt: string, extra: { forgottenAt?: string } = {}): Promise<string> {
  phone += 1;
  const [row] = await sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel, created_at, forgotten_at)
    values (${`Villager ${phone}`}, ${extra.forgottenAt ? null : `+1312558${String(1000 + phone)}`}, 'web', ${createdAt},
            ${extra.forgottenAt ?? null}) returning id`;
  return row!.id;
}
async function visit(customerId: string, location: string, at: string, status = 'approved'): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.visits (customer_id, location_id, points, approved_via, created_at, status, voided_at, void_reason)
    values (${customerId}, ${location}, 5, 'staff', ${at}, ${status}, ${status === 'voided' ? at : null},
            ${status === 'voided' ? 'test' : null}) returning id`;
  return row!.id;
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  sql = db.sql;
  locations = (await sql<{ id: string }[]>`select id from public.locations order by sort_order, id`).map((l) => l.id);
  const [a, b, c, d] = locations as [string, string, string, string];
  // Joined before May and visited in April: they return in May.
  const old: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = await customer('2021-03-02T15:00:00Z');
    old.push(id);
    await visit(id, a, '2021-04-10T15:00:00Z');
  }
  // Joined in May (7), one joined at 04:30 UTC on 1 June, still May in Chicago; one joined in June.
  const fresh: string[] = [];
  for (let i = 0; i < 6; i++) fresh.push(await customer(`2021-05-0${i + 2}T15:00:00Z`));
  fresh.push(await customer('2021-06-01T04:30:00Z'));
  await customer('2021-06-03T15:00:00Z');
  // Forgotten in May (not a member at the month's end) and forgotten in June (still one).
  await customer('2021-02-01T15:00:00Z', { forgottenAt: '2021-05-20T15:00:00Z' });
  await customer('2021-02-01T15:00:00Z', { forgottenAt: '2021-06-20T15:00:00Z' });

  // May's visits: the old members at a (repeat) and b (a first visit from another business); three of
  // them also at c; fresh members at b (their first anywhere), two of them twice; one fresh member at d
  // only (a business with one member); a voided visit at d.
  for (const [i, id] of old.entries()) {
    await visit(id, a, `2021-05-1${i}T15:00:00Z`);
    await visit(id, b, `2021-05-1${i}T18:00:00Z`);
    if (i < 3) await visit(id, c, `2021-05-2${i}T15:00:00Z`);
  }
  for (const [i, id] of fresh.slice(0, 6).entries()) {
    await visit(id, b, `2021-05-1${i}T16:00:00Z`);
    if (i < 2) await visit(id, b, `2021-05-2${i}T16:00:00Z`);
  }
  await visit(fresh[6]!, d, '2021-05-31T23:00:00Z');
  await visit(old[0]!, d, '2021-05-15T15:00:00Z', 'voided');
  // June visits count for nothing here.
  await visit(old[1]!, d, '2021-06-02T15:00:00Z');

  // Redemptions in May: four welcome rewards at b, three Silver rewards at c (earned at a), and a
  // prize voucher sponsored by a, honoured at b; one welcome reward redeemed in June.
  await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at, redeemed_at, redeemed_location_id)
            select c.id, r.id, r.location_id, 'redeemed', '2021-05-10T15:00:00Z', '2021-05-25T15:00:00Z', r.location_id
              from unnest(${sql.array(fresh.slice(0, 4))}::uuid[]) c(id) join public.rewards r on r.kind = 'welcome' and r.location_id = ${b}`;
  await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at, redeemed_at, redeemed_location_id)
            select ${fresh[5]!}, r.id, r.location_id, 'redeemed', '2021-05-10T15:00:00Z', '2021-06-05T15:00:00Z', r.location_id
              from public.rewards r where r.kind = 'welcome' and r.location_id = ${b}`;
  await sql`insert into public.customer_rewards (customer_id, reward_id, status, unlocked_at, unlocked_by_visit_id, redeemed_at, redeemed_location_id)
            select v.customer_id, r.id, 'redeemed', v.created_at, v.id, '2021-05-26T15:00:00Z', ${c}
              from public.visits v join public.rewards r on r.kind = 'tier' and r.tier = 'Silver'
             where v.customer_id = any(${sql.array(old.slice(0, 3))}::uuid[]) and v.location_id = ${a} and v.created_at < '2021-05-01'`;
  const [prize] = await sql<{ id: string }[]>`
    insert into public.rewards (kind, location_id, name, description, scope, value_cents)
    values ('prize', ${a}, 'April prize', '', 'network', 2500) returning id`;
  await sql`insert into public.customer_rewards (customer_id, reward_id, status, unlocked_at, redeemed_at, redeemed_location_id)
            values (${old[4]!}, ${prize!.id}, 'redeemed', '2021-05-02T15:00:00Z', '2021-05-03T15:00:00Z', ${b})`;

  // Texts: five sent in May to four members, one in June, one never sent; opt-outs: three members in
  // May (one of them twice), one in June.
  let key = 0;
  for (const [id, at] of [[old[0], '2021-05-03T15:00:00Z'], [old[0], '2021-05-04T15:00:00Z'], [old[1], '2021-05-05T15:00:00Z'],
    [old[2], '2021-05-06T15:00:00Z'], [old[3], '2021-05-07T15:00:00Z'], [old[3], '2021-06-07T15:00:00Z'], [old[4], null]] as const) {
    key += 1;
    await sql`insert into private.texts (customer_id, phone, kind, body, status, event_key, sent_at)
              values (${id!}, '+13125550000', 'campaign', 'Village Rewards: hello', ${at ? 'sent' : 'queued'}, ${`test:${key}`}, ${at})`;
  }
  for (const [id, at] of [[old[0], '2021-05-08T15:00:00Z'], [old[0], '2021-05-09T15:00:00Z'], [old[1], '2021-05-10T15:00:00Z'],
    [old[2], '2021-05-11T15:00:00Z'], [old[3], '2021-06-11T15:00:00Z']] as const) {
    await sql`insert into public.consents (customer_id, channel, wording, scope, granted, source, created_at)
              values (${id!}, 'sms', 'STOP', 'sms', false, 'sms_reply', ${at})`;
  }

  // The month's draw, set up beforehand and run: every entrant is an old member (2+ businesses).
  const [draw] = await actAs(sql, adminClaims(), (tx) => tx<{ d: { id: string } }[]>`
    select app.admin_create_draw('2099-02', ${a}, 'voucher', '$25 voucher', '', 2500, 2, 3, null) as d`);
  await sql`update private.draws set month = ${MONTH} where id = ${draw!.d.id}`;
  await actAs(sql, adminClaims(), (tx) => tx`select app.admin_run_draw(${draw!.d.id}, null)`);
  await actAs(sql, adminClaims(), (tx) => tx`select app.admin_set_village_population(1200)`);
});

afterAll(async () => {
  await db?.drop();
});

describe("the funder's monthly report", { timeout: 120_000 }, () => {
  it('answers every figure as an independent query does, withholding those about 1 or 2 members', async () => {
    const r = await report();
    const monthVisits = `from public.visits v where v.status = 'approved' and v.created_at >= ${START} and v.created_at < ${END}`;

    const members = await one(`select count(*) as n from public.customers
                                where created_at < ${END} and not coalesce(forgotten_at < ${END}, false)`);
    expect(members).toBe(14);
    expect(r.members).toBe(members);
    expect(r.villagePopulation).toBe(1200);
    expect(r.membersPercentOfVillage).toBe(Math.round((members * 1000) / 1200) / 10);
    const newMembers = await one(`select count(*) as n from public.customers where created_at >= ${START} and created_at < ${END}`);
    expect(newMembers).toBe(7);
    expect(r.newMembers).toBe(withheld(newMembers));

    const active = await one(`select count(distinct v.customer_id) as n ${monthVisits}`);
    expect(r.activeMembers).toBe(withheld(active));
    const returning = await one(`select count(distinct v.customer_id) as n ${monthVisits}
                                   and v.customer_id in (select customer_id from public.visits where status = 'approved' and created_at < ${START})`);
    expect(r.returningMembers).toBe(withheld(returning));
    const visits = await one(`select count(*) as n ${monthVisits}`);
    expect(r.visits).toBe(withheld(visits, active));
    // A repeat visit: not the member's first approved visit at that business, by row number.
    const repeat = await one(`
      select count(*) as n from (
        select v.created_at, row_number() over (partition by v.customer_id, v.location_id order by v.created_at, v.id) as k
          from public.visits v where v.status = 'approved') x
       where x.k > 1 and x.created_at >= ${START} and x.created_at < ${END}`);
    expect(repeat).toBe(6 + 2);
    expect(r.repeatVisits).toBe(withheld(repeat));

    const businessesPerMember = await sql.unsafe<{ n: string }[]>(`select count(distinct v.location_id) as n ${monthVisits} group by v.customer_id`);
    const two = businessesPerMember.filter((m) => Number(m.n) >= 2).length;
    const three = businessesPerMember.filter((m) => Number(m.n) >= 3).length;
    expect([two, three]).toEqual([6, 3]);
    expect(r.crossShopping).toEqual({ twoOrMore: two, threeOrMore: three, twoOrMorePercent: Math.round((two * 1000) / active) / 10 });

    // First visits: the member's earliest approved visit at a business falls in the month; "from
    // another business": they had an approved visit elsewhere before it.
    const firsts = await sql.unsafe<{ location_id: string; n: string; from_other: string }[]>(`
      with first_ever as (
        select distinct on (v.customer_id, v.location_id) v.customer_id, v.location_id, v.created_at
          from public.visits v where v.status = 'approved' order by v.customer_id, v.location_id, v.created_at)
      select f.location_id, count(*) as n,
             count(*) filter (where (select min(o.created_at) from public.visits o
                                      where o.customer_id = f.customer_id and o.status = 'approved' and o.location_id <> f.location_id) < f.created_at) as from_other
        from first_ever f where f.created_at >= ${START} and f.created_at < ${END} group by f.location_id`);
    const fromOther = firsts.reduce((s, f) => s + Number(f.from_other), 0);
    expect(fromOther).toBe(6 + 3);
    expect(r.firstVisitsFromOtherBusinesses).toBe(withheld(fromOther));
    const perBusiness = await sql.unsafe<{ location_id: string; visits: string; members: string }[]>(
      `select v.location_id, count(*) as visits, count(distinct v.customer_id) as members ${monthVisits} group by v.location_id`);
    for (const b of r.businesses) {
      const raw = perBusiness.find((p) => p.location_id === b.locationId);
      const f = firsts.find((x) => x.location_id === b.locationId);
      expect([b.locationId, b.visits, b.members, b.firstVisits, b.firstVisitsFromOtherBusinesses]).toEqual([
        b.locationId, withheld(Number(raw?.visits ?? 0), Number(raw?.members ?? 0)), withheld(Number(raw?.members ?? 0)),
        withheld(Number(f?.n ?? 0)), withheld(Number(f?.from_other ?? 0))]);
    }
    // The business only one member visited shows none of it.
    expect(r.businesses.find((b) => b.locationId === locations[3])).toMatchObject({ visits: null, members: null, firstVisits: null });

    const redeemed = await sql.unsafe<{ kind: string; n: string; redeemers: string; cents: string }[]>(`
      select r.kind, count(*) as n, count(distinct cr.customer_id) as redeemers,
             sum(case r.kind when 'tier' then t.reward_value_cents when 'prize' then r.value_cents else 0 end) as cents
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id left join public.tiers t on t.name = r.tier
       where cr.redeemed_at >= ${START} and cr.redeemed_at < ${END} group by r.kind`);
    const kind = (k: string) => Number(redeemed.find((x) => x.kind === k)?.n ?? 0);
    const total = redeemed.reduce((s, x) => s + Number(x.n), 0);
    expect([kind('welcome'), kind('tier'), kind('prize'), total]).toEqual([4, 3, 1, 8]);
    // Rewards that expired unused in the month (docs/RULES.md "Reward expiry"; none in this month).
    const [expired] = await sql.unsafe<{ n: string; members: string }[]>(`
      select count(*) as n, count(distinct cr.customer_id) as members from public.customer_rewards cr
       where cr.status = 'expired' and cr.expired_at >= ${START} and cr.expired_at < ${END}`);
    expect(r.rewards).toEqual({
      redeemed: withheld(total), welcome: withheld(kind('welcome')), tier: withheld(kind('tier')), prize: kind('prize'),
      valueCents: redeemed.reduce((s, x) => s + Number(x.cents), 0),
      expired: withheld(Number(expired!.n), Number(expired!.members)),
    });
    expect(r.rewards.valueCents).toBe(3 * 500 + 2500);

    // Settlement: three Silver rewards earned at a honoured at c, the prize earned with a honoured at b.
    const cross = await sql.unsafe<{ n: string; cents: string }[]>(`
      select count(*) as n, coalesce(sum(case r.kind when 'tier' then t.reward_value_cents when 'prize' then r.value_cents else 0 end), 0) as cents
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id left join public.tiers t on t.name = r.tier
       where cr.redeemed_at >= ${START} and cr.redeemed_at < ${END}
         and coalesce(cr.welcome_location_id, case when r.kind = 'prize' then r.location_id end,
                      (select v.location_id from public.visits v where v.id = cr.unlocked_by_visit_id)) <> cr.redeemed_location_id`);
    expect(r.settlement).toEqual({
      redemptions: total, crossBusiness: Number(cross[0]!.n), crossBusinessCents: Number(cross[0]!.cents),
      transfers: 2, transfersCents: 1500 + 2500,
    });

    const sent = await sql.unsafe<{ n: string; members: string }[]>(`
      select count(*) as n, count(distinct customer_id) as members from private.texts where sent_at >= ${START} and sent_at < ${END}`);
    const optOuts = await one(`select count(distinct customer_id) as n from public.consents
                                where channel = 'sms' and not granted and created_at >= ${START} and created_at < ${END}`);
    expect([Number(sent[0]!.n), optOuts]).toEqual([5, 3]);
    expect(r.texts).toEqual({ sent: withheld(Number(sent[0]!.n), Number(sent[0]!.members)), optOuts: withheld(optOuts) });

    const entrants = await one(`select count(*) as n from private.draw_entries e join private.draws d on d.id = e.draw_id where d.month = '${MONTH}'`);
    expect(entrants).toBe(6);
    expect(r.draw).toMatchObject({ status: 'drawn', entrants, winnerDrawn: true, prizeRedeemed: false });
  });

  it('withholds the figures of a month with one or two members, and is for admins only', async () => {
    const id = await customer('2021-07-02T15:00:00Z');
    await visit(id, locations[0]!, '2021-07-03T15:00:00Z');
    const [row] = await actAs(sql, adminClaims(), (tx) => tx<{ r: Report }[]>`select app.admin_funder_report('2021-07') as r`);
    expect(row!.r).toMatchObject({ newMembers: null, activeMembers: null, visits: null, draw: null });
    expect(row!.r.members).toBe(15);
    const member = await createAuthUser(sql, { phone: '13125557777' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.admin_funder_report(${MONTH})`)).rejects.toMatchObject({ code: 'LY403' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.admin_set_village_population(5)`)).rejects.toMatchObject({ code: 'LY403' });
    await expect(tryAs(sql, adminClaims(), (tx) => tx`select app.admin_set_village_population(0)`)).rejects.toMatchObject({ code: 'LY400' });
    const [audit] = await sql`select action, after from private.audit_log where action = 'settings.village_population' order by id desc limit 1`;
    expect(audit).toEqual({ action: 'settings.village_population', after: { villagePopulation: 1200 } });
  });
});
