// The ledger, idempotency keys, voids and the abuse limits under parallel requests on separate
// connections (real Postgres).
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  adminClaims,
  approveVisit,
  createKiosk,
  createMember,
  createStaff,
  enrolKiosk,
  outcome,
  redeemReward,
  setEnrolmentCode,
  setVisitLimits,
  startCheckin,
  voidVisit,
  type Member,
  type ApprovedVisit,
} from '../support/factories.ts';

const LOCATIONS = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'] as const;

let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 22 });
  sql = db.sql;
});

afterAll(async () => {
  await db?.drop();
});

beforeEach(async () => {
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0, velocityVisits: 5 });
});

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

async function ledgerOf(customerId: string) {
  return sql<{ event: string; points: number }[]>`
    select event, points from public.points_ledger where customer_id = ${customerId} order by id`;
}

async function totals(customerId: string) {
  const [row] = await sql<{ points: number; ledger: number; visits: number }[]>`
    select c.total_points as points,
           (select coalesce(sum(l.points), 0)::int from public.points_ledger l where l.customer_id = c.id) as ledger,
           (select count(*)::int from public.visits v where v.customer_id = c.id and v.status = 'approved') as visits
      from public.customers c where c.id = ${customerId}`;
  return row!;
}

describe('idempotency keys under parallel retries', () => {
  it('20 parallel approvals of a member card with one key: one award and 20 identical answers', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'creamery');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        approveVisit(sql, staff.claims, `customer:${member.customerId}`, { idempotencyKey: 'counter-retry-0001' }),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ pointsEarned: 5, totalPoints: 5, locationId: 'creamery' });
    expect(await totals(member.customerId)).toEqual({ points: 5, ledger: 5, visits: 1 });
    expect((await ledgerOf(member.customerId)).map((e) => e.event)).toEqual(['visit_approved', 'reward_unlocked']);
  });

  it('20 parallel approvals of one kiosk check-in with one key: one award, 20 identical answers, no 409', async () => {
    await setEnrolmentCode(sql, 'museum', 'museum kiosk code');
    const kiosk = await createKiosk(sql, 'museum');
    await enrolKiosk(sql, kiosk, 'museum kiosk code');
    const member = await createMember(sql);
    const { token } = await startCheckin(sql, kiosk.claims, 'museum', { phone: member.phone });
    const outcomes: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        approveVisit(sql, kiosk.claims, token, { idempotencyKey: 'offline-queue-item-17' }).catch((error: { code?: string }) => {
          outcomes.push(error.code ?? String(error));
          return null;
        }),
      ),
    );
    expect(outcomes).toEqual([]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((answers[0] as ApprovedVisit).redeemableRewards).toEqual([]);
    expect(await totals(member.customerId)).toEqual({ points: 5, ledger: 5, visits: 1 });
  });

  it('without a key the same 20 parallel scans of one token award once and the rest are 409', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'joanies');
    const { token } = await startCheckin(sql, member.claims, 'joanies');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcome(approveVisit(sql, staff.claims, token))));
    expect(tally(outcomes)).toEqual({ ok: 1, LY409: 19 });
  });

  it('20 parallel redemptions with one key: one redemption event and 20 identical answers', async () => {
    const member = await createMember(sql);
    const staff = await createStaff(sql, 'snackco');
    const visit = await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const rewardId = visit.redeemableRewards[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeemReward(sql, staff.claims, rewardId, undefined, 'redeem-retry-0001')),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.customerReward).toMatchObject({ id: rewardId, status: 'redeemed' });
    expect((await ledgerOf(member.customerId)).filter((e) => e.event === 'reward_redeemed')).toHaveLength(1);
  });

  it('one key used for two different requests at once: one runs, the other is 422', async () => {
    const member = await createMember(sql);
    const admin = adminClaims();
    const outcomes = await Promise.all(
      ['creamery', 'museum'].map((at) =>
        outcome(approveVisit(sql, admin, `customer:${member.customerId}`, { locationId: at, idempotencyKey: `mixed-${member.customerId}` })),
      ),
    );
    expect(outcomes.sort()).toEqual(['LY422', 'ok']);
    expect(await totals(member.customerId)).toEqual({ points: 5, ledger: 5, visits: 1 });
  });
});

describe('the abuse limits under parallel approvals', () => {
  it('approves exactly one of six simultaneous visits at six businesses within a minute (1 minute apart anywhere)', async () => {
    await setVisitLimits(sql, { anywhereSeconds: 60 });
    const member = await createMember(sql);
    const staff = await Promise.all(LOCATIONS.map((l) => createStaff(sql, l)));
    const outcomes = await Promise.all(staff.map((s) => outcome(approveVisit(sql, s.claims, `customer:${member.customerId}`))));
    expect(tally(outcomes)).toEqual({ ok: 1, LY429: 5 });
    expect(await totals(member.customerId)).toEqual({ points: 5, ledger: 5, visits: 1 });
  });

  it('approves exactly four of six simultaneous visits in an hour (4 per hour across the village)', async () => {
    await setVisitLimits(sql, { perHour: 4 });
    const member = await createMember(sql);
    const staff = await Promise.all(LOCATIONS.map((l) => createStaff(sql, l)));
    const outcomes = await Promise.all(staff.map((s) => outcome(approveVisit(sql, s.claims, `customer:${member.customerId}`))));
    expect(tally(outcomes)).toEqual({ ok: 4, LY429: 2 });
    expect(await totals(member.customerId)).toEqual({ points: 20, ledger: 20, visits: 4 });
  });

  it('raises one velocity flag for a member whose fifth to eighth visits of the day land at once', async () => {
    const member = await createMember(sql);
    const staff = await Promise.all(LOCATIONS.map((l) => createStaff(sql, l)));
    await approveVisit(sql, staff[0]!.claims, `customer:${member.customerId}`);
    await approveVisit(sql, staff[1]!.claims, `customer:${member.customerId}`);
    const outcomes = await Promise.all(
      [2, 3, 4, 5, 2, 3].map((i) => outcome(approveVisit(sql, staff[i]!.claims, `customer:${member.customerId}`))),
    );
    expect(tally(outcomes)).toEqual({ ok: 6 });
    const flags = await sql`select customer_id from private.velocity_flags where customer_id = ${member.customerId}`;
    expect(flags).toHaveLength(1);
  });
});

describe('voids racing approvals and redemptions', () => {
  it('keeps stored points equal to the ledger and voids each visit once', async () => {
    const member = await createMember(sql);
    const staff = await Promise.all(LOCATIONS.map((l) => createStaff(sql, l)));
    const first = await Promise.all(staff.slice(0, 3).map((s) => approveVisit(sql, s.claims, `customer:${member.customerId}`)));
    const jobs: Promise<string>[] = [
      // every visit voided twice at once, while new visits are approved and rewards redeemed
      ...first.flatMap((v) => [1, 2].map(() => outcome(voidVisit(sql, v.visitId, 'Test fraud')))),
      ...staff.slice(3).map((s) => outcome(approveVisit(sql, s.claims, `customer:${member.customerId}`))),
      // each redeemed at the counter of the business whose visit unlocked it
      ...first.flatMap((v, i) => v.unlockedRewards.map((r) => outcome(redeemReward(sql, staff[i]!.claims, r.id)))),
    ];
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => !['ok', 'LY409'].includes(o))).toEqual([]);
    expect(outcomes.slice(0, 6).filter((o) => o === 'ok')).toHaveLength(3);
    const t = await totals(member.customerId);
    expect(t).toEqual({ points: 15, ledger: 15, visits: 3 });
    const [voided] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.points_ledger where customer_id = ${member.customerId} and event = 'visit_voided'`;
    expect(voided!.n).toBe(3);
  });
});

describe('a random mix of approvals, retries, redemptions, voids and adjustments at once', () => {
  it.each([3, 11, 99])('keeps every stored total equal to the ledger sum (seed %i)', async (seed) => {
    let state = seed;
    const pick = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const members: Member[] = await Promise.all([1, 2, 3].map((i) => createMember(sql, `Ledger ${seed}.${i}`)));
    const staff = await Promise.all(LOCATIONS.map((l) => createStaff(sql, l)));
    // Some history first, so that voids and redemptions have something to act on.
    for (const m of members) {
      for (const i of [0, 1, 2]) await approveVisit(sql, staff[i]!.claims, `customer:${m.customerId}`);
    }
    const visits = await sql<{ id: string }[]>`
      select id from public.visits where customer_id = any(${members.map((m) => m.customerId)}::uuid[]) order by id`;
    const rewards = await sql<{ id: string; customer_id: string }[]>`
      select id, customer_id from public.customer_rewards where customer_id = any(${members.map((m) => m.customerId)}::uuid[]) order by id`;
    const jobs: Promise<string>[] = [];
    for (let i = 0; i < 60; i += 1) {
      const m = members[pick(members.length)]!;
      const s = staff[pick(staff.length)]!;
      switch (pick(5)) {
        case 0:
          jobs.push(outcome(approveVisit(sql, s.claims, `customer:${m.customerId}`, { idempotencyKey: `mixed-key-${seed}-${pick(8)}` })));
          break;
        case 1:
          jobs.push(outcome(approveVisit(sql, s.claims, `customer:${m.customerId}`)));
          break;
        case 2: {
          const r = rewards[pick(rewards.length)]!;
          const owner = members.find((x) => x.customerId === r.customer_id)!;
          jobs.push(outcome(redeemReward(sql, pick(2) ? owner.claims : s.claims, r.id)));
          break;
        }
        case 3:
          jobs.push(outcome(voidVisit(sql, visits[pick(visits.length)]!.id, 'Mix void')));
          break;
        default:
          jobs.push(
            outcome(
              (async () => {
                await sql.begin(async (tx) => {
                  await tx`select set_config('request.jwt.claims', ${JSON.stringify(adminClaims())}, true)`;
                  await tx.unsafe('set local role authenticated');
                  await tx`select app.adjust_points(${m.customerId}, ${pick(2) ? 5 : -5}, 'Mix adjustment')`;
                });
              })(),
            ),
          );
      }
    }
    const outcomes = await Promise.all(jobs);
    // LY422: the same key reused for another member or business; LY403: staff where a reward
    // is not valid; LY409: redeemed or voided already, or an adjustment below 0.
    expect(outcomes.filter((o) => !['ok', 'LY403', 'LY409', 'LY422'].includes(o))).toEqual([]);
    const broken = await sql`
      select c.id from public.customers c
       where c.total_points <> (select coalesce(sum(l.points), 0) from public.points_ledger l where l.customer_id = c.id)`;
    expect(broken).toEqual([]);
    const doubled = await sql`
      select customer_id, welcome_location_id from public.customer_rewards
       where status <> 'revoked' and welcome_location_id is not null group by 1, 2 having count(*) > 1`;
    expect(doubled).toEqual([]);
    const voidedTwice = await sql`
      select visit_id from public.points_ledger where event = 'visit_voided' group by 1 having count(*) > 1`;
    expect(voidedTwice).toEqual([]);
  });
});
