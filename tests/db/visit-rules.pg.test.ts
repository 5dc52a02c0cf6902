// The programme's invariants (docs/RULES.md, the invariants) on real Postgres, through the SQL functions, with
// parallel requests on separate connections where two callers can race.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  adminClaims,
  approveVisit,
  createKiosk,
  createMember,
  createStaff,
  outcome,
  setMinVisitInterval,
  setVisitLimits,
  startMobileCheckin,
  type Claims,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 24 });
  sql = db.sql;
});

afterAll(async () => {
  await db?.drop();
});

// These rules one at a time: only the per-business interval is on (the other limits have
// their own suite, tests/db/abuse-limits.pg.test.ts).
beforeEach(async () => {
  await setVisitLimits(sql, { perBusinessSeconds: 60 * 60, anywhereSeconds: 0, perHour: 0 });
});

const approve = (claims: Claims, token: string, demo = false) => approveVisit(sql, claims, token, { demoMode: demo });

async function pointsAndVisits(customerId: string) {
  const [row] = await sql`
    select c.total_points, (select count(*)::int from public.visits v where v.customer_id = c.id) as visits
      from public.customers c where c.id = ${customerId}`;
  return { points: row!.total_points as number, visits: row!.visits as number };
}

async function rewardNames(customerId: string) {
  const rows = await sql`
    select r.name from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
     where cr.customer_id = ${customerId} order by r.name`;
  return rows.map((r) => r.name as string);
}

describe('approving a visit', () => {
  it('awards 5 points and the business welcome reward on the first visit', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'creamery');
    const token = await startMobileCheckin(sql, member.claims, 'creamery');
    const result = await approve(staff.claims, token);
    expect(result).toMatchObject({ pointsEarned: 5, totalPoints: 5, locationId: 'creamery' });
    expect(result.unlockedRewards.map((r) => r.name)).toEqual(['Free Ice Cream Scoop']);
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 5, visits: 1 });
  });

  it('gives the welcome reward of a business only on the first visit there', async () => {
    await setMinVisitInterval(sql, 0);
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'joanies');
    await approve(staff.claims, await startMobileCheckin(sql, member.claims, 'joanies'));
    const second = await approve(staff.claims, await startMobileCheckin(sql, member.claims, 'joanies'));
    // 10 points: Silver, but no second welcome reward.
    expect(second.unlockedRewards.map((r) => r.name)).toEqual(['$5 Off Any Business']);
    expect(await rewardNames(member.customerId)).toEqual(['$5 Off Any Business', 'Free Garlic Bread']);
  });

  it('unlocks Silver at 10 points and Gold at 20, once each', async () => {
    await setMinVisitInterval(sql, 0);
    const member = await createMember(sql);
    const admin = adminClaims();
    const unlocked: string[][] = [];
    for (let i = 0; i < 5; i += 1) {
      // An admin's counter names its business (a phone token carries none).
      const token = await startMobileCheckin(sql, member.claims, 'museum');
      const r = await approveVisit(sql, admin, token, { locationId: 'museum' });
      unlocked.push(r.unlockedRewards.map((x) => x.name));
    }
    expect(unlocked).toEqual([['Free Admission'], ['$5 Off Any Business'], [], ['$10 Off Any Business'], []]);
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 25, visits: 5 });
  });

  it('refuses a used token (409), an expired one (410) and an unknown one (404)', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'museum');
    const used = await startMobileCheckin(sql, member.claims, 'museum');
    await approve(staff.claims, used);
    expect(await outcome(approve(staff.claims, used))).toBe('LY409');
    const expired = await startMobileCheckin(sql, member.claims, 'museum');
    await sql`update public.checkin_tokens set created_at = now() - interval '20 minutes', expires_at = now() - interval '5 minutes'
               where token_hash = sha256(convert_to(${expired}, 'UTF8'))`;
    expect(await outcome(approve(staff.claims, expired))).toBe('LY410');
    expect(await outcome(approve(staff.claims, 'f'.repeat(64)))).toBe('LY404');
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 5, visits: 1 });
  });

  it('issues tokens of at least 128 random bits that expire 15 minutes after issue', async () => {
    const member = await createMember(sql);
    const [row] = await actAs(sql, member.claims, (tx) => tx`select r ->> 'token' as token, (r ->> 'expiresAt')::timestamptz as expires_at, now() as now from app.start_checkin('creamery', null) r`);
    expect(row!.token).toMatch(/^[0-9a-f]{64}$/);
    expect((row!.expires_at as Date).getTime() - (row!.now as Date).getTime()).toBe(15 * 60 * 1000);
    const stored = await sql`select count(*)::int as n from public.checkin_tokens where token_hash = sha256(convert_to(${row!.token}, 'UTF8'))`;
    expect(stored[0]!.n).toBe(1);
  });

  it('lets a kiosk start check-ins and approve its own tokens only once enrolled, outside demo mode', async () => {
    const member = await createMember(sql);
    const kiosk = await createKiosk(sql, 'snackco');
    const otherKiosk = await createKiosk(sql, 'snackco');
    const start = (demo = false) =>
      actAs(sql, kiosk.claims, async (tx) => (await tx`select app.start_checkin('snackco', ${member.phone}) ->> 'token' as token`)[0]!.token as string, demo);
    expect(await outcome(start())).toBe('LY403');
    const token = await start(true);
    expect(await outcome(approve(otherKiosk.claims, token, true))).toBe('LY403');
    expect(await outcome(approve(kiosk.claims, token))).toBe('LY403');
    await actAs(sql, adminClaims(), (tx) => tx`select app.set_enrolment_code('snackco', 'sock monkey 42')`);
    expect(await outcome(actAs(sql, kiosk.claims, (tx) => tx`select app.enrol_kiosk('wrong code!')`))).toBe('LY403');
    await actAs(sql, kiosk.claims, (tx) => tx`select app.enrol_kiosk('sock monkey 42')`);
    expect(await outcome(approve(kiosk.claims, token))).toBe('ok');
    // A new code revokes the enrolment.
    await actAs(sql, adminClaims(), (tx) => tx`select app.set_enrolment_code('snackco', 'new code 1234')`);
    await setMinVisitInterval(sql, 0);
    expect(await outcome(approve(kiosk.claims, await start(true)))).toBe('LY403');
    expect(await outcome(approve(kiosk.claims, await start(true), true))).toBe('ok');
  });

  it('counts a phone check-in where the approving staff work, and lets staff approve member cards at their own', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'creamery');
    const elsewhere = await createStaff(sql, 'museum');
    // The member's phone names no business: the museum's counter decides.
    const token = await startMobileCheckin(sql, member.claims, 'creamery');
    expect(await approve(elsewhere.claims, token)).toMatchObject({ locationId: 'museum', totalPoints: 5 });
    const card = await approve(staff.claims, `customer:${member.customerId}`);
    expect(card).toMatchObject({ locationId: 'creamery', totalPoints: 10 });
    expect(await outcome(approve(member.claims, `customer:${member.customerId}`))).toBe('LY403');
  });

  it('answers 429 with the wait in seconds inside the minimum interval at one business', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'chatterbox');
    await approve(staff.claims, `customer:${member.customerId}`);
    const error = await approve(staff.claims, `customer:${member.customerId}`).catch((e: { code: string; hint: string }) => e);
    expect(error).toMatchObject({ code: 'LY429' });
    const wait = Number((error as { hint: string }).hint);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
  });
});

describe('signing up and redeeming', () => {
  it('keeps one customer per phone, whatever its punctuation', async () => {
    const member = await createMember(sql);
    const formatted = `(${member.phone.slice(0, 3)}) ${member.phone.slice(3, 6)}-${member.phone.slice(6)}`;
    const again = actAs(sql, { role: 'anon' }, (tx) => tx`select app.create_customer('Twin', ${formatted})`);
    expect(await outcome(again)).toBe('LY409');
    expect(await outcome(actAs(sql, { role: 'anon' }, (tx) => tx`select app.create_customer('Bad', '555-12')`))).toBe('LY400');
  });

  it('lets staff redeem once where it is valid, hides it from other members, and sends the owner to the counter', async () => {
    const member = await createMember(sql);
    const other = await createMember(sql);
    const creamery = await createStaff(sql, 'creamery');
    const museum = await createStaff(sql, 'museum');
    await approve(creamery.claims, `customer:${member.customerId}`);
    const [welcome] = await sql`select cr.id from public.customer_rewards cr where cr.customer_id = ${member.customerId}`;
    const redeem = (claims: Claims) => actAs(sql, claims, (tx) => tx`select app.redeem_reward(${welcome!.id})`);
    expect(await outcome(redeem(other.claims))).toBe('LY404');
    expect(await outcome(redeem(museum.claims))).toBe('LY403');
    // A member redeems by showing a redemption code at a counter, never alone.
    expect(await outcome(redeem(member.claims))).toBe('LY403');
    expect(await outcome(redeem(creamery.claims))).toBe('ok');
    expect(await outcome(redeem(creamery.claims))).toBe('LY409');
  });
});

describe('races (parallel requests on separate connections)', () => {
  it('awards points once for 20 parallel approvals of one token', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'creamery');
    const token = await startMobileCheckin(sql, member.claims, 'creamery');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcome(approve(staff.claims, token))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'LY409')).toHaveLength(19);
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 5, visits: 1 });
  });

  it('unlocks the welcome reward once for parallel first visits at one business', async () => {
    await setMinVisitInterval(sql, 0);
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'broken-bridge');
    const tokens = await Promise.all(Array.from({ length: 8 }, () => startMobileCheckin(sql, member.claims, 'broken-bridge')));
    const outcomes = await Promise.all(tokens.map((t) => outcome(approve(staff.claims, t))));
    expect(outcomes.every((o) => o === 'ok')).toBe(true);
    expect(await rewardNames(member.customerId)).toEqual(['$10 Off Any Business', '$5 Off Any Business', 'Free Sweet Treat']);
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 40, visits: 8 });
  });

  it('approves one of two parallel visits inside the minimum interval; the other gets 429', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'snackco');
    const tokens = await Promise.all([1, 2].map(() => startMobileCheckin(sql, member.claims, 'snackco')));
    const outcomes = await Promise.all(tokens.map((t) => outcome(approve(staff.claims, t))));
    expect(outcomes.sort()).toEqual(['LY429', 'ok']);
    expect(await pointsAndVisits(member.customerId)).toEqual({ points: 5, visits: 1 });
  });

  it('creates one customer for 12 parallel sign-ups with one phone; the rest are 409', async () => {
    const phone = '3125550777';
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => outcome(actAs(sql, { role: 'anon' }, (tx) => tx`select app.create_customer(${`Racer ${i}`}, ${phone})`))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'LY409')).toHaveLength(11);
    const rows = await sql`select count(*)::int as n from public.customers where phone = ${'+1' + phone}`;
    expect(rows[0]!.n).toBe(1);
  });

  it('redeems a reward once for 12 parallel redemptions at its counter', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'joanies');
    await approve(staff.claims, `customer:${member.customerId}`);
    const [reward] = await sql`select id from public.customer_rewards where customer_id = ${member.customerId}`;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => outcome(actAs(sql, staff.claims, (tx) => tx`select app.redeem_reward(${reward!.id})`))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'LY409')).toHaveLength(11);
  });

  it('keeps points = 5 × visits and every reward once after a random mix of parallel approvals', async () => {
    await setMinVisitInterval(sql, 0);
    const members = await Promise.all([1, 2, 3, 4].map((i) => createMember(sql, `Mixer ${i}`)));
    const locations = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'];
    const staff = await Promise.all(locations.map((l) => createStaff(sql, l)));
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const jobs: Promise<string>[] = [];
    for (let i = 0; i < 40; i += 1) {
      const member = members[random(members.length)]!;
      const at = random(locations.length);
      const token = await startMobileCheckin(sql, member.claims, locations[at]!);
      const copies = 1 + random(3); // some tokens are scanned more than once at the same moment
      for (let c = 0; c < copies; c += 1) jobs.push(outcome(approve(staff[at]!.claims, token)));
    }
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(40);
    const broken = await sql`
      select c.id from public.customers c
       where c.total_points <> 5 * (select count(*) from public.visits v where v.customer_id = c.id)`;
    expect(broken).toEqual([]);
    const duplicates = await sql`select customer_id, reward_id from public.customer_rewards group by 1, 2 having count(*) > 1`;
    expect(duplicates).toEqual([]);
    const missingWelcome = await sql`
      select distinct v.customer_id, v.location_id from public.visits v
       where not exists (select 1 from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
                          where cr.customer_id = v.customer_id and r.kind = 'welcome' and r.location_id = v.location_id)`;
    expect(missingWelcome).toEqual([]);
  });
});
