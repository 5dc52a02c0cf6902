// "Your reward is waiting" on real Postgres (94_nudges.sql), through the texts drain as it runs:
// off by default; once the operator sets N days, a reward unlocked N days ago and not redeemed gets
// one text — only with confirmed consent, never for a redeemed reward, once per reward, held in
// quiet hours, and within the weekly cap of marketing texts (over it: tried again later).
import type { Sql } from '../../dev/db.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { drainTexts } from '../../supabase/functions/_shared/hooks/texts.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims, createAuthUser, tryAs } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
const sent: { phone: string; body: string }[] = [];
const NOON = new Date('2030-06-15T17:00:00Z'); // noon in Chicago: outside quiet hours

const drain = (at: Date) =>
  drainTexts({ db: createDb(sql, { demoMode: false }), sms: { send: async (phone: string, body: string) => { sent.push({ phone, body }); return { providerId: `SM${sent.length}` }; } },
               publicBaseUrl: 'http://127.0.0.1:54321/functions/v1' }, at);

let phone = 0;
async function withReward(options: { consent: boolean; unlockedDaysAgo: number; status?: 'unlocked' | 'redeemed' }) {
  phone += 1;
  const number = `+1312559${String(1000 + phone)}`;
  const [c] = await sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel, sms_consent) values ('Waiting Member', ${number}, 'web', ${options.consent})
    returning id`;
  const at = new Date(NOON.getTime() - options.unlockedDaysAgo * 86_400_000 - 60_000).toISOString();
  const [cr] = await sql<{ id: string }[]>`
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_at, status, redeemed_at, redeemed_location_id)
    select ${c!.id}, r.id, r.location_id, ${at}, ${options.status ?? 'unlocked'},
           ${options.status === 'redeemed' ? at : null}, ${options.status === 'redeemed' ? 'creamery' : null}
      from public.rewards r where r.kind = 'welcome' and r.location_id = 'creamery' returning id`;
  // The welcome text and the reward-ready text of the set-up are not this test's business.
  await sql`delete from private.texts where customer_id = ${c!.id}`;
  return { customerId: c!.id, customerRewardId: cr!.id, phone: number };
}

const reminders = (customerId: string) =>
  sql<{ body: string; status: string; event_key: string }[]>`
    select body, status, event_key from private.texts where customer_id = ${customerId} and event_key like 'waiting:%'`;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  sql = db.sql;
  await sql`update private.settings set texts_quiet_start = '21:00', texts_quiet_end = '09:00', marketing_texts_per_week = 2`;
});

afterAll(async () => {
  await db?.drop();
});

describe('your reward is waiting', { timeout: 120_000 }, () => {
  it('is off by default, then texts once per waiting reward, with consent only, never for a redeemed one', async () => {
    const waiting = await withReward({ consent: true, unlockedDaysAgo: 5 });
    const noConsent = await withReward({ consent: false, unlockedDaysAgo: 5 });
    const redeemed = await withReward({ consent: true, unlockedDaysAgo: 5, status: 'redeemed' });
    const fresh = await withReward({ consent: true, unlockedDaysAgo: 1 });
    const ancient = await withReward({ consent: true, unlockedDaysAgo: 60 });

    await drain(NOON);
    expect(await reminders(waiting.customerId)).toEqual([]);

    await actAs(sql, adminClaims(), (tx) => tx`select app.admin_update_nudge_settings(3)`);
    await drain(NOON);
    const [text] = await reminders(waiting.customerId);
    expect(text).toMatchObject({ status: 'sent', event_key: `waiting:${waiting.customerRewardId}` });
    expect(text!.body).toMatch(/^Village Rewards: Your reward ".+" is waiting at Village Creamery\. Show your card at the counter: .+\/account Reply STOP to opt out\.$/);
    expect(sent.filter((s) => s.phone === waiting.phone)).toHaveLength(1);
    for (const other of [noConsent, redeemed, fresh, ancient]) expect(await reminders(other.customerId)).toEqual([]);

    // Once per reward: later drains send nothing more.
    await drain(new Date(NOON.getTime() + 3_600_000));
    await drain(new Date(NOON.getTime() + 86_400_000));
    expect(await reminders(waiting.customerId)).toHaveLength(1);
    // The fresh reward's turn comes when it has waited 3 days.
    await drain(new Date(NOON.getTime() + 2 * 86_400_000 + 120_000));
    expect(await reminders(fresh.customerId)).toHaveLength(1);
  });

  it('holds a reminder due in quiet hours until the morning, and keeps within the weekly cap', async () => {
    const night = await withReward({ consent: true, unlockedDaysAgo: 3 });
    const late = new Date(NOON.getTime() + 10 * 3_600_000); // 10 PM in Chicago
    await sql`update public.customer_rewards set unlocked_at = ${new Date(late.getTime() - 3 * 86_400_000 - 60_000).toISOString()}
               where id = ${night.customerRewardId}`;
    await drain(late);
    expect(await reminders(night.customerId)).toMatchObject([{ status: 'held' }]);

    // A member who had two campaign texts this week: the reminder waits until the cap allows it.
    const capped = await withReward({ consent: true, unlockedDaysAgo: 4 });
    for (const k of [1, 2]) {
      await sql`insert into private.texts (customer_id, phone, kind, body, event_key, created_at)
                values (${capped.customerId}, ${capped.phone}, 'campaign', 'Village Rewards: offer', ${`offer:${capped.customerId}:${k}`},
                        ${new Date(NOON.getTime() - 86_400_000).toISOString()})`;
    }
    await drain(NOON);
    expect(await reminders(capped.customerId)).toEqual([]);
    await drain(new Date(NOON.getTime() + 6.5 * 86_400_000));
    expect(await reminders(capped.customerId)).toHaveLength(1);
  });

  it('is the operator\'s to set, between 1 and 90 days or off, and audited', async () => {
    const member = await createAuthUser(sql, { phone: '13125556666' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.admin_update_nudge_settings(5)`)).rejects.toMatchObject({ code: 'LY403' });
    await expect(tryAs(sql, member.claims, (tx) => tx`select app.queue_reward_reminders()`)).rejects.toMatchObject({ code: '42501' });
    await expect(tryAs(sql, adminClaims(), (tx) => tx`select app.admin_update_nudge_settings(91)`)).rejects.toMatchObject({ code: 'LY400' });
    const [off] = await actAs(sql, adminClaims(), (tx) => tx`select app.admin_update_nudge_settings(null) as r`);
    expect(off!.r).toEqual({ rewardWaitingDays: null });
    const audit = await sql`select before, after from private.audit_log where action = 'settings.reward_waiting_days' order by id`;
    expect(audit.at(-1)).toEqual({ before: { rewardWaitingDays: 3 }, after: { rewardWaitingDays: null } });
  });
});
