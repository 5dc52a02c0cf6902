// Texts the programme sends on real Postgres: the outbox's rules (consent, one
// text per event under parallel approvals, quiet hours, the weekly cap), the sender (retries,
// backoff, permanent failure), Twilio's signed webhooks (STOP / START / HELP, status callback; a
// forged call changes nothing), the phone-change notice, and campaigns (segments, owners,
// scheduling, cancelling, audit, rate limit).
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import { parseConfig } from '../../supabase/functions/_shared/config.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import { SmsRefused, type SmsSender } from '../../supabase/functions/_shared/hooks/sms-sender.ts';
import { drainTexts } from '../../supabase/functions/_shared/hooks/texts.ts';
import { twilioSignature } from '../../supabase/functions/_shared/hooks/twilio-signature.ts';
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  approveVisit,
  createAuthUser,
  createCustomer,
  createMember,
  createStaff,
  nextPhone,
  outcome,
  setVisitLimits,
  type Claims,
} from '../support/factories.ts';

const TWILIO_TOKEN = 'test-twilio-auth-token';
const DRAIN_SECRET = 'a-drain-secret-of-some-length';
const PUBLIC_BASE = 'https://project.supabase.co/functions/v1';
const ZONE = 'America/Chicago';

let db: TestDatabase;
let sql: Sql;

interface Text {
  id: number;
  kind: string;
  status: string;
  phone: string | null;
  body: string;
  attempts: number;
  error: string | null;
  eventKey: string;
  nextAttemptAt: Date;
  campaignId: string | null;
  providerId: string | null;
}

async function textsOf(customerId: string): Promise<Text[]> {
  return sql<Text[]>`
    select id::int, kind, status, phone, body, attempts, error, event_key as "eventKey",
           next_attempt_at as "nextAttemptAt", campaign_id as "campaignId", provider_id as "providerId"
      from private.texts where customer_id = ${customerId} order by id`;
}

interface Consenting {
  customerId: string;
  phone: string;
  claims: Claims;
}

/** A member who ticked the SMS box at sign-up, signed in with a code sent to the phone (confirmed). */
async function consentingMember(): Promise<Consenting> {
  const phone = nextPhone();
  const user = await createAuthUser(sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(sql, { name: 'Texted Member', phone, smsConsent: true, as: user.claims });
  return { customerId, phone, claims: user.claims };
}

async function newAdmin(): Promise<Claims> {
  return (await createAuthUser(sql, { phone: `1${nextPhone()}`, appMetadata: { provider: 'phone', role: 'admin' } })).claims;
}

async function newOwner(locationId: string): Promise<Claims> {
  return (
    await createAuthUser(sql, {
      phone: `1${nextPhone()}`,
      appMetadata: { provider: 'phone', role: 'owner', location_id: locationId },
    })
  ).claims;
}

/** Programme time: a wall-clock time in America/Chicago as an instant. */
async function at(local: string): Promise<Date> {
  const [row] = await sql<{ t: Date }[]>`select (${local}::timestamp at time zone ${ZONE}) as t`;
  return row!.t;
}

interface Segment {
  locationId?: string;
  tier?: string;
  lastVisitBefore?: string;
  lastVisitAfter?: string;
  joinedSince?: string;
}

interface CampaignJson {
  id: string;
  status: string;
  body: string;
  recipients: number | null;
  figures: { queued: number; sent: number; delivered: number; failed: number; optedOut: number };
}

async function createCampaign(claims: Claims, message: string, segment: Segment = {}, sendAt?: Date) {
  const [row] = await actAs(sql, claims, (tx) => tx<{ result: { campaign: CampaignJson } }[]>`
    select app.create_campaign(${message}, ${segment.locationId ?? null}, ${segment.tier ?? null},
                               ${segment.lastVisitBefore ?? null}, ${segment.lastVisitAfter ?? null},
                               ${segment.joinedSince ?? null}, ${sendAt ?? null}) as result`);
  return row!.result.campaign;
}

async function preview(claims: Claims, message: string, segment: Segment = {}) {
  const [row] = await actAs(sql, claims, (tx) => tx<{ result: { recipients: number | null; body: string; partPriceCents: number; tooFew: boolean } }[]>`
    select app.campaign_preview(${message}, ${segment.locationId ?? null}, ${segment.tier ?? null},
                                ${segment.lastVisitBefore ?? null}, ${segment.lastVisitAfter ?? null},
                                ${segment.joinedSince ?? null}) as result`);
  return row!.result;
}

/** What a provider was asked to send; `refuse` decides a refusal per message. */
function recordingSender(refuse?: (phone: string) => SmsRefused | undefined) {
  const sent: { phone: string; body: string; statusCallback?: string }[] = [];
  let n = 0;
  const sender: SmsSender = {
    async send(phone, body, _code, options) {
      const refusal = refuse?.(phone);
      if (refusal) throw refusal;
      sent.push({ phone, body, statusCallback: options?.statusCallback });
      n += 1;
      return { providerId: `SM${String(n).padStart(32, '0')}${Math.random().toString(36).slice(2, 8)}` };
    },
  };
  return { sender, sent };
}

function apiApp(sms: SmsSender): App {
  const config = parseConfig({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_DB_URL: db.url,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TEXTS_DRAIN_SECRET: DRAIN_SECRET,
    PUBLIC_FUNCTIONS_URL: PUBLIC_BASE,
  });
  return createApp({ db: createDb(sql, { demoMode: false }), config, sms });
}

/** A Twilio webhook call, signed with `token` over the public URL Twilio calls. */
async function twilioPost(app: App, path: string, fields: Record<string, string>, token = TWILIO_TOKEN) {
  const params = new URLSearchParams(fields);
  const signature = await twilioSignature(token, `${PUBLIC_BASE}${path}`, params);
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: params.toString(),
  });
}

/** A new Twilio message id: each inbound text is acted on once, by its MessageSid. */
let sids = 0;
const newSid = () => `SM${String((sids += 1)).padStart(32, '0')}`;

async function consentOf(customerId: string) {
  const [row] = await sql<{ consent: boolean; history: { granted: boolean; source: string; wording: string }[] }[]>`
    select c.sms_consent as consent,
           coalesce((select jsonb_agg(jsonb_build_object('granted', k.granted, 'source', k.source, 'wording', k.wording)
                                      order by k.created_at, k.id)
                       from public.consents k where k.customer_id = c.id and k.channel = 'sms'), '[]') as history
      from public.customers c where c.id = ${customerId}`;
  return row!;
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 24 });
  sql = db.sql;
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0, velocityVisits: 0 });
  // Texts queue at once whatever the hour the suite runs; the quiet-hours tests set them.
  await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00',
                                         marketing_texts_per_week = 2, campaigns_per_hour = 0`;
});

afterAll(async () => {
  await db?.drop();
});

describe('the outbox is filled by the rules, for consenting members only', () => {
  it('a member who did not consent gets nothing: no welcome, no reward, no tier text', async () => {
    const member = await createMember(sql); // no SMS consent
    const staff = await createStaff(sql, 'creamery');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`); // 10 points: Silver
    const [{ rewards }] = (await sql<{ rewards: number }[]>`
      select count(*)::int as rewards from public.customer_rewards where customer_id = ${member.customerId}`) as unknown as [{ rewards: number }];
    expect(rewards).toBe(2); // the welcome reward and Silver's: the rules ran
    expect(await textsOf(member.customerId)).toEqual([]);
  });

  it('a consenting member is welcomed with the card link, told of a reward and of a tier, each once', async () => {
    const member = await consentingMember();
    const staff = await createStaff(sql, 'creamery');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const texts = await textsOf(member.customerId);
    expect(texts.map((t) => [t.kind, t.status, t.phone])).toEqual([
      ['welcome', 'queued', `+1${member.phone}`],
      ['reward_ready', 'queued', `+1${member.phone}`],
      ['tier_reached', 'queued', `+1${member.phone}`],
    ]);
    for (const text of texts) {
      expect(text.body).toMatch(/^Village Rewards: .+ Reply STOP to opt out\.$/);
    }
    expect(texts[0]!.body).toContain('http://127.0.0.1:5173/account');
    expect(texts[1]!.body).toContain('Village Creamery');
    expect(texts[2]!.body).toContain('You reached Silver!');
    expect(texts[2]!.eventKey).toBe(`tier:${member.customerId}:Silver`);
  });

  it('consent withdrawn: queued texts are cancelled and nothing new is queued', async () => {
    const member = await consentingMember();
    await sql`select private.record_sms_consent(${member.customerId}, false, 'Texts off', 'account')`;
    const staff = await createStaff(sql, 'museum');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    expect((await textsOf(member.customerId)).map((t) => [t.kind, t.status, t.error])).toEqual([
      ['welcome', 'cancelled', 'opted_out'],
    ]);
  });
});

describe('one unlock, one text', () => {
  it('12 parallel approvals of one member: one reward text, one text per tier reached', async () => {
    const member = await consentingMember();
    const staff = await createStaff(sql, 'joanies');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => outcome(approveVisit(sql, staff.claims, `customer:${member.customerId}`))),
    );
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(4); // 20 points at least: Gold
    const texts = await textsOf(member.customerId);
    const kinds = texts.map((t) => t.kind);
    expect(kinds.filter((k) => k === 'welcome')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'reward_ready')).toHaveLength(1);
    expect(texts.filter((t) => t.kind === 'tier_reached').map((t) => t.eventKey).sort()).toEqual([
      `tier:${member.customerId}:Gold`,
      `tier:${member.customerId}:Silver`,
    ]);
  });

  it('the same event queued twice in parallel keeps one row', async () => {
    const member = await consentingMember();
    const ids = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ id: number | null }[]>`
          select private.queue_text(${member.customerId}, 'reward_ready', 'Twice?', ${`test:${member.customerId}`}) as id`,
      ),
    );
    expect(ids.map(([row]) => row!.id).filter((id) => id !== null)).toHaveLength(1);
    expect((await textsOf(member.customerId)).filter((t) => t.eventKey === `test:${member.customerId}`)).toHaveLength(1);
  });
});

describe('quiet hours (21:00–09:00 programme time)', () => {
  beforeAll(async () => {
    await sql`update private.settings set texts_quiet_start = '21:00', texts_quiet_end = '09:00'`;
  });
  afterAll(async () => {
    await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
  });

  it('releases a text due in quiet hours at 09:00 and leaves the day alone', async () => {
    const cases: [string, string][] = [
      ['2027-01-15 22:30', '2027-01-16 09:00'],
      ['2027-01-15 21:00', '2027-01-16 09:00'],
      ['2027-01-16 03:15', '2027-01-16 09:00'],
      ['2027-01-16 08:59', '2027-01-16 09:00'],
      ['2027-01-16 09:00', '2027-01-16 09:00'],
      ['2027-01-16 12:00', '2027-01-16 12:00'],
      ['2027-01-16 20:59', '2027-01-16 20:59'],
      ['2027-07-04 23:00', '2027-07-05 09:00'], // summer time too
    ];
    for (const [due, release] of cases) {
      const [row] = await sql<{ release: Date }[]>`select private.text_release_at(${await at(due)}) as release`;
      expect([due, row!.release.toISOString()]).toEqual([due, (await at(release)).toISOString()]);
    }
  });

  it('a text queued at 22:30 is held, not sent at 08:59, sent at 09:00', async () => {
    const member = await consentingMember();
    const [{ id }] = (await sql<{ id: number }[]>`
      select private.queue_text(${member.customerId}, 'campaign', 'Late offer', ${`late:${member.customerId}`},
                                null, ${await at('2027-02-10 22:30')})::int as id`) as unknown as [{ id: number }];
    const [held] = (await textsOf(member.customerId)).filter((t) => t.id === id);
    expect(held).toMatchObject({ status: 'held' });
    expect(held!.nextAttemptAt.toISOString()).toBe((await at('2027-02-11 09:00')).toISOString());

    const early = await sql<{ result: { id: number }[] }[]>`select app.texts_claim(500, ${await at('2027-02-11 08:59')}) as result`;
    expect(early[0]!.result.map((t) => t.id)).not.toContain(id);
    expect((await textsOf(member.customerId)).find((t) => t.id === id)).toMatchObject({ status: 'held' });

    const morning = await sql<{ result: { id: number; phone: string }[] }[]>`
      select app.texts_claim(500, ${await at('2027-02-11 09:00')}) as result`;
    expect(morning[0]!.result.find((t) => t.id === id)).toMatchObject({ phone: `+1${member.phone}` });
    expect((await textsOf(member.customerId)).find((t) => t.id === id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('a retry that comes due at night is held until the morning', async () => {
    const member = await consentingMember();
    const [{ id }] = (await sql<{ id: number }[]>`
      select private.queue_text(${member.customerId}, 'campaign', 'Retry me', ${`retry-night:${member.customerId}`},
                                null, ${await at('2027-03-01 20:00')})::int as id`) as unknown as [{ id: number }];
    const claimed = await sql<{ result: { id: number }[] }[]>`select app.texts_claim(500, ${await at('2027-03-01 20:00')}) as result`;
    expect(claimed[0]!.result.map((t) => t.id)).toContain(id);
    await sql`select app.text_failed(${id}, 'HTTP 503', false, ${await at('2027-03-01 20:59:30')})`;
    const night = await sql<{ result: { id: number }[] }[]>`select app.texts_claim(500, ${await at('2027-03-01 21:01')}) as result`;
    expect(night[0]!.result).toEqual([]);
    const row = (await textsOf(member.customerId)).find((t) => t.id === id)!;
    expect(row.status).toBe('held');
    expect(row.nextAttemptAt.toISOString()).toBe((await at('2027-03-02 09:00')).toISOString());
  });
});

describe("the operator's text settings", () => {
  const update = (claims: Claims, values: Record<string, unknown>) =>
    actAs(sql, claims, (tx) => tx<{ result: { values: Record<string, unknown>; quietNow: boolean } }[]>`
      select app.admin_update_text_settings(${sql.json(values as never)}) as result`).then((rows) => rows[0]!.result);
  let siteUrl = '';
  beforeAll(async () => {
    siteUrl = (await sql<{ url: string }[]>`select texts_site_url as url from private.settings`)[0]!.url;
  });
  afterAll(async () => {
    await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00', texts_site_url = ${siteUrl},
                                        time_zone = 'America/Chicago', marketing_texts_per_week = 2`;
  });

  it('only an admin reads or changes them; each is checked; a change is audited once', async () => {
    const admin = await newAdmin();
    const owner = await newOwner('creamery');
    expect(await outcome(actAs(sql, owner, (tx) => tx`select app.admin_text_settings()`))).toBe('LY403');
    expect(await outcome(update(owner, { quietStart: '20:00' }))).toBe('LY403');
    for (const bad of [
      { timeZone: 'Mars/Olympus' },
      { timeZone: "America/Chicago'; drop table x" },
      { quietStart: '25:00' },
      { quietEnd: '9am' },
      { marketingTextsPerWeek: 15 },
      { marketingTextsPerWeek: 1.5 },
      { siteUrl: 'javascript:alert(1)' },
      { siteUrl: 'https://x.example/a b' },
      { smsPartPriceCents: 0.001 },
      { smsPartPriceCents: 101 },
      { unknown: 1 },
      {},
    ]) {
      expect(await outcome(update(admin, bad)), JSON.stringify(bad)).toBe('LY400');
    }
    const before = await sql`select * from private.settings`;
    const result = await update(admin, {
      timeZone: 'Europe/Dublin', quietStart: '22:30', quietEnd: '07:15', marketingTextsPerWeek: 3,
      siteUrl: 'https://rewards.example.org/', smsPartPriceCents: 1.25,
    });
    expect(result.values).toEqual({
      timeZone: 'Europe/Dublin', quietStart: '22:30', quietEnd: '07:15', marketingTextsPerWeek: 3,
      siteUrl: 'https://rewards.example.org', smsPartPriceCents: 1.25,
    });
    const [row] = await sql<{ tz: string; zone: string; url: string }[]>`
      select s.time_zone as tz, private.programme_time_zone() as zone, private.site_url() as url from private.settings s`;
    expect(row).toEqual({ tz: 'Europe/Dublin', zone: 'Europe/Dublin', url: 'https://rewards.example.org' });
    // Days follow the zone (03:00 UTC on New Year's Day is still New Year's Eve in Chicago), and the
    // dashboard's rollup was rebuilt by them: it equals the visits counted by their new day.
    const [{ day }] = (await sql<{ day: string }[]>`select private.programme_day('2027-01-01T03:00:00Z')::text as day`) as unknown as [{ day: string }];
    expect(day).toBe('2027-01-01');
    const rolled = await sql`select day::text, location_id, n from private.daily_rollup where kind = 'visits' order by 1, 2`;
    const counted = await sql`
      select private.programme_day(created_at)::text as day, location_id, count(*)::int as n
        from public.visits where status = 'approved' group by 1, 2 order by 1, 2`;
    expect(counted.length).toBeGreaterThan(0);
    expect(rolled).toEqual(counted);
    const audit = await sql<{ before: { timeZone: string }; after: { timeZone: string } }[]>`
      select before, after from private.audit_log where action = 'settings.update' and target_id = 'texts' order by id`;
    expect(audit.map((a) => [a.before.timeZone, a.after.timeZone])).toEqual([[before[0]!.time_zone, 'Europe/Dublin']]);
    // The same values again: nothing changed, nothing audited.
    await update(admin, { timeZone: 'Europe/Dublin' });
    expect((await sql`select 1 from private.audit_log where action = 'settings.update' and target_id = 'texts'`).length).toBe(1);
  });

  it('quiet hours are in the programme time zone, and a held text follows a change at the next drain', async () => {
    const admin = await newAdmin();
    await update(admin, { timeZone: 'America/New_York', quietStart: '21:00', quietEnd: '09:00' });
    const member = await consentingMember();
    // 22:30 in New York is 21:30 in Chicago: quiet in the programme's zone.
    const [{ t: night }] = (await sql<{ t: Date }[]>`select '2027-04-10 22:30'::timestamp at time zone 'America/New_York' as t`) as unknown as [{ t: Date }];
    const [{ id }] = (await sql<{ id: number }[]>`
      select private.queue_text(${member.customerId}, 'campaign', 'Zone offer', ${`zone:${member.customerId}`}, null, ${night})::int as id`) as unknown as [{ id: number }];
    const [held] = (await textsOf(member.customerId)).filter((t) => t.id === id);
    expect(held).toMatchObject({ status: 'held' });
    const [{ t: nine }] = (await sql<{ t: Date }[]>`select '2027-04-11 09:00'::timestamp at time zone 'America/New_York' as t`) as unknown as [{ t: Date }];
    expect(held!.nextAttemptAt.toISOString()).toBe(nine.toISOString());
    // Quiet hours now end at 23:00: the held text waits for the new end...
    await update(admin, { quietEnd: '23:00', quietStart: '22:00' });
    const [{ t: later }] = (await sql<{ t: Date }[]>`select '2027-04-10 22:40'::timestamp at time zone 'America/New_York' as t`) as unknown as [{ t: Date }];
    expect((await sql<{ result: { id: number }[] }[]>`select app.texts_claim(500, ${later}) as result`)[0]!.result.map((t) => t.id)).not.toContain(id);
    const [{ t: eleven }] = (await sql<{ t: Date }[]>`select '2027-04-10 23:00'::timestamp at time zone 'America/New_York' as t`) as unknown as [{ t: Date }];
    expect((await textsOf(member.customerId)).find((t) => t.id === id)!.nextAttemptAt.toISOString()).toBe(eleven.toISOString());
    // ...and with no quiet hours it goes at the next drain.
    await update(admin, { quietStart: '00:00', quietEnd: '00:00' });
    expect((await sql<{ result: { id: number }[] }[]>`select app.texts_claim(500, ${later}) as result`)[0]!.result.map((t) => t.id)).toContain(id);
  });

  it('the weekly cap is the setting: a member over it is left out of a campaign', async () => {
    const admin = await newAdmin();
    await update(admin, { marketingTextsPerWeek: 1, quietStart: '00:00', quietEnd: '00:00' });
    const member = await consentingMember();
    await sql`update public.customers set created_at = '2032-03-03T12:00:00Z' where id = ${member.customerId}`;
    const first = await createCampaign(admin, 'Cap one.', { joinedSince: '2032-03-01' });
    expect(first.recipients).toBe(1);
    expect(await preview(admin, 'Cap two.', { joinedSince: '2032-03-01' })).toMatchObject({ recipients: 0 });
    await update(admin, { marketingTextsPerWeek: 2 });
    expect(await preview(admin, 'Cap two.', { joinedSince: '2032-03-01' })).toMatchObject({ recipients: 1 });
  });
});

describe('the weekly cap on marketing texts', () => {
  it('holds: a member gets at most 2 campaign texts in 7 days, the third campaign skips them', async () => {
    const member = await consentingMember();
    const staff = await createStaff(sql, 'snackco');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const admin = await newAdmin();
    const segment = { locationId: 'snackco' };
    const first = await createCampaign(admin, 'Free cookie with any drink today.', segment);
    const second = await createCampaign(admin, 'Two-for-one Tuesday.', segment);
    expect((await preview(admin, 'A third?', segment)).recipients).toBe(0);
    const third = await createCampaign(admin, 'Yet another offer.', segment);
    expect([first.status, second.status, third.status]).toEqual(['started', 'started', 'started']);
    const campaignTexts = (await textsOf(member.customerId)).filter((t) => t.kind === 'campaign');
    expect(campaignTexts.map((t) => t.campaignId)).toEqual([first.id, second.id]);
    expect(third.recipients).toBe(0);

    // Parallel campaigns cannot break it either.
    const other = await consentingMember();
    await approveVisit(sql, staff.claims, `customer:${other.customerId}`);
    await Promise.all(Array.from({ length: 6 }, (_, i) => createCampaign(admin, `Parallel offer ${i}.`, { locationId: 'snackco' })));
    expect((await textsOf(other.customerId)).filter((t) => t.kind === 'campaign')).toHaveLength(2);
  });
});

describe('the sender', () => {
  it('the drain needs its secret, sends what is due through the provider and records the provider id', async () => {
    const member = await consentingMember();
    const { sender, sent } = recordingSender();
    const app = apiApp(sender);
    expect((await app.request('/api/hooks/texts/drain', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/api/hooks/texts/drain', { method: 'POST', headers: { 'x-drain-secret': 'wrong-secret-wrong' } })).status).toBe(401);
    expect(sent).toEqual([]);
    const response = await app.request('/api/hooks/texts/drain', { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
    expect(response.status).toBe(200);
    const [welcome] = await textsOf(member.customerId);
    expect(welcome).toMatchObject({ kind: 'welcome', status: 'sent', attempts: 1 });
    expect(welcome!.providerId).toMatch(/^SM/);
    expect(sent.find((m) => m.phone === `+1${member.phone}`)).toMatchObject({
      body: welcome!.body,
      statusCallback: `${PUBLIC_BASE}/api/hooks/twilio/status`,
    });

    // Twilio's status callback: a forged one changes nothing, a signed one marks it delivered.
    const status = { MessageSid: welcome!.providerId!, MessageStatus: 'delivered' };
    expect((await twilioPost(app, '/api/hooks/twilio/status', status, 'not-the-token')).status).toBe(403);
    expect((await textsOf(member.customerId))[0]).toMatchObject({ status: 'sent' });
    expect((await twilioPost(app, '/api/hooks/twilio/status', status)).status).toBe(204);
    expect((await textsOf(member.customerId))[0]).toMatchObject({ status: 'delivered' });
  });

  it('retries a refused text after 1, 2, 4 minutes and marks it failed after the last attempt', async () => {
    await sql`update private.settings set texts_max_attempts = 4`;
    const member = await consentingMember();
    const refusing = recordingSender((phone) => (phone === `+1${member.phone}` ? new SmsRefused(false, 'HTTP 503') : undefined));
    const deps = { db: createDb(sql, { demoMode: false }), sms: refusing.sender, publicBaseUrl: PUBLIC_BASE };
    let now = new Date(Date.now() + 1000);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await drainTexts(deps, now);
      const [text] = await textsOf(member.customerId);
      expect(text).toMatchObject({ attempts: attempt, status: attempt < 4 ? 'queued' : 'failed' });
      if (attempt < 4) {
        waits.push((text!.nextAttemptAt.getTime() - now.getTime()) / 60_000);
        // Not before its time...
        await drainTexts(deps, new Date(text!.nextAttemptAt.getTime() - 1000));
        expect((await textsOf(member.customerId))[0]).toMatchObject({ attempts: attempt });
        now = text!.nextAttemptAt;
      }
    }
    expect(waits).toEqual([1, 2, 4]);
    expect((await textsOf(member.customerId))[0]!.error).toContain('HTTP 503');
    // ...and never again.
    await drainTexts(deps, new Date(now.getTime() + 86_400_000));
    expect((await textsOf(member.customerId))[0]).toMatchObject({ attempts: 4, status: 'failed' });
    await sql`update private.settings set texts_max_attempts = 5`;
  });

  it('a permanent refusal (e.g. not a mobile number) fails at once', async () => {
    const member = await consentingMember();
    const refusing = recordingSender((phone) => (phone === `+1${member.phone}` ? new SmsRefused(true, 'Twilio error 21614') : undefined));
    await drainTexts({ db: createDb(sql, { demoMode: false }), sms: refusing.sender, publicBaseUrl: PUBLIC_BASE });
    expect((await textsOf(member.customerId))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe("Twilio's inbound webhook: STOP, START, HELP", () => {
  it('a forged STOP is refused and changes nothing; a signed STOP turns consent off and cancels queued texts', async () => {
    const member = await consentingMember();
    const admin = await newAdmin();
    const staff = await createStaff(sql, 'broken-bridge');
    await approveVisit(sql, staff.claims, `customer:${member.customerId}`);
    const campaign = await createCampaign(admin, 'Bridge day special.', { locationId: 'broken-bridge' });
    const before = await textsOf(member.customerId);
    expect(before.filter((t) => t.status === 'queued').length).toBeGreaterThanOrEqual(2);
    const app = apiApp(recordingSender().sender);
    const stop = { From: `+1${member.phone}`, To: '+13125550199', Body: 'STOP', MessageSid: 'SM0000000000000000000000000000forged' };

    const forged = await twilioPost(app, '/api/hooks/twilio/inbound', stop, 'a-guessed-token');
    expect(forged.status).toBe(403);
    const unsigned = await app.request('/api/hooks/twilio/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(stop).toString(),
    });
    expect(unsigned.status).toBe(403);
    // Signed for another URL (a replay at another door) is forged too.
    const params = new URLSearchParams(stop);
    const elsewhere = await app.request('/api/hooks/twilio/inbound', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': await twilioSignature(TWILIO_TOKEN, `${PUBLIC_BASE}/api/hooks/twilio/status`, params),
      },
      body: params.toString(),
    });
    expect(elsewhere.status).toBe(403);
    expect(await consentOf(member.customerId)).toMatchObject({
      consent: true,
      history: [{ granted: true, source: 'signup' }, { granted: true, source: 'sign_in' }],
    });
    expect(await textsOf(member.customerId)).toEqual(before);

    const signed = await twilioPost(app, '/api/hooks/twilio/inbound', { ...stop, MessageSid: newSid(), Body: ' stop ' });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toContain('text/xml');
    expect(await signed.text()).toMatch(/<Response><Message>Village Rewards: You are unsubscribed.*Reply START to resubscribe\.<\/Message><\/Response>/);
    expect(await consentOf(member.customerId)).toEqual({
      consent: false,
      history: [
        expect.objectContaining({ granted: true, source: 'signup' }),
        expect.objectContaining({ granted: true, source: 'sign_in' }),
        { granted: false, source: 'sms_reply', wording: 'SMS reply: STOP' },
      ],
    });
    const after = await textsOf(member.customerId);
    expect(after.filter((t) => t.status === 'queued')).toEqual([]);
    expect(after.filter((t) => t.error === 'opted_out').length).toBe(before.filter((t) => t.status === 'queued').length);

    // The campaign counts the opt-out among its figures.
    const [row] = await actAs(sql, admin, (tx) => tx<{ result: { campaigns: CampaignJson[] } }[]>`select app.campaigns() as result`);
    expect(row!.result.campaigns.find((c) => c.id === campaign.id)!.figures.optedOut).toBeGreaterThanOrEqual(1);

    // START gives consent back; HELP answers the contact and changes nothing.
    const start = await twilioPost(app, '/api/hooks/twilio/inbound', { ...stop, MessageSid: newSid(), Body: 'Start' });
    expect(await start.text()).toContain('You are subscribed again');
    expect((await consentOf(member.customerId)).consent).toBe(true);
    const help = await twilioPost(app, '/api/hooks/twilio/inbound', { ...stop, MessageSid: newSid(), Body: 'HELP' });
    expect(await help.text()).toContain('/contact');
    expect((await consentOf(member.customerId)).history).toHaveLength(4);

    for (const word of ['UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'STOPALL']) {
      await twilioPost(app, '/api/hooks/twilio/inbound', { ...stop, MessageSid: newSid(), Body: word });
      expect([word, (await consentOf(member.customerId)).consent]).toEqual([word, false]);
      await twilioPost(app, '/api/hooks/twilio/inbound', { ...stop, MessageSid: newSid(), Body: 'UNSTOP' });
    }
  });
});

describe('the phone-change notice', () => {
  it('texts the OLD number that the phone was changed, and later texts follow the new one', async () => {
    const member = await consentingMember();
    const newPhone = `+1${nextPhone()}`;
    await sql`update public.customers set phone = ${newPhone} where id = ${member.customerId}`;
    const texts = await textsOf(member.customerId);
    expect(texts.map((t) => [t.kind, t.phone])).toEqual([
      ['welcome', newPhone],
      ['phone_changed', `+1${member.phone}`],
    ]);
    expect(texts[1]!.body).toBe(
      `Village Rewards: The phone number on your membership was changed to a number ending in ${newPhone.slice(-4)}. ` +
        'If you did not do this, contact us: http://127.0.0.1:5173/contact',
    );
  });

  it('is sent even when the member turned texts off (it is a security notice)', async () => {
    const member = await createMember(sql);
    const newPhone = `+1${nextPhone()}`;
    await sql`update public.customers set phone = ${newPhone} where id = ${member.customerId}`;
    expect((await textsOf(member.customerId)).map((t) => [t.kind, t.phone])).toEqual([['phone_changed', `+1${member.phone}`]]);
  });
});

describe('campaigns', () => {
  it('reach exactly the consenting members of the segment, with the exact text previewed; audited', async () => {
    const admin = await newAdmin();
    const staff = await createStaff(sql, 'chatterbox');
    const yes = [await consentingMember(), await consentingMember()];
    const no = await createMember(sql);
    const elsewhere = await consentingMember();
    for (const m of [...yes, no]) await approveVisit(sql, staff.claims, `customer:${m.customerId}`);
    await approveVisit(sql, (await createStaff(sql, 'museum')).claims, `customer:${elsewhere.customerId}`);
    // A Silver member of the segment, for the tier filter.
    await approveVisit(sql, staff.claims, `customer:${yes[1]!.customerId}`);

    const seen = await preview(admin, '  Half-price cocoa this week!  ', { locationId: 'chatterbox', tier: 'Silver' });
    expect(seen.body).toBe('Village Rewards: Half-price cocoa this week! Reply STOP to opt out.');
    const campaign = await createCampaign(admin, 'Half-price cocoa this week!', { locationId: 'chatterbox', tier: 'Silver' });
    expect(campaign).toMatchObject({ status: 'started', recipients: seen.recipients, body: seen.body });
    const reached = await sql<{ customer_id: string }[]>`select customer_id from private.texts where campaign_id = ${campaign.id}`;
    const ids = reached.map((r) => r.customer_id);
    expect(ids).toContain(yes[1]!.customerId);
    expect(ids).not.toContain(yes[0]!.customerId); // Bronze
    expect(ids).not.toContain(no.customerId);
    expect(ids).not.toContain(elsewhere.customerId);

    const audit = await sql<{ action: string; actor_role: string }[]>`
      select action, actor_role from private.audit_log where target_type = 'campaign' and target_id = ${campaign.id}`;
    expect(audit).toEqual([{ action: 'campaign.send', actor_role: 'admin' }]);
  });

  it('an owner reaches only members who visited their business', async () => {
    const owner = await newOwner('creamery');
    expect(await outcome(preview(owner, 'Hi', { locationId: 'museum' }))).toBe('LY403');
    expect(await outcome(createCampaign(owner, 'Hi', { locationId: 'museum' }))).toBe('LY403');
    const visited = await consentingMember();
    const notVisited = await consentingMember();
    const staff = (await createStaff(sql, 'creamery')).claims;
    await approveVisit(sql, staff, `customer:${visited.customerId}`);
    for (let i = 0; i < 2; i++) await approveVisit(sql, staff, `customer:${(await consentingMember()).customerId}`);
    const campaign = await createCampaign(owner, 'Owner offer.');
    // The text starts with the business's name, then the programme's.
    const [creamery] = await sql<{ name: string }[]>`select business_name as name from public.locations where id = 'creamery'`;
    expect(campaign.body).toBe(`${creamery!.name} (Village Rewards): Owner offer. Reply STOP to opt out.`);
    const ids = (await sql<{ customer_id: string }[]>`select customer_id from private.texts where campaign_id = ${campaign.id}`).map((r) => r.customer_id);
    expect(
      (await sql<{ body: string }[]>`select body from private.texts where campaign_id = ${campaign.id}`).every((t) => t.body === campaign.body),
    ).toBe(true);
    expect(ids).toContain(visited.customerId);
    expect(ids).not.toContain(notVisited.customerId);
    const [{ everyone }] = (await sql<{ everyone: boolean }[]>`
      select bool_and(exists (select 1 from public.visits v where v.customer_id = t.customer_id and v.location_id = 'creamery' and v.status = 'approved')) as everyone
        from private.texts t where t.campaign_id = ${campaign.id}`) as unknown as [{ everyone: boolean }];
    expect(everyone).toBe(true);
    const [{ role }] = (await sql<{ role: string }[]>`select actor_role as role from private.audit_log where target_id = ${campaign.id}`) as unknown as [{ role: string }];
    expect(role).toBe('owner');
    // Members, staff and visitors cannot send.
    expect(await outcome(createCampaign(visited.claims, 'Hi'))).toBe('LY403');
    expect(await outcome(createCampaign((await createStaff(sql, 'creamery')).claims, 'Hi'))).toBe('LY403');
  });

  it('a scheduled campaign can be cancelled before it starts, starts when due, and cannot be cancelled after', async () => {
    const admin = await newAdmin();
    const member = await consentingMember();
    await approveVisit(sql, (await createStaff(sql, 'museum')).claims, `customer:${member.customerId}`);
    const later = new Date(Date.now() + 3_600_000);
    const cancelled = await createCampaign(admin, 'Cancelled offer.', { locationId: 'museum' }, later);
    expect(cancelled).toMatchObject({ status: 'scheduled', recipients: null });
    const [c1] = await actAs(sql, admin, (tx) => tx<{ result: { campaign: CampaignJson } }[]>`select app.cancel_campaign(${cancelled.id}) as result`);
    expect(c1!.result.campaign.status).toBe('cancelled');
    expect(await outcome(actAs(sql, admin, (tx) => tx`select app.cancel_campaign(${cancelled.id})`))).toBe('LY409');

    const scheduled = await createCampaign(admin, 'Scheduled offer.', { locationId: 'museum' }, later);
    expect((await textsOf(member.customerId)).filter((t) => t.kind === 'campaign')).toEqual([]);
    await sql`select app.texts_claim(1, ${new Date(later.getTime() + 60_000)})`;
    const texts = (await textsOf(member.customerId)).filter((t) => t.kind === 'campaign');
    expect(texts.map((t) => t.campaignId)).toEqual([scheduled.id]);
    expect(await outcome(actAs(sql, admin, (tx) => tx`select app.cancel_campaign(${scheduled.id})`))).toBe('LY409');
    expect(
      (await sql<{ action: string }[]>`select action from private.audit_log where target_id in (${cancelled.id}, ${scheduled.id}) order by id`).map((r) => r.action),
    ).toEqual(['campaign.schedule', 'campaign.cancel', 'campaign.schedule', 'campaign.start']);
  });

  it('an owner neither sees nor sends to fewer than 3 members; an admin may', async () => {
    const owner = await newOwner('creamery');
    // Segments of members who joined in 2031: only the ones this test makes.
    expect(await preview(owner, 'Few.', { joinedSince: '2031-01-01' })).toMatchObject({ recipients: 0, tooFew: true });
    expect(await outcome(createCampaign(owner, 'Few.', { joinedSince: '2031-01-01' }))).toBe('LY422');

    const one = await consentingMember();
    await sql`update public.customers set created_at = '2031-02-02T12:00:00Z' where id = ${one.customerId}`;
    await approveVisit(sql, (await createStaff(sql, 'creamery')).claims, `customer:${one.customerId}`);
    const few = await preview(owner, 'Few.', { joinedSince: '2031-01-01' });
    expect(few).toMatchObject({ recipients: null, tooFew: true });
    expect(few.partPriceCents).toBeGreaterThanOrEqual(0);
    expect(await outcome(createCampaign(owner, 'Few.', { joinedSince: '2031-01-01' }))).toBe('LY422');
    expect(await outcome(createCampaign(owner, 'Few.', { joinedSince: '2031-01-01' }, new Date(Date.now() + 3_600_000)))).toBe('LY422');
    expect((await textsOf(one.customerId)).filter((t) => t.kind === 'campaign')).toEqual([]);

    // The operator sees the count and may send (the text starts with the programme's name).
    const admin = await newAdmin();
    expect(await preview(admin, 'Few.', { locationId: 'creamery', joinedSince: '2031-01-01' })).toMatchObject({ recipients: 1, tooFew: false });
    const sent = await createCampaign(admin, 'Few.', { locationId: 'creamery', joinedSince: '2031-01-01' });
    expect(sent.body).toBe('Village Rewards: Few. Reply STOP to opt out.');
    expect(sent.recipients).toBe(1);

    // An owner's campaign scheduled when it reached 3 that reaches fewer when due is cancelled.
    const [row] = await sql<{ id: string }[]>`
      insert into private.text_campaigns (created_by_role, location_id, segment_location_id, segment_joined_since, message, body, send_at)
      values ('owner', 'creamery', 'creamery', '2031-01-01', 'Raw.', 'Raw.', now()) returning id`;
    await sql`select private.start_due_campaigns(now())`;
    const [state] = await sql<{ status: string; texts: number }[]>`
      select c.status, (select count(*)::int from private.texts t where t.campaign_id = c.id) as texts
        from private.text_campaigns c where c.id = ${row!.id}`;
    expect(state).toEqual({ status: 'cancelled', texts: 0 });
    expect((await sql<{ action: string }[]>`select action from private.audit_log where target_id = ${row!.id}`).map((r) => r.action)).toEqual([
      'campaign.cancel',
    ]);

    // An owner's campaign figures about 1 or 2 members are withheld; the admin sees them.
    await sql`update private.text_campaigns set status = 'started', started_at = now(), cancelled_at = null, recipients = 2
               where id = ${row!.id}`;
    const listed = async (claims: Claims) => {
      const [r] = await actAs(sql, claims, (tx) => tx<{ result: { campaigns: CampaignJson[] } }[]>`select app.campaigns(50) as result`);
      return r!.result.campaigns.find((c) => c.id === row!.id);
    };
    expect(await listed(owner)).toMatchObject({ recipients: null, figures: { queued: null, sent: null, failed: null } });
    expect(await listed(admin)).toMatchObject({ recipients: 2, figures: { queued: 0, sent: 0 } });
  });

  it('campaign creation is rate-limited per sender', async () => {
    await sql`update private.settings set campaigns_per_hour = 2`;
    try {
      const admin = await newAdmin();
      await createCampaign(admin, 'One.', { locationId: 'museum', tier: 'Gold', joinedSince: '2030-01-01' });
      await createCampaign(admin, 'Two.', { locationId: 'museum', tier: 'Gold', joinedSince: '2030-01-01' });
      expect(await outcome(createCampaign(admin, 'Three.', { locationId: 'museum' }))).toBe('LY429');
      // Another sender is not held up.
      expect(await outcome(createCampaign(await newAdmin(), 'Other.', { locationId: 'museum', joinedSince: '2030-01-01' }))).toBe('ok');
    } finally {
      await sql`update private.settings set campaigns_per_hour = 0`;
    }
  });
});
