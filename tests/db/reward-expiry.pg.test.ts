// Optional reward expiry on real Postgres (95_reward_expiry.sql): off by default (nothing expires);
// the operator's setting (validated, audited, never expiring held rewards at once); the warning text
// (once per reward, consent only, quiet hours, weekly cap) and the expiry itself (once, a ledger
// event) through the texts drain as it runs; a redemption racing the expiry (redeemed or expired,
// never both); every redemption path refusing a reward past its date; settlement and the funder
// report counting an expired reward as not redeemed.
import type { Sql } from '../../dev/db.ts';
import { REWARD_EXPIRY_WARNING_DAYS } from '../../supabase/functions/_shared/contract/account.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { drainTexts } from '../../supabase/functions/_shared/hooks/texts.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
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
  startRedemption,
  tryAs,
  type Tx,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let welcomeId: string;
const sent: { phone: string; body: string }[] = [];
const NOON = new Date('2030-06-15T17:00:00Z'); // noon in Chicago: outside quiet hours
const DAY = 86_400_000;
const EXPIRED = /^This reward expired on [A-Z][a-z]+ \d{1,2}, \d{4} and can no longer be used$/;

const drain = (at: Date) =>
  drainTexts({ db: createDb(sql, { demoMode: false }), sms: { send: async (phone: string, body: string) => { sent.push({ phone, body }); return { providerId: `SM${sent.length}` }; } },
               publicBaseUrl: 'http://127.0.0.1:54321/functions/v1' }, at);
const asAdmin = <T>(work: (tx: Tx) => Promise<T>) => actAs(sql, adminClaims(), work);
const setExpiry = (days: number | null) =>
  asAdmin((tx) => tx<{ r: { expiresAfterDays: number | null } }[]>`select app.admin_set_reward_expiry(${welcomeId}, ${days}) as r`);

let phone = 0;
/** A customer with the creamery's welcome reward unlocked at `unlockedAt` (its date from the trigger unless given). */
async function withReward(options: { consent: boolean; unlockedAt: Date; expiresAt?: Date }) {
  phone += 1;
  const number = `+1312558${String(1000 + phone)}`;
  const [c] = await sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel, sms_consent) values ('Expiry Member', ${number}, 'web', ${options.consent})
    returning id`;
  const [cr] = await sql<{ id: string }[]>`
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_at, expires_at)
    values (${c!.id}, ${welcomeId}, 'creamery', ${options.unlockedAt.toISOString()}, ${options.expiresAt?.toISOString() ?? null})
    returning id`;
  // The set-up's welcome and reward-ready texts are not this test's business.
  await sql`delete from private.texts where customer_id = ${c!.id}`;
  return { customerId: c!.id, customerRewardId: cr!.id, phone: number };
}

const rewardRow = async (id: string) =>
  (await sql<{ status: string; expires_at: Date | null; expired_at: Date | null; redeemed_at: Date | null }[]>`
    select status, expires_at, expired_at, redeemed_at from public.customer_rewards where id = ${id}`)[0]!;
const events = (customerRewardId: string) =>
  sql<{ event: string; actor_role: string; location_id: string | null }[]>`
    select event, actor_role, location_id from public.points_ledger where customer_reward_id = ${customerRewardId}
       and event in ('reward_redeemed', 'reward_expired') order by id`;
const warnings = (customerId: string) =>
  sql<{ body: string; status: string; event_key: string }[]>`
    select body, status, event_key from private.texts where customer_id = ${customerId} and event_key like 'expiring:%'`;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 14 });
  sql = db.sql;
  await sql`update private.settings set texts_quiet_start = '21:00', texts_quiet_end = '09:00', marketing_texts_per_week = 2`;
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0, velocityVisits: 50 });
  const [r] = await sql<{ id: string }[]>`select id from public.rewards where kind = 'welcome' and location_id = 'creamery' and retired_at is null`;
  welcomeId = r!.id;
});

afterAll(async () => {
  await db?.drop();
});

describe('reward expiry', { timeout: 120_000 }, () => {
  it('warns as many days ahead as the app says', async () => {
    const [w] = await sql<{ days: number }[]>`select extract(day from private.reward_expiry_warning())::int as days`;
    expect(w!.days).toBe(REWARD_EXPIRY_WARNING_DAYS);
  });

  it('is off by default: nothing gets a date, nothing expires, nobody is warned', async () => {
    const old = await withReward({ consent: true, unlockedAt: new Date(Date.now() - 400 * DAY) });
    const [catalogue] = await asAdmin((tx) => tx<{ r: { rewards: { id: string; expiresAfterDays: number | null }[] } }[]>`
      select app.admin_catalogue() as r`);
    expect(catalogue!.r.rewards.every((r) => r.expiresAfterDays === null)).toBe(true);
    const [run] = await sql<{ r: { expired: number; warned: number } }[]>`select app.expire_rewards(now() + interval '1000 days') as r`;
    expect(run!.r).toEqual({ expired: 0, warned: 0 });
    expect(await rewardRow(old.customerRewardId)).toMatchObject({ status: 'unlocked', expires_at: null });
  });

  it('is the operator\'s to set per reward, validated and audited; rewards already held start their clock at the change', async () => {
    const member = await createMember(sql, 'Not An Admin');
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.admin_set_reward_expiry(${welcomeId}, 30)`)).rejects.toMatchObject({ code: 'LY403' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.expire_rewards()`)).rejects.toMatchObject({ code: '42501' });
    for (const bad of [0, 366, -5]) {
      await expect(tryAs(sql, adminClaims(), (tx) => tx`select app.admin_set_reward_expiry(${welcomeId}, ${bad})`))
        .rejects.toMatchObject({ code: 'LY400', message: 'A reward can expire 1 to 365 days after it unlocks, or never' });
    }
    await expect(tryAs(sql, adminClaims(), (tx) => tx`select app.admin_set_reward_expiry(gen_random_uuid(), 30)`)).rejects.toMatchObject({ code: 'LY404' });

    const held = await withReward({ consent: false, unlockedAt: new Date(Date.now() - 400 * DAY) });
    const [on] = await setExpiry(30);
    expect(on!.r.expiresAfterDays).toBe(30);
    // Unlocked 400 days ago: not expired at once, but 30 days (to the end of that day) from the change.
    const [expected] = await sql<{ at: Date }[]>`select private.reward_expires_at(now(), 30) as at`;
    expect((await rewardRow(held.customerRewardId)).expires_at).toEqual(expected!.at);
    await sql`select app.expire_rewards()`;
    expect((await rewardRow(held.customerRewardId)).status).toBe('unlocked');

    // A new unlock: the end of the programme day 30 days after it (10 AM June 10 in Chicago → midnight starting July 11).
    const fresh = await withReward({ consent: false, unlockedAt: new Date('2030-06-10T15:00:00Z') });
    expect((await rewardRow(fresh.customerRewardId)).expires_at).toEqual(new Date('2030-07-11T05:00:00Z'));

    // Shortening never brings a date earlier; the audit log keeps before and after.
    await setExpiry(10);
    expect((await rewardRow(held.customerRewardId)).expires_at).toEqual(expected!.at);
    const [audit] = await sql<{ before: { expiresAfterDays: number }; after: { expiresAfterDays: number; heldRewardsChanged: number } }[]>`
      select before, after from private.audit_log where action = 'reward.expiry' and target_id = ${welcomeId} order by id desc limit 1`;
    expect(audit!.before.expiresAfterDays).toBe(30);
    expect(audit!.after).toMatchObject({ expiresAfterDays: 10, heldRewardsChanged: 0 });

    // Off: held rewards lose their dates; on again: they get N days from then.
    await setExpiry(null);
    expect((await rewardRow(held.customerRewardId)).expires_at).toBeNull();
    await setExpiry(30);
    expect((await rewardRow(held.customerRewardId)).expires_at).toEqual(expected!.at);
  });

  it('says the last day a reward can be used in its "reward is ready" text, and nothing for one that never expires', async () => {
    await setExpiry(30);
    const readyText = async (rewardId: string, location: string | null, number: string) => {
      const [c] = await sql<{ id: string }[]>`
        insert into public.customers (name, phone, signup_channel, sms_consent) values ('Ready Member', ${number}, 'web', true)
        returning id`;
      await sql`insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_at)
                values (${c!.id}, ${rewardId}, ${location}, '2030-06-10T15:00:00Z')`;
      const [t] = await sql<{ body: string }[]>`
        select body from private.texts where customer_id = ${c!.id} and kind in ('reward_ready', 'tier_reached')`;
      return t!.body;
    };
    // Unlocked 10 AM June 10 (Chicago) with 30 days: usable through July 10.
    expect(await readyText(welcomeId, 'creamery', '+13125587001')).toMatch(
      /^Village Rewards: Your reward is ready: "[^"]+" at Village Creamery \(use it by July 10, 2030\)\. Show your card at the counter: \S+\/account Reply STOP to opt out\.$/,
    );
    const [other] = await sql<{ id: string; location_id: string }[]>`
      select id, location_id from public.rewards where kind = 'welcome' and location_id <> 'creamery' and retired_at is null
       and expires_after_days is null order by location_id limit 1`;
    const body = await readyText(other!.id, other!.location_id, '+13125587002');
    expect(body).toMatch(/^Village Rewards: Your reward is ready: "[^"]+" at [^(]+\. Show your card at the counter: /);
    expect(body).not.toContain('use it by');
  });

  it('refuses a reward past its date at every path, before and after the run records it', async () => {
    const member = await createMember(sql, 'Late Member');
    const staff = await createStaff(sql, 'creamery');
    const kiosk = await createKiosk(sql, 'creamery');
    await setEnrolmentCode(sql, 'creamery', 'CREAM-EXPIRY-1');
    await enrolKiosk(sql, kiosk, 'CREAM-EXPIRY-1');
    const visit = await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const rewardId = visit.unlockedRewards[0]!.id;
    expect((await rewardRow(rewardId)).expires_at).not.toBeNull();
    const { code } = await startRedemption(sql, member.claims, rewardId);

    // In the app: the date, and the last day it can be used.
    const me = async () => (await actAs(sql, member.claims, (tx) => tx<{ r: { rewards: { id: string; status: string; expiresAt: string | null; expiresOn: string | null }[] } }[]>`
      select app.me() as r`))[0]!.r.rewards.find((r) => r.id === rewardId)!;
    expect(await me()).toMatchObject({ status: 'unlocked', expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });

    await sql`update public.customer_rewards set expires_at = now() - interval '1 minute' where id = ${rewardId}`;
    for (const recorded of [false, true]) {
      if (recorded) {
        await sql`select app.expire_rewards()`;
        expect(await rewardRow(rewardId)).toMatchObject({ status: 'expired', redeemed_at: null });
      }
      await expect(redeemReward(sql, staff.claims, rewardId)).rejects.toMatchObject({ code: 'LY409', message: expect.stringMatching(EXPIRED) as unknown });
      await expect(startRedemption(sql, member.claims, rewardId)).rejects.toMatchObject({ code: 'LY409', message: expect.stringMatching(EXPIRED) as unknown });
      await expect(actAs(sql, kiosk.claims, (tx) => tx`select app.check_redemption_code(${code}, null)`))
        .rejects.toMatchObject({ code: 'LY409', message: expect.stringMatching(EXPIRED) as unknown });
      await expect(actAs(sql, kiosk.claims, (tx) => tx`select app.redeem_with_code(${code}, null, null)`))
        .rejects.toMatchObject({ code: 'LY409', message: expect.stringMatching(EXPIRED) as unknown });
      const [list] = await actAs(sql, staff.claims, (tx) => tx<{ r: { redeemableRewards: { id: string }[] } }[]>`
        select app.redeemable_rewards(${member.customerId}, null) as r`);
      expect(list!.r.redeemableRewards.map((r) => r.id)).not.toContain(rewardId);
      expect(await me()).toMatchObject({ status: 'expired' });
    }
    expect((await events(rewardId)).map((e) => e.event)).toEqual(['reward_expired']);
    // A second run records nothing more.
    await sql`select app.expire_rewards()`;
    expect(await events(rewardId)).toEqual([{ event: 'reward_expired', actor_role: 'system', location_id: 'creamery' }]);
  });

  it('redeems or expires a reward, never both, when a redemption races the run', async () => {
    for (let round = 0; round < 6; round += 1) {
      const member = await createMember(sql, `Racing Member ${round}`);
      const staff = await createStaff(sql, 'creamery');
      const visit = await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
      const rewardId = visit.unlockedRewards[0]!.id;
      // Still redeemable now; due for a run whose clock is two hours ahead.
      await sql`update public.customer_rewards set expires_at = now() + interval '1 hour' where id = ${rewardId}`;
      const outcomes = await Promise.all([
        ...Array.from({ length: 6 }, () => outcome(redeemReward(sql, staff.claims, rewardId))),
        // Every other round the run starts a little later, so that both orders happen.
        ...Array.from({ length: 4 }, () => outcome(round % 2 === 0
          ? sql`select app.expire_rewards(now() + interval '2 hours')`
          : sql.begin(async (tx) => {
            await tx`select pg_sleep(0.01)`;
            return tx`select app.expire_rewards(now() + interval '2 hours')`;
          }))),
      ]);
      const redemptions = outcomes.slice(0, 6);
      const row = await rewardRow(rewardId);
      const recorded = (await events(rewardId)).map((e) => e.event);
      expect(outcomes.slice(6)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(redemptions.filter((o) => o !== 'ok' && o !== 'LY409')).toEqual([]);
      if (row.status === 'redeemed') {
        expect(redemptions.filter((o) => o === 'ok')).toHaveLength(1);
        expect(recorded).toEqual(['reward_redeemed']);
        expect(row.expired_at).toBeNull();
      } else {
        expect(row.status).toBe('expired');
        expect(redemptions.filter((o) => o === 'ok')).toHaveLength(0);
        expect(recorded).toEqual(['reward_expired']);
        expect(row.redeemed_at).toBeNull();
      }
    }
  });

  it('gives a redemption undone after the date 7 more days, rather than expiring it at the next run', async () => {
    const member = await createMember(sql, 'Undone Member');
    const staff = await createStaff(sql, 'creamery');
    const visit = await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const rewardId = visit.unlockedRewards[0]!.id;
    await redeemReward(sql, staff.claims, rewardId);
    await sql`update public.customer_rewards set expires_at = now() - interval '1 day' where id = ${rewardId}`;
    await asAdmin((tx) => tx`select app.undo_redemption(${rewardId}, 'Wrong reward pressed')`);
    const row = await rewardRow(rewardId);
    expect(row.status).toBe('unlocked');
    expect(row.expires_at!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    await sql`select app.expire_rewards()`;
    expect((await rewardRow(rewardId)).status).toBe('unlocked');
  });

  it('counts an expired reward as not redeemed in settlement and the funder report', async () => {
    const MONTH = '2030-03';
    const redeemed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await withReward({ consent: false, unlockedAt: new Date('2030-03-01T18:00:00Z') });
      await sql`update public.customer_rewards set status = 'redeemed', redeemed_at = '2030-03-05T18:00:00Z', redeemed_location_id = 'joanies'
                 where id = ${r.customerRewardId}`;
      redeemed.push(r.customerRewardId);
    }
    const expired: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await withReward({ consent: false, unlockedAt: new Date('2030-02-01T18:00:00Z'), expiresAt: new Date('2030-03-10T06:00:00Z') });
      expired.push(r.customerRewardId);
    }
    const [run] = await sql<{ r: { expired: number } }[]>`select app.expire_rewards('2030-03-11T12:00:00Z') as r`;
    expect(run!.r.expired).toBeGreaterThanOrEqual(3);
    for (const id of expired) expect(await rewardRow(id)).toMatchObject({ status: 'expired', expired_at: new Date('2030-03-10T06:00:00Z') });

    const [counts] = await sql<{ redeemed: number; expired: number }[]>`
      select count(*) filter (where redeemed_at >= '2030-03-01T06:00:00Z' and redeemed_at < '2030-04-01T05:00:00Z')::int as redeemed,
             count(*) filter (where status = 'expired' and expired_at >= '2030-03-01T06:00:00Z' and expired_at < '2030-04-01T05:00:00Z')::int as expired
        from public.customer_rewards`;
    expect(counts).toEqual({ redeemed: 3, expired: 3 });

    const [s] = await asAdmin((tx) => tx<{ r: { totals: { redemptions: number; crossBusiness: number } } }[]>`
      select app.admin_settlement(${MONTH}) as r`);
    // The three redeemed at Joanie's for the creamery are owed; the three expired ones are not.
    expect(s!.r.totals).toMatchObject({ redemptions: 3, crossBusiness: 3 });
    const [report] = await asAdmin((tx) => tx<{ r: { rewards: { redeemed: number; welcome: number; expired: number }; settlement: { redemptions: number } } }[]>`
      select app.admin_funder_report(${MONTH}) as r`);
    expect(report!.r.rewards).toMatchObject({ redeemed: 3, welcome: 3, expired: 3 });
    expect(report!.r.settlement.redemptions).toBe(3);
    const [catalogue] = await asAdmin((tx) => tx<{ r: { rewards: { id: string; expired: number; holders: number }[] } }[]>`
      select app.admin_catalogue() as r`);
    const [independent] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.customer_rewards where reward_id = ${welcomeId} and status = 'expired'`;
    expect(catalogue!.r.rewards.find((r) => r.id === welcomeId)!.expired).toBe(independent!.n);
    // The Rewards tab: expired ones counted apart, never as outstanding (unlocked and still usable).
    const [tab] = await asAdmin((tx) => tx<{ r: { id: string; outstanding: number; expired: number }[] }[]>`
      select app.admin_rewards('all') as r`);
    const [usable] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.customer_rewards cr join public.customers c on c.id = cr.customer_id
       where cr.reward_id = ${welcomeId} and cr.status = 'unlocked' and c.forgotten_at is null`;
    expect(tab!.r.find((r) => r.id === welcomeId)).toMatchObject({ expired: independent!.n, outstanding: usable!.n });
  });

  it('texts "expires soon" once per reward, with consent only, then expires it once, through the drain', async () => {
    // Expiry on (30 days): unlocked 26 days before noon, they expire a little over 4 days after it.
    const warned = await withReward({ consent: true, unlockedAt: new Date(NOON.getTime() - 26 * DAY) });
    const quiet = await withReward({ consent: false, unlockedAt: new Date(NOON.getTime() - 26 * DAY) });
    const notYet = await withReward({ consent: true, unlockedAt: new Date(NOON.getTime() - 10 * DAY) });

    await drain(NOON);
    const [text] = await warnings(warned.customerId);
    expect(text).toMatchObject({ status: 'sent', event_key: `expiring:${warned.customerRewardId}` });
    expect(text!.body).toMatch(/^Village Rewards: Your reward ".+" expires on June 19, 2030: use it before then at Village Creamery\. .+\/account Reply STOP to opt out\.$/);
    expect(sent.filter((s) => s.phone === warned.phone)).toHaveLength(1);
    expect(await warnings(quiet.customerId)).toEqual([]);
    expect(await warnings(notYet.customerId)).toEqual([]);

    await drain(new Date(NOON.getTime() + 3_600_000));
    await drain(new Date(NOON.getTime() + DAY));
    expect(await warnings(warned.customerId)).toHaveLength(1);

    // Past the date: recorded expired once (consent or not), no more texts.
    const due = (await rewardRow(warned.customerRewardId)).expires_at!;
    await drain(new Date(due.getTime() + 60_000));
    await drain(new Date(due.getTime() + 120_000));
    for (const r of [warned, quiet]) {
      expect(await rewardRow(r.customerRewardId)).toMatchObject({ status: 'expired', expired_at: due });
      expect((await events(r.customerRewardId)).map((e) => e.event)).toEqual(['reward_expired']);
    }
    expect(await warnings(warned.customerId)).toHaveLength(1);
    expect((await rewardRow(notYet.customerRewardId)).status).toBe('unlocked');
  });

  it('holds a warning due in quiet hours until the morning, and keeps within the weekly cap', async () => {
    const late = new Date(NOON.getTime() + 10 * 3_600_000); // 10 PM in Chicago
    const night = await withReward({ consent: true, unlockedAt: new Date(late.getTime() - 26 * DAY) });
    await drain(late);
    expect(await warnings(night.customerId)).toMatchObject([{ status: 'held' }]);

    // Two campaign texts this week: the warning waits until the cap allows it, while the window lasts.
    const capped = await withReward({ consent: true, unlockedAt: NOON, expiresAt: new Date(NOON.getTime() + 6.9 * DAY) });
    for (const k of [1, 2]) {
      await sql`insert into private.texts (customer_id, phone, kind, body, event_key, created_at)
                values (${capped.customerId}, ${capped.phone}, 'campaign', 'Village Rewards: offer', ${`offer:${capped.customerId}:${k}`},
                        ${new Date(NOON.getTime() - DAY).toISOString()})`;
    }
    await drain(NOON);
    expect(await warnings(capped.customerId)).toEqual([]);
    await drain(new Date(NOON.getTime() + 6.5 * DAY));
    expect(await warnings(capped.customerId)).toHaveLength(1);
  });
});
