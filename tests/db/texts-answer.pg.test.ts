// Texts that answer, on real Postgres through the signed Twilio inbound webhook: POINTS (BAL,
// BALANCE) answers the member's points, tier and rewards waiting; REWARDS lists them with where
// each is redeemed; CARD links to the member's card page; an unknown word answers HELP's text.
// Each answer is checked against what SQL holds; answers go only to the number that texted, are
// sent in quiet hours (the reply to the member's own text) but never over the hourly or weekly
// cap, which holds under parallel texts; STOP and HELP are always answered.
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import { parseConfig } from '../../supabase/functions/_shared/config.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import type { SmsSender } from '../../supabase/functions/_shared/hooks/sms-sender.ts';
import { twilioSignature } from '../../supabase/functions/_shared/hooks/twilio-signature.ts';
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { approveVisit, createMember, createStaff, nextPhone, setVisitLimits, type Member } from '../support/factories.ts';

const TWILIO_TOKEN = 'test-twilio-auth-token';
const PUBLIC_BASE = 'https://project.supabase.co/functions/v1';
const SITE = 'https://rewards.example.org';

let db: TestDatabase;
let sql: Sql;
let app: App;
let sid = 0;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 12 });
  sql = db.sql;
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0, velocityVisits: 0 });
  await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00', texts_site_url = ${SITE},
                                         text_answers_per_hour = 0, text_answers_per_week = 0`;
  const sender: SmsSender = { send: async () => ({ providerId: 'SM-unused' }) };
  const config = parseConfig({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_DB_URL: db.url,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TEXTS_DRAIN_SECRET: 'a-drain-secret-of-some-length',
    PUBLIC_FUNCTIONS_URL: PUBLIC_BASE,
  });
  app = createApp({ db: createDb(sql, { demoMode: false }), config, sms: sender });
});

afterAll(async () => {
  await db?.drop();
});

/** A text from `phone` (10 digits) to the programme, signed as Twilio signs it: the answer's text, or null. */
async function text(phone: string, body: string): Promise<string | null> {
  sid += 1;
  const params = new URLSearchParams({
    From: `+1${phone}`, To: '+13125550199', Body: body, MessageSid: `SM${String(sid).padStart(32, '0')}`,
  });
  const signature = await twilioSignature(TWILIO_TOKEN, `${PUBLIC_BASE}/api/hooks/twilio/inbound`, params);
  const response = await app.request('/api/hooks/twilio/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: params.toString(),
  });
  expect(response.status).toBe(200);
  const twiml = await response.text();
  const message = /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1];
  return message === undefined
    ? null
    : message.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** What SQL holds for a member: points, tier, rewards waiting (oldest first, with where), next goal. */
async function truth(customerId: string) {
  const [member] = await sql<{ name: string; points: number; tier: string }[]>`
    select c.name, c.total_points as points,
           (select t.name from public.tiers t where t.min_points <= c.total_points order by t.min_points desc limit 1) as tier
      from public.customers c where c.id = ${customerId}`;
  const rewards = await sql<{ name: string; place: string }[]>`
    select r.name, case when r.scope = 'network' then 'any participating business' else l.business_name end as place
      from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
      left join public.locations l on l.id = r.location_id
     where cr.customer_id = ${customerId} and cr.status = 'unlocked'
     order by cr.unlocked_at, r.name`;
  const [goal] = await sql<{ target: number; label: string }[]>`
    select t.min_points as target, t.goal_label as label from public.tiers t
     where t.min_points > ${member!.points} order by t.min_points limit 1`;
  return { ...member!, rewards, goal: goal ? { needed: goal.target - member!.points, label: goal.label } : null };
}

const HELP = `Village Rewards: Help at ${SITE}/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.`;

async function answersOf(phone: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from private.text_answers where phone = ${`+1${phone}`}`;
  return row!.n as number;
}

/** A member with the Creamery's welcome reward and Silver's tier reward waiting (10 points). */
async function silverMember(name: string): Promise<Member> {
  const member = await createMember(sql, name);
  await approveVisit(sql, (await createStaff(sql, 'creamery')).claims, `customer:${member.customerId}`);
  await approveVisit(sql, (await createStaff(sql, 'museum')).claims, `customer:${member.customerId}`);
  return member;
}

describe('texts that answer', () => {
  afterEach(async () => {
    await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00',
                                           text_answers_per_hour = 0, text_answers_per_week = 0`;
  });

  it('POINTS, BAL and BALANCE answer the points, tier and rewards waiting, as SQL holds them', async () => {
    const member = await silverMember('Nia Points');
    const held = await truth(member.customerId);
    expect(held.points).toBe(10);
    expect(held.rewards.length).toBeGreaterThanOrEqual(2);
    const expected =
      `Village Rewards: Nia Points, you have ${held.points} points (${held.tier}). ` +
      `${held.rewards.length} rewards waiting: reply REWARDS to see them.` +
      (held.goal ? ` ${held.goal.needed} more points to ${held.goal.label}.` : '');
    for (const word of ['POINTS', 'bal', ' Balance! ']) expect(await text(member.phone, word)).toBe(expected);

    // A new member: no rewards yet, 0 points, the first tier.
    const fresh = await createMember(sql, 'Ode New');
    const first = await truth(fresh.customerId);
    expect(await text(fresh.phone, 'points')).toBe(
      `Village Rewards: Ode New, you have 0 points (${first.tier}). No rewards waiting. ${first.goal!.needed} more points to ${first.goal!.label}.`,
    );
  });

  it('REWARDS lists each reward waiting with where it is redeemed; none says how to earn', async () => {
    const member = await silverMember('Rae Rewards');
    const held = await truth(member.customerId);
    const list = held.rewards.map((reward, i) => `${i + 1}) ${reward.name} at ${reward.place}`).join('; ');
    expect(await text(member.phone, 'REWARDS')).toBe(`Village Rewards: Your rewards: ${list}. Show your QR or card at the counter to redeem.`);
    // The welcome reward is the Creamery's, the tier reward anywhere.
    expect(list).toContain('at Village Creamery');
    expect(list).toContain('at any participating business');

    const fresh = await createMember(sql, 'Zed Zero');
    const none = await truth(fresh.customerId);
    expect(await text(fresh.phone, 'rewards')).toBe(
      `Village Rewards: No rewards waiting yet. ${none.goal!.needed} more points to ${none.goal!.label}. Each visit earns points.`,
    );
  });

  it('CARD texts the link to the member card page; an unknown word answers HELP', async () => {
    const member = await createMember(sql, 'Cy Card');
    expect(await text(member.phone, 'card')).toBe(
      `Village Rewards: Your card: ${SITE}/account/card (sign in with this phone). Show its QR at any participating business.`,
    );
    expect(await text(member.phone, 'what is this')).toBe(HELP);
    expect(await text(member.phone, 'HELP')).toBe(HELP);
    const [answers] = await sql`
      select array_agg(keyword order by id) as k from private.text_answers where customer_id = ${member.customerId}`;
    expect(answers!.k).toEqual(['card', 'unknown']);
  });

  it("answers only the number that texted: a number that is not a member's learns nothing", async () => {
    await silverMember('Mo Member');
    const stranger = nextPhone();
    const answer = await text(stranger, 'POINTS');
    expect(answer).toBe(`Village Rewards: This number is not a member. Join at ${SITE}/join`);
    expect(await text(stranger, 'REWARDS')).toBe(answer);
    expect(await text(stranger, 'CARD')).toBe(answer);
  });

  it('answers in quiet hours (the reply to the member\'s own text) and queues nothing', async () => {
    // Quiet from an hour ago to an hour from now, programme time: now is quiet.
    await sql`update private.settings set
                texts_quiet_start = ((now() at time zone private.programme_time_zone()) - interval '1 hour')::time,
                texts_quiet_end = ((now() at time zone private.programme_time_zone()) + interval '1 hour')::time`;
    const [quiet] = await sql`select private.text_release_at(now()) > now() as quiet`;
    expect(quiet!.quiet).toBe(true);
    const member = await createMember(sql, 'Qi Quiet');
    const [before] = await sql`select count(*)::int as n from private.texts`;
    expect(await text(member.phone, 'POINTS')).toMatch(/^Village Rewards: Qi Quiet, you have 0 points/);
    const [after] = await sql`select count(*)::int as n from private.texts`;
    expect(after!.n).toBe(before!.n);
  });

  it('keeps to the hourly cap, even for texts sent at once; STOP and HELP are answered all the same', async () => {
    await sql`update private.settings set text_answers_per_hour = 2`;
    const member = await createMember(sql, 'Hal Hourly');
    const answers = await Promise.all(Array.from({ length: 6 }, () => text(member.phone, 'POINTS')));
    expect(answers.filter((answer) => answer !== null)).toHaveLength(2);
    expect(await answersOf(member.phone)).toBe(2);
    expect(await text(member.phone, 'CARD')).toBeNull();
    expect(await text(member.phone, 'HELP')).toBe(HELP);
    expect(await text(member.phone, 'STOP')).toMatch(/You are unsubscribed/);
    expect(await answersOf(member.phone)).toBe(2);
  });

  it('keeps to the weekly cap over 7 days, and answers again once the oldest answer is a week old', async () => {
    await sql`update private.settings set text_answers_per_week = 3`;
    const member = await createMember(sql, 'Wes Weekly');
    const phone = `+1${member.phone}`;
    const inbound = async (daysAgo: number) => {
      const [row] = await sql`
        select app.text_inbound(${phone}, 'POINTS', now() - make_interval(days => ${daysAgo})) ->> 'reply' as reply`;
      return row!.reply as string | null;
    };
    expect(await inbound(6)).not.toBeNull();
    expect(await inbound(3)).not.toBeNull();
    expect(await inbound(1)).not.toBeNull();
    // Now: three answers in the last 7 days.
    expect(await text(member.phone, 'POINTS')).toBeNull();
    // A day on, the answer of six days ago is out of the week: two in it, so one more is answered.
    const [row] = await sql`
      select app.text_inbound(${phone}, 'POINTS', now() + interval '1 day 1 hour') ->> 'reply' as reply`;
    expect(row!.reply).toMatch(/^Village Rewards: Wes Weekly/);
  });

  it("forgets a member's answers with their phone", async () => {
    const member = await createMember(sql, 'Fio Forget');
    expect(await text(member.phone, 'POINTS')).not.toBeNull();
    expect(await answersOf(member.phone)).toBe(1);
    await sql`update public.customers set phone = null, name = 'Forgotten member', forgotten_at = now()
               where id = ${member.customerId}`;
    expect(await answersOf(member.phone)).toBe(0);
    const [row] = await sql`select count(*)::int as n from private.text_answers where customer_id = ${member.customerId}`;
    expect(row!.n).toBe(0);
  });
});
