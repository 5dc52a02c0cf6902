// Forgetting a member forgets them everywhere, on real Postgres: a member who joined, signed in
// with codes, checked in at two businesses, redeemed at a clerk's counter (with an Idempotency-Key),
// had their phone corrected by the operator and changed it again on /account, wrote to the
// programme, received texts, had a visit voided and points adjusted (reasons naming them), once held
// a clerk's grant, and is named in Auth's log — then forgotten. Every row of every table of every
// schema in the database (public, private, app, auth, the local Auth's outbox, storage, ...) is read
// back as text: none holds their name, email or any of their three phones, however written. Totals,
// the ledger, rollups and settlement keep their numbers; their unused rewards stop counting as
// outstanding.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { devOutbox } from '../../dev/gateway.ts';
import {
  AdminRewardsResponse,
  ApproveVisitResponse,
  ConfirmMyPhoneResponse,
  MemberRecord,
  MyDataExport,
  RedeemCodeResponse,
  SMS_CONSENT_TEXT,
  StartRedemptionResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { drainTexts } from '../../supabase/functions/_shared/hooks/texts.ts';
import { bodyOf } from '../support/api-client.ts';
import { createKiosk, createStaff, nextPhone, signInMember, signUp, startKioskCheckin } from '../support/api-factories.ts';
import { latestSmsCode } from '../support/auth-client.ts';
import { useHarness } from './suites/harness.ts';

const NAME = 'Zephyrine Quillfeather';
const EMAIL = 'zq.member@example.org';

/** A phone's digits however a person or a system writes them: 3125550123, +1 (312) 555-0123, ... */
const phonePattern = (digits: string) =>
  `(^|[^0-9])(1[^0-9a-zA-Z]{0,3})?${digits.split('').join('[^0-9a-zA-Z]{0,3}')}($|[^0-9])`;
const formatted = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

describe('forgetting a member forgets them everywhere (postgres)', { timeout: 240_000 }, () => {
  const h = useHarness('postgres');
  const admin = () => h().adminToken();
  const sql = () => h().db.sql;
  const post = async (path: string, body: unknown, token?: string, headers?: Record<string, string>) =>
    h().call('POST', path, { token: token ?? (await admin()), body, headers });

  /** Every row of every table outside Postgres' own schemas whose text matches one of the patterns. */
  async function leaks(patterns: string[]): Promise<string[]> {
    const tables = await sql()<{ schema: string; table: string }[]>`
      select n.nspname as schema, c.relname as table
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'm')
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 1, 2`;
    expect(tables.map((t) => t.schema)).toEqual(expect.arrayContaining(['public', 'private', 'auth', 'auth_dev', 'storage']));
    const found: string[] = [];
    for (const { schema, table } of tables) {
      const rows = await sql().unsafe<{ row: string }[]>(
        `select t::text as row from "${schema}"."${table}" t where t::text ~* any($1::text[])`,
        [patterns],
      );
      for (const { row } of rows) found.push(`${schema}.${table}: ${row.slice(0, 300)}`);
    }
    return found;
  }

  /** The programme's numbers, from SQL and from the admin's reads. */
  async function figures() {
    const [sums] = await sql()`
      select (select coalesce(sum(points), 0) from public.points_ledger)::int as ledger,
             (select count(*) from public.points_ledger)::int as ledger_events,
             (select coalesce(sum(total_points), 0) from public.customers)::int as total_points,
             (select coalesce(sum(visit_count), 0) from public.customers)::int as visit_counts,
             (select count(*) from public.customers)::int as customers,
             (select count(*) from public.visits where status = 'approved')::int as visits,
             (select jsonb_object_agg(status, n) from (select status, count(*) as n from public.customer_rewards group by 1) s) as rewards,
             (select jsonb_object_agg(kind, n) from (select kind, sum(n) as n from private.daily_rollup group by 1) r) as rollup,
             (select count(*) from public.consents)::int as consents`;
    const token = await admin();
    const month = new Date().toISOString().slice(0, 7);
    const settlement = (await h().call('GET', `/api/admin/coalition/settlement?month=${month}`, { token })).body;
    const metrics = (await h().call('GET', '/api/admin/metrics?range=30days', { token })).body;
    const rewards = bodyOf(await h().call('GET', '/api/admin/rewards', { token }), AdminRewardsResponse);
    return {
      sums,
      settlement,
      metrics,
      rewards: rewards.map((r) => ({ id: r.id, unlocks: r.unlocks, redemptions: r.redemptions, outstanding: r.outstanding })),
    };
  }

  it('leaves no name, email or phone of theirs in any table, and every total as it was', async () => {
    await sql()`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
    const [first, second, third] = [nextPhone(), nextPhone(), nextPhone()];

    // Joins (texts welcome them), signs in with a code.
    const member = await signUp(h(), { name: NAME, phone: first, email: EMAIL, smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT });
    await signInMember(h(), first);

    // A clerk at the creamery approves a visit with an Idempotency-Key; a kiosk at the museum another.
    const clerk = await createStaff(h(), 'creamery');
    const approveKey = { 'idempotency-key': `approve-${randomUUID()}` };
    const approved = bodyOf(await post('/api/visits/approve', { token: `customer:${member.id}` }, clerk, approveKey), ApproveVisitResponse);
    expect(JSON.stringify(approved)).toContain(NAME);
    const kiosk = await createKiosk(h(), 'museum');
    const pending = await startKioskCheckin(h(), kiosk, first);
    bodyOf(await post('/api/visits/approve', { token: pending }, kiosk.token), ApproveVisitResponse);
    // A third visit, at Joanie's, is voided by an admin whose reason names them.
    const extra = bodyOf(await post('/api/visits/approve', { token: `customer:${member.id}`, locationId: 'joanies' }), ApproveVisitResponse);
    expect((await post(`/api/admin/visits/${extra.visitId}/void`, { reason: 'Zephyrine was scanned twice' })).status).toBe(200);

    // The operator corrects the phone (the old Auth user stays behind, unlinked); the member signs
    // in with it, then changes it again on /account with the code texted to the new number.
    bodyOf(await post(`/api/admin/customers/${member.id}/phone`, { phone: second, reason: 'New number' }), MemberRecord);
    const secondToken = await signInMember(h(), second);
    expect((await post('/api/me/phone', { phone: third }, secondToken)).status).toBe(200);
    const code = await latestSmsCode(h().auth, third);
    const moved = bodyOf(await post('/api/me/phone/verify', { phone: third, code }, secondToken), ConfirmMyPhoneResponse);
    const memberToken = moved.session.access_token;

    // The phones they had are theirs to see in "Download my data" (kept only for forgetting).
    const exported = bodyOf(await h().call('GET', '/api/me/export', { token: memberToken }), MyDataExport);
    expect(exported.formerPhones.map((f) => f.phone)).toEqual([`+1${first}`, `+1${second}`]);

    // Redeems the creamery's welcome reward at the clerk's counter with the code on their phone.
    const [welcome] = await sql()<{ id: string }[]>`
      select id from public.customer_rewards where customer_id = ${member.id} and welcome_location_id = 'creamery'`;
    const started = bodyOf(await post('/api/rewards/redemption-code', { customerRewardId: welcome!.id }, memberToken), StartRedemptionResponse, 201);
    const redeemKey = { 'idempotency-key': `redeem-${randomUUID()}` };
    bodyOf(await post('/api/rewards/redeem-code', { code: started.code }, clerk, redeemKey), RedeemCodeResponse);

    // Writes to the programme twice, from two addresses; an admin adjusts points naming them.
    for (const [email, message] of [
      [EMAIL, `Hello, my card shows the wrong number, call me on ${formatted(first)}.`],
      ['someone.else@example.net', `Writing for my aunt, her number is +1 ${second.slice(0, 3)} ${second.slice(3, 6)} ${second.slice(6)}.`],
    ] as const) {
      expect((await h().call('POST', '/api/contact', { body: { name: NAME, email, subject: 'My card', message } })).status).toBe(201);
    }
    const unrelated = { name: 'Pat Writer', email: 'pat@example.com', message: 'When do you open?' };
    expect((await h().call('POST', '/api/contact', { body: unrelated })).status).toBe(201);
    expect((await post(`/api/admin/customers/${member.id}/adjust-points`, { points: 5, reason: `Birthday bonus for Zephyrine (${formatted(third)})` })).status).toBe(200);

    // They once held a clerk's grant at Joanie's (granted and revoked by phone).
    const staffPath = '/api/admin/locations/joanies/staff';
    expect((await post(staffPath, { phone: formatted(third), memberConfirmed: true })).status).toBeLessThan(300);
    expect((await post(`${staffPath}/revoke`, { phone: third })).status).toBe(200);

    // Their texts go out through the local stack's outbox; Auth's own log (a hosted project's
    // auth.audit_log_entries) names their user and phone.
    await drainTexts({ db: createDb(sql(), { demoMode: false }), sms: devOutbox(sql(), () => {}), publicBaseUrl: 'http://127.0.0.1:54321/functions/v1' });
    await sql()`
      create table if not exists auth.audit_log_entries (
        instance_id uuid, id uuid primary key, payload json, created_at timestamptz default now(), ip_address varchar(64) not null default '')`;
    const [{ userId }] = (await sql()`select user_id::text as "userId" from public.customers where id = ${member.id}`) as unknown as [{ userId: string }];
    const otherUser = randomUUID();
    await sql()`
      insert into auth.audit_log_entries (id, payload) values
        (${randomUUID()}, ${sql().json({ actor_id: userId, actor_username: `+1${third}`, action: 'login', traits: { provider: 'phone' } })}),
        (${randomUUID()}, ${sql().json({ actor_id: otherUser, actor_username: '+13125559999', action: 'login' })})`;

    // Everything is there to be found before the forget: the scan sees it.
    const phones = [first, second, third];
    const patterns = ['Zephyrine', 'Quillfeather', EMAIL.replace(/\./g, '\\.'), ...phones.map(phonePattern)];
    const before = await leaks(patterns);
    for (const where of ['public.customers', 'public.contact_messages', 'private.texts', 'private.idempotency_keys', 'private.sign_in_codes',
      'private.audit_log', 'private.staff_grant_events', 'private.rate_limit_hits', 'public.points_ledger', 'public.visits', 'auth.users',
      'auth.audit_log_entries', 'auth_dev.sms_outbox']) {
      expect(before.filter((row) => row.startsWith(`${where}:`)), where).not.toEqual([]);
    }
    expect((await sql()`select 1 from auth.users where phone = ${`1${first}`}`).length).toBe(1);
    const figuresBefore = await figures();
    const [{ unused }] = (await sql()`
      select count(*)::int as unused from public.customer_rewards where customer_id = ${member.id} and status = 'unlocked'`) as unknown as [{ unused: number }];
    expect(unused).toBeGreaterThan(0);

    const forgotten = await post(`/api/admin/customers/${member.id}/forget`, {
      reason: `Zephyrine Quillfeather asked by email from ${EMAIL}; old number ${formatted(first)}`,
    });
    expect(bodyOf(forgotten, MemberRecord)).toMatchObject({ name: 'Forgotten member', phone: null });

    expect(await leaks(patterns)).toEqual([]);

    // The numbers are as they were, but for the outstanding rewards nobody can use any more.
    const figuresAfter = await figures();
    expect({ ...figuresAfter, rewards: undefined }).toEqual({ ...figuresBefore, rewards: undefined });
    const outstandingDrop = figuresBefore.rewards.reduce((n, r) => n + r.outstanding, 0) - figuresAfter.rewards.reduce((n, r) => n + r.outstanding, 0);
    expect(outstandingDrop).toBe(unused);
    const usage = (rewards: typeof figuresBefore.rewards) => rewards.map((r) => [r.id, r.unlocks, r.redemptions]);
    expect(usage(figuresAfter.rewards)).toEqual(usage(figuresBefore.rewards));
    const stillUsable = await sql()<{ id: string; n: number }[]>`
      select cr.reward_id::text as id, count(*)::int as n from public.customer_rewards cr
        join public.customers c on c.id = cr.customer_id
       where cr.status = 'unlocked' and c.forgotten_at is null group by 1`;
    for (const reward of figuresAfter.rewards) {
      expect(reward.outstanding, reward.id).toBe(stillUsable.find((r) => r.id === reward.id)?.n ?? 0);
    }
    const catalogue = (await h().call('GET', '/api/admin/catalogue', { token: await admin() })).body as { rewards: { id: string; holders: number }[] };
    for (const reward of catalogue.rewards) {
      expect(reward.holders, reward.id).toBe(stillUsable.find((r) => r.id === reward.id)?.n ?? 0);
    }

    // The clerk's retries with the same keys answer the first results, erased.
    const retried = await post('/api/visits/approve', { token: `customer:${member.id}` }, clerk, approveKey);
    expect(retried.status).toBe(200);
    expect(bodyOf(retried, ApproveVisitResponse).customer).toMatchObject({ id: member.id, name: 'Forgotten member' });
    const redeemedAgain = await post('/api/rewards/redeem-code', { code: started.code }, clerk, redeemKey);
    // A code shown on the phone never teaches a clerk the member's id (their card's value).
    expect(bodyOf(redeemedAgain, RedeemCodeResponse).customer).toEqual({ name: 'Forgotten member' });

    // What was someone else's stays: the unrelated message, the other user's Auth log entry.
    expect(await sql()`select 1 from public.contact_messages where email = 'pat@example.com'`).toHaveLength(1);
    expect(await sql()`select 1 from auth.audit_log_entries where payload ->> 'actor_id' = ${otherUser}`).toHaveLength(1);
    // Every sign-in of theirs is over, and each number may join again.
    expect((await h().call('GET', '/api/me', { token: memberToken })).status).toBe(401);
    for (const phone of phones) expect((await signUp(h(), { phone })).id).not.toBe(member.id);
  });

  it('the ledger and the audit log take an erasure only inside a forget, and only of the personal fields', async () => {
    const [audit] = await sql()<{ id: number }[]>`select id from private.audit_log order by id limit 1`;
    const [event] = await sql()<{ id: number }[]>`select id from public.points_ledger order by id limit 1`;
    const attempt = (setting: string, statement: string) =>
      sql().begin(async (tx) => {
        await tx`select set_config('private.erasing', ${setting}, true)`;
        await tx.unsafe(statement);
      }).then(() => 'changed', (error: { message: string }) => error.message);
    const refusedAudit = 'The audit log is append-only';
    const refusedLedger = 'The points ledger is append-only';
    expect(await attempt('off', `update private.audit_log set actor_phone = null where id = ${audit!.id}`)).toBe(refusedAudit);
    expect(await attempt('on', `update private.audit_log set action = 'x.y' where id = ${audit!.id}`)).toBe(refusedAudit);
    expect(await attempt('on', `update private.audit_log set actor_phone = '+13125550000' where id = ${audit!.id}`)).toBe(refusedAudit);
    expect(await attempt('on', `delete from private.audit_log where id = ${audit!.id}`)).toBe(refusedAudit);
    expect(await attempt('off', `update public.points_ledger set reason = 'x' where id = ${event!.id}`)).toBe(refusedLedger);
    expect(await attempt('on', `update public.points_ledger set points = points + 5 where id = ${event!.id}`)).toBe(refusedLedger);
    expect(await attempt('on', `delete from public.points_ledger where id = ${event!.id}`)).toBe(refusedLedger);
  });

  it('a member who deletes their own account after changing their phone leaves nothing behind either', async () => {
    await sql()`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
    const [first, second] = [nextPhone(), nextPhone()];
    const name = 'Quintessa Marblewood';
    const email = 'quintessa@example.org';
    const member = await signUp(h(), { name, phone: first, email, smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT });
    const firstToken = await signInMember(h(), first);
    const clerk = await createStaff(h(), 'joanies');
    const key = { 'idempotency-key': `approve-${randomUUID()}` };
    bodyOf(await post('/api/visits/approve', { token: `customer:${member.id}` }, clerk, key), ApproveVisitResponse);
    expect((await post('/api/me/phone', { phone: second }, firstToken)).status).toBe(200);
    const code = await latestSmsCode(h().auth, second);
    const token = bodyOf(await post('/api/me/phone/verify', { phone: second, code }, firstToken), ConfirmMyPhoneResponse).session.access_token;
    const message = `Please remove me; I used to be on ${first}.`;
    expect((await h().call('POST', '/api/contact', { body: { name, email, message } })).status).toBe(201);
    await drainTexts({ db: createDb(sql(), { demoMode: false }), sms: devOutbox(sql(), () => {}), publicBaseUrl: 'http://127.0.0.1:54321/functions/v1' });

    const patterns = ['Quintessa', 'Marblewood', email.replace(/\./g, '\\.'), phonePattern(first), phonePattern(second)];
    expect((await leaks(patterns)).length).toBeGreaterThan(5);
    const figuresBefore = await figures();
    expect((await post('/api/me/delete', { confirm: true }, token)).status).toBe(200);

    expect(await leaks(patterns)).toEqual([]);
    const figuresAfter = await figures();
    expect({ ...figuresAfter, rewards: undefined }).toEqual({ ...figuresBefore, rewards: undefined });
    const retried = await post('/api/visits/approve', { token: `customer:${member.id}` }, clerk, key);
    expect(bodyOf(retried, ApproveVisitResponse).customer).toEqual({ id: member.id, name: 'Forgotten member' });
    expect((await h().call('GET', '/api/me', { token })).status).toBe(401);
  });
});
