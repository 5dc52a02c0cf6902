// "Bring a neighbour" on real Postgres (97_referrals.sql, docs/RULES.md "Referrals"): every member
// has a short code; a neighbour who joins with it and makes their first approved visit earns both a
// bonus the operator sets (off by default) as ledger events, once per neighbour, never for a phone
// that was a member before (forgotten and rejoined included) or for the referrer themselves, capped
// per referrer per month, flagged beside velocity; a void takes it back as it takes back a welcome
// reward; forgetting a member removes their code and every link to them.
import type { Sql } from '../../dev/db.ts';
import { brokenInvariants, SOUND } from '../fuzz/invariants.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  adminClaims,
  anonClaims,
  approveVisit,
  createAuthUser,
  createMember,
  createStaff,
  disableVisitLimits,
  nextPhone,
  outcome,
  voidVisit,
  type Claims,
  type Member,
  type Staff,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let staff: Staff;
let otherStaff: Staff;

interface Joined {
  customerId: string;
  phone: string;
  referral: 'accepted' | 'invalid' | null;
}

async function join(
  code: string | null,
  options: { phone?: string; email?: string; as?: Claims } = {},
): Promise<Joined> {
  const phone = options.phone ?? nextPhone();
  const [row] = await actAs(
    sql,
    options.as ?? anonClaims,
    (tx) => tx<{ result: { customer: { id: string }; referral: Joined['referral'] } }[]>`
    select app.create_customer_with_referral('Neighbour', ${phone}, ${options.email ?? null}, false, false, null, null, ${code}) as result`,
  );
  return { customerId: row!.result.customer.id, phone, referral: row!.result.referral };
}

const codeOf = async (customerId: string) =>
  (
    await sql<
      { code: string }[]
    >`select code from private.referral_codes where customer_id = ${customerId}`
  )[0]?.code;
const referralOf = async (customerId: string) =>
  (
    await sql<
      {
        status: string;
        reason: string | null;
        referrer_id: string | null;
        bonus_points: number | null;
      }[]
    >`
    select status, reason, referrer_id, bonus_points from private.referrals where referred_id = ${customerId}`
  )[0];
const bonusEvents = (customerId: string) =>
  sql<{ event: string; points: number; visit_id: string }[]>`
    select event, points, visit_id from public.points_ledger
     where customer_id = ${customerId} and event like 'referral%' order by id`;
const points = async (customerId: string) =>
  (
    await sql<{ total_points: number; ledger: number }[]>`
    select c.total_points, (select coalesce(sum(points), 0)::int from public.points_ledger l where l.customer_id = c.id) as ledger
      from public.customers c where c.id = ${customerId}`
  )[0]!;
const visit = (customerId: string, by: Staff = staff) =>
  approveVisit(sql, by.claims, `customer:${customerId}`);
const settings = (bonus: number, cap = 5, flag = 5) =>
  sql`update private.referral_settings set bonus_points = ${bonus}, bonuses_per_month = ${cap}, flag_joins_per_day = ${flag}`;

async function referrer(): Promise<Member & { code: string }> {
  const member = await createMember(sql, 'Referrer');
  return { ...member, code: (await codeOf(member.customerId))! };
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 6 });
  sql = db.sql;
  await disableVisitLimits(sql);
  staff = await createStaff(sql, 'creamery');
  otherStaff = await createStaff(sql, 'joanies');
});

afterAll(async () => {
  await db?.drop();
});

describe('bring a neighbour', { timeout: 120_000 }, () => {
  it('gives every member a short, unambiguous, unique code that the member reads and anyone can check', async () => {
    const a = await referrer();
    const b = await referrer();
    expect(a.code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    expect(a.code).not.toBe(b.code);
    expect(a.code.toLowerCase()).not.toContain(a.customerId.slice(0, 6));
    const [mine] = await actAs(
      sql,
      a.claims,
      (tx) => tx<{ r: Record<string, unknown> }[]>`select app.my_referral() as r`,
    );
    expect(mine!.r).toEqual({
      code: a.code,
      path: `/join?ref=${a.code}`,
      joined: 0,
      rewarded: 0,
      bonusPoints: 0,
    });
    const check = async (code: string) =>
      (
        await actAs(
          sql,
          anonClaims,
          (tx) =>
            tx<
              { r: { valid: boolean; bonusPoints: number } }[]
            >`select app.check_referral_code(${code}) as r`,
        )
      )[0]!.r.valid;
    expect(await check(a.code)).toBe(true);
    expect(await check(` ${a.code.slice(0, 3).toLowerCase()}-${a.code.slice(3)} `)).toBe(true);
    expect(await check('AAAAA1')).toBe(false);
    expect(await check('x'.repeat(200))).toBe(false);
  });

  it('records a referral at join; an unknown code is said and never stops the sign-up', async () => {
    const a = await referrer();
    const n = await join(a.code.toLowerCase());
    expect(n.referral).toBe('accepted');
    expect(await referralOf(n.customerId)).toMatchObject({
      status: 'pending',
      referrer_id: a.customerId,
    });
    const stranger = await join('ZZZZZZ');
    expect(stranger.referral).toBe('invalid');
    expect(await referralOf(stranger.customerId)).toBeUndefined();
    expect(
      (await sql`select 1 from public.customers where id = ${stranger.customerId}`).length,
    ).toBe(1);
    expect((await join(null)).referral).toBeNull();
    expect((await join('')).referral).toBeNull();
  });

  it('pays nothing while the bonus is off (the default), and closes the referral at the first visit', async () => {
    await settings(0);
    const a = await referrer();
    const n = await join(a.code);
    expect((await visit(n.customerId)).referralBonus).toBe(0);
    expect(await referralOf(n.customerId)).toMatchObject({
      status: 'not_rewarded',
      reason: 'bonus_off',
    });
    expect(await bonusEvents(n.customerId)).toEqual([]);
    expect(await bonusEvents(a.customerId)).toEqual([]);
  });

  it('pays both at the first approved visit, once, with tiers following', async () => {
    await settings(10);
    const a = await referrer();
    const n = await join(a.code);
    const first = await visit(n.customerId);
    // 5 for the visit + 10 bonus: Silver (10) unlocks in the approval itself.
    expect(first.totalPoints).toBe(15);
    // The counter's answer says so: the bonus in the total, beside the visit's own points.
    expect(first).toMatchObject({ pointsEarned: 5, referralBonus: 10 });
    expect(first.unlockedRewards.map((r) => r.name)).toContain('$5 Off Any Business');
    expect(await bonusEvents(n.customerId)).toEqual([
      { event: 'referral_bonus', points: 10, visit_id: first.visitId },
    ]);
    expect(await bonusEvents(a.customerId)).toEqual([
      { event: 'referral_bonus', points: 10, visit_id: first.visitId },
    ]);
    expect(await points(a.customerId)).toEqual({ total_points: 10, ledger: 10 });
    const [silver] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = ${a.customerId} and r.tier = 'Silver' and cr.status = 'unlocked'`;
    expect(silver!.n).toBe(1);
    expect(await visit(n.customerId, otherStaff)).toMatchObject({
      totalPoints: 20,
      referralBonus: 0,
    });
    expect((await bonusEvents(n.customerId)).length).toBe(1);
    expect((await bonusEvents(a.customerId)).length).toBe(1);
    expect(await points(n.customerId)).toEqual({ total_points: 20, ledger: 20 });
    const [mine] = await actAs(
      sql,
      a.claims,
      (tx) => tx<{ r: Record<string, unknown> }[]>`select app.my_referral() as r`,
    );
    expect(mine!.r).toMatchObject({ joined: 1, rewarded: 1, bonusPoints: 10 });
  });

  it('never pays for a phone that was a member before: forgotten and rejoined, or a number a member left', async () => {
    await settings(10);
    const a = await referrer();
    const old = await join(null);
    await actAs(
      sql,
      adminClaims(),
      (tx) => tx`select app.admin_forget_customer(${old.customerId}, 'Asked to be forgotten')`,
    );
    const back = await join(a.code, { phone: old.phone });
    // The answer does not tell whoever typed the phone that it was a member before.
    expect(back.referral).toBe('accepted');
    expect(await referralOf(back.customerId)).toMatchObject({
      status: 'ineligible',
      reason: 'returning_phone',
    });
    await visit(back.customerId);
    expect(await bonusEvents(back.customerId)).toEqual([]);
    expect(await bonusEvents(a.customerId)).toEqual([]);

    const mover = await join(null);
    await sql`update public.customers set phone = ${`+1${nextPhone()}`} where id = ${mover.customerId}`;
    const taker = await join(a.code, { phone: mover.phone });
    expect(await referralOf(taker.customerId)).toMatchObject({
      status: 'ineligible',
      reason: 'returning_phone',
    });
    // Nothing in the table holds a phone.
    const [stored] = await sql<{ n: number }[]>`
      select count(*)::int as n from private.member_phone_fingerprints where encode(fingerprint, 'escape') like ${`%${old.phone}%`}`;
    expect(stored!.n).toBe(0);
  });

  it('never pays the referrer for themselves: their own session, phone claim or email', async () => {
    await settings(10);
    const a = await referrer();
    const selfJoin = await join(a.code, { as: a.claims });
    expect(await referralOf(selfJoin.customerId)).toMatchObject({
      status: 'ineligible',
      reason: 'same_person',
    });
    await sql`update public.customers set email = 'ref@example.com' where id = ${a.customerId}`;
    const sameEmail = await join(a.code, { email: 'REF@example.com' });
    expect(await referralOf(sameEmail.customerId)).toMatchObject({
      status: 'ineligible',
      reason: 'same_person',
    });
    await visit(sameEmail.customerId);
    expect(await bonusEvents(a.customerId)).toEqual([]);
  });

  it('holds once per neighbour in constraints', async () => {
    const a = await referrer();
    const b = await referrer();
    const n = await join(a.code);
    expect(
      await outcome(
        sql`insert into private.referrals (referred_id, referrer_id) values (${n.customerId}, ${b.customerId})`,
      ),
    ).toBe('23505');
    await settings(10);
    const v = await visit(n.customerId);
    expect(
      await outcome(sql`insert into public.points_ledger (customer_id, event, points, visit_id)
                             values (${n.customerId}, 'referral_bonus', 10, ${v.visitId})`),
    ).toBe('23505');
  });

  it('awards once when two counters approve the neighbour at the same moment', async () => {
    await settings(10, 0);
    for (let round = 0; round < 3; round += 1) {
      const a = await referrer();
      const n = await join(a.code);
      const results = await Promise.allSettled([
        visit(n.customerId, staff),
        visit(n.customerId, otherStaff),
      ]);
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect((await bonusEvents(n.customerId)).length).toBe(1);
      expect((await bonusEvents(a.customerId)).length).toBe(1);
      expect(await points(n.customerId)).toEqual({ total_points: 20, ledger: 20 });
    }
  });

  it('caps bonuses per referrer per month, also when their neighbours are approved at once', async () => {
    await settings(10, 2, 0);
    const a = await referrer();
    const neighbours = await Promise.all([join(a.code), join(a.code), join(a.code), join(a.code)]);
    await Promise.all(neighbours.map((n, i) => visit(n.customerId, i % 2 ? staff : otherStaff)));
    const statuses = await sql<{ status: string; reason: string | null; n: number }[]>`
      select status, reason, count(*)::int as n from private.referrals where referrer_id = ${a.customerId}
       group by 1, 2 order by 1`;
    expect(statuses).toEqual([
      { status: 'not_rewarded', reason: 'monthly_cap', n: 2 },
      { status: 'rewarded', reason: null, n: 2 },
    ]);
    expect((await bonusEvents(a.customerId)).length).toBe(2);
    expect(await points(a.customerId)).toEqual({ total_points: 20, ledger: 20 });
  });

  it('pays nothing when the referrer is suspended by the time of the first visit', async () => {
    await settings(10, 0);
    const a = await referrer();
    const n = await join(a.code);
    await sql`update public.customers set suspended_at = now(), suspension_reason = 'Checking' where id = ${a.customerId}`;
    await visit(n.customerId);
    expect(await referralOf(n.customerId)).toMatchObject({
      status: 'not_rewarded',
      reason: 'referrer_inactive',
    });
    expect(await bonusEvents(n.customerId)).toEqual([]);
  });

  it('flags a referrer with many neighbours in one day beside the velocity flags; admins dismiss it', async () => {
    await settings(0, 5, 3);
    const a = await referrer();
    await join(a.code);
    await join(a.code);
    expect(
      (await sql`select 1 from private.referral_flags where customer_id = ${a.customerId}`).length,
    ).toBe(0);
    await join(a.code);
    await join(a.code);
    const [flags] = await actAs(
      sql,
      adminClaims(),
      (tx) => tx<{ r: { kind: string; customerId: string; joins: number; id: string }[] }[]>`
      select app.admin_velocity_flags() as r`,
    );
    const flag = flags!.r.find((f) => f.kind === 'referrals' && f.customerId === a.customerId);
    expect(flag).toMatchObject({ kind: 'referrals', joins: 4 });
    await actAs(sql, adminClaims(), (tx) => tx`select app.dismiss_velocity_flag(${flag!.id})`);
    const [open] = await actAs(
      sql,
      adminClaims(),
      (tx) => tx<{ r: { id: string }[] }[]>`select app.admin_velocity_flags() as r`,
    );
    expect(open!.r.some((f) => f.id === flag!.id)).toBe(false);
  });

  it('a void of the only approved visit takes the bonus back from both; the next first visit earns it again', async () => {
    await settings(10, 0);
    const a = await referrer();
    const n = await join(a.code);
    const first = await visit(n.customerId);
    const voided = await voidVisit(sql, first.visitId, 'Card shared');
    expect(voided.totalPoints).toBe(0);
    expect(await bonusEvents(n.customerId)).toEqual([
      { event: 'referral_bonus', points: 10, visit_id: first.visitId },
      { event: 'referral_bonus_voided', points: -10, visit_id: first.visitId },
    ]);
    expect((await bonusEvents(a.customerId)).map((e) => e.points)).toEqual([10, -10]);
    expect(await points(a.customerId)).toEqual({ total_points: 0, ledger: 0 });
    // The referrer's Silver reward, earned by the bonus alone, is taken back too.
    const [silver] = await sql<{ status: string }[]>`
      select cr.status from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = ${a.customerId} and r.tier = 'Silver'`;
    expect(silver!.status).toBe('revoked');
    expect(await referralOf(n.customerId)).toMatchObject({ status: 'pending' });
    const again = await visit(n.customerId);
    expect(again).toMatchObject({ totalPoints: 15, referralBonus: 10 });
    expect((await bonusEvents(n.customerId)).at(-1)).toEqual({
      event: 'referral_bonus',
      points: 10,
      visit_id: again.visitId,
    });
    expect(await points(a.customerId)).toEqual({ total_points: 10, ledger: 10 });
  });

  it('a void leaves the bonus standing while another approved visit of the neighbour stands', async () => {
    await settings(10, 0);
    const a = await referrer();
    const n = await join(a.code);
    const first = await visit(n.customerId);
    await visit(n.customerId, otherStaff);
    await voidVisit(sql, first.visitId, 'Scanned twice');
    expect((await bonusEvents(n.customerId)).map((e) => e.event)).toEqual(['referral_bonus']);
    expect(await referralOf(n.customerId)).toMatchObject({ status: 'rewarded' });
  });

  it('forgetting a member removes their code and every referral link to them', async () => {
    const a = await referrer();
    const n1 = await join(a.code);
    const b = await referrer();
    const n2 = await join(b.code);
    await actAs(
      sql,
      adminClaims(),
      (tx) => tx`select app.admin_forget_customer(${a.customerId}, 'Asked to be forgotten')`,
    );
    expect(await codeOf(a.customerId)).toBeUndefined();
    expect(await referralOf(n1.customerId)).toMatchObject({ referrer_id: null });
    expect((await join(a.code)).referral).toBe('invalid');
    await actAs(
      sql,
      adminClaims(),
      (tx) => tx`select app.admin_forget_customer(${n2.customerId}, 'Asked to be forgotten')`,
    );
    expect(await referralOf(n2.customerId)).toMatchObject({ referrer_id: null });
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from private.referrals where referrer_id in (${a.customerId}, ${n2.customerId})
                                                        or (referred_id = ${n2.customerId} and referrer_id is not null)`;
    expect(left!.n).toBe(0);
  });

  it('the operator sets the bonus, cap and flag in one audited change; nobody else can', async () => {
    const update = (claims: Claims, bonus: number) =>
      actAs(
        sql,
        claims,
        (tx) =>
          tx<
            { r: Record<string, number> }[]
          >`select app.admin_update_referral_settings(${bonus}, 3, 4) as r`,
      );
    const member = await createAuthUser(sql, { phone: `1${nextPhone()}` });
    expect(await outcome(update(member.claims, 25))).toBe('LY403');
    expect(await outcome(update(adminClaims(), 5000))).toBe('LY400');
    await sql`update private.referral_settings set bonus_points = 0, bonuses_per_month = 5, flag_joins_per_day = 5`;
    const [saved] = await update(adminClaims(), 25);
    expect(saved!.r).toEqual({ bonusPoints: 25, bonusesPerMonth: 3, flagJoinsPerDay: 4 });
    await update(adminClaims(), 25);
    const audits = await sql<{ before: unknown; after: unknown }[]>`
      select before, after from private.audit_log where action = 'settings.referrals' order by id`;
    expect(audits).toEqual([
      {
        before: { bonusPoints: 0, bonusesPerMonth: 5, flagJoinsPerDay: 5 },
        after: { bonusPoints: 25, bonusesPerMonth: 3, flagJoinsPerDay: 4 },
      },
    ]);
  });

  it("leaves the programme's invariants whole: totals equal the ledger, visits plus adjustments plus bonuses", async () => {
    expect(await brokenInvariants(sql)).toEqual(SOUND);
  });
});
