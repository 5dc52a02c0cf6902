// SMS consent by double opt-in, on real Postgres: consent ticked on a form (the join pages, the
// kiosk) is pending until the phone confirms it by a reply YES to the one text that asks, or by a
// sign-in with a code sent to it. A pending consent gets that one text and nothing else (no
// welcome, reward, tier or campaign text; not in campaign audiences or the export's consenting
// members); STOP ends it; the consent history keeps both steps with their wording and time.
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import { parseConfig } from '../../supabase/functions/_shared/config.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import type { SmsSender } from '../../supabase/functions/_shared/hooks/sms-sender.ts';
import { twilioSignature } from '../../supabase/functions/_shared/hooks/twilio-signature.ts';
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  approveVisit,
  createAuthUser,
  createCustomer,
  createKiosk,
  createStaff,
  nextPhone,
  setVisitLimits,
  userClaims,
  type Claims,
} from '../support/factories.ts';

const TWILIO_TOKEN = 'test-twilio-auth-token';
const DRAIN_SECRET = 'a-drain-secret-of-some-length';
const PUBLIC_BASE = 'https://project.supabase.co/functions/v1';
const FORM_WORDING =
  'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.';

let db: TestDatabase;
let sql: Sql;
let app: App;
const sent: { phone: string; body: string }[] = [];

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 8 });
  sql = db.sql;
  await setVisitLimits(sql, { perBusinessSeconds: 0, anywhereSeconds: 0, perHour: 0, velocityVisits: 0 });
  await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00',
                                         marketing_texts_per_week = 0, campaigns_per_hour = 0`;
  let n = 0;
  const sender: SmsSender = {
    async send(phone, body) {
      sent.push({ phone, body });
      n += 1;
      return { providerId: `SM${String(n).padStart(32, '0')}` };
    },
  };
  const config = parseConfig({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_DB_URL: db.url,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TEXTS_DRAIN_SECRET: DRAIN_SECRET,
    PUBLIC_FUNCTIONS_URL: PUBLIC_BASE,
  });
  app = createApp({ db: createDb(sql, { demoMode: false }), config, sms: sender });
});

afterAll(async () => {
  await db?.drop();
});

/** A text from the member's phone to the programme, signed as Twilio signs it. */
async function reply(phone: string, body: string) {
  const params = new URLSearchParams({
    From: `+1${phone}`, To: '+13125550199', Body: body,
    MessageSid: `SM${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`,
  });
  const signature = await twilioSignature(TWILIO_TOKEN, `${PUBLIC_BASE}/api/hooks/twilio/inbound`, params);
  const response = await app.request('/api/hooks/twilio/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: params.toString(),
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function drain() {
  const response = await app.request('/api/hooks/texts/drain', { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
  expect(response.status).toBe(200);
}

async function stateOf(customerId: string) {
  const [row] = await sql<{ confirmed: boolean; pending: boolean }[]>`
    select sms_consent as confirmed, sms_consent_pending as pending from public.customers where id = ${customerId}`;
  return row!;
}

interface Step { granted: boolean; pending: boolean; source: string; wording: string; createdAt: Date }
async function historyOf(customerId: string): Promise<Step[]> {
  return sql<Step[]>`
    select granted, pending, source, wording, created_at as "createdAt"
      from public.consents where customer_id = ${customerId} and channel = 'sms' order by created_at, id`;
}

async function textsOf(customerId: string) {
  return sql<{ kind: string; status: string; error: string | null; body: string }[]>`
    select kind, status, error, body from private.texts where customer_id = ${customerId} order by id`;
}

/** Every member a campaign to the whole programme would reach now. */
async function audience(): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select m as id from private.campaign_members(null, null, null, null, null, now()) m`;
  return rows.map((r) => r.id);
}

async function newAdmin(): Promise<Claims> {
  return (await createAuthUser(sql, { phone: `1${nextPhone()}`, appMetadata: { provider: 'phone', role: 'admin' } })).claims;
}

/** Signs up on /join (a visitor, no session) with the SMS box ticked. */
async function joinOnForm(locationId?: string) {
  return createCustomer(sql, { name: 'Form Joiner', smsConsent: true, smsConsentWording: FORM_WORDING, locationId });
}

describe('consent ticked on a form is pending until the phone confirms it', () => {
  it('records the form step as pending and queues one confirmation text, and nothing else', async () => {
    const { customerId, phone } = await joinOnForm('creamery');
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: true });
    expect(await historyOf(customerId)).toEqual([
      expect.objectContaining({ granted: true, pending: true, source: 'signup', wording: FORM_WORDING }),
    ]);
    const texts = await textsOf(customerId);
    expect(texts.map((t) => [t.kind, t.status])).toEqual([['consent_request', 'queued']]);
    expect(texts[0]!.body).toMatch(/^Village Rewards: .*Reply YES to confirm\..* Reply STOP to opt out\.$/);

    // Visits that unlock the welcome reward and reach Silver and Gold queue no text.
    const staff = await createStaff(sql, 'creamery');
    for (let i = 0; i < 4; i += 1) await approveVisit(sql, staff.claims, `customer:${customerId}`);
    const [counted] = await sql<{ rewards: number }[]>`
      select count(*)::int as rewards from public.customer_rewards where customer_id = ${customerId}`;
    expect(counted!.rewards).toBeGreaterThanOrEqual(2);
    expect((await textsOf(customerId)).map((t) => t.kind)).toEqual(['consent_request']);

    // Not in any campaign's audience, and a campaign sent now queues nothing for it.
    expect(await audience()).not.toContain(customerId);
    const admin = await newAdmin();
    await actAs(sql, admin, (tx) => tx`select app.create_campaign('Free cone Friday', 'creamery')`);
    expect((await textsOf(customerId)).map((t) => t.kind)).toEqual(['consent_request']);

    // The sender sends the confirmation once, however often it drains.
    await drain();
    await drain();
    expect(sent.filter((m) => m.phone === `+1${phone}`).map((m) => m.body)).toEqual([texts[0]!.body]);
    expect((await textsOf(customerId))[0]).toMatchObject({ kind: 'consent_request', status: 'sent' });
  });

  it('a kiosk sign-up is pending too', async () => {
    const kiosk = await createKiosk(sql, 'museum');
    const { customerId } = await createCustomer(sql, { smsConsent: true, smsConsentWording: FORM_WORDING, as: kiosk.claims });
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: true });
    expect((await historyOf(customerId))[0]).toMatchObject({ pending: true, source: 'signup' });
    expect((await textsOf(customerId)).map((t) => t.kind)).toEqual(['consent_request']);
  });

  it('the admin sees "pending" and the export does not count it as consenting', async () => {
    const { customerId } = await joinOnForm();
    const admin = await newAdmin();
    const [detail] = await actAs(sql, admin, (tx) => tx<{ r: { customer: Record<string, unknown>; consents: Record<string, unknown>[] } }[]>`
      select app.admin_customer(${customerId}) as r`);
    expect(detail!.r.customer).toMatchObject({ smsConsent: false, smsConsentPending: true });
    expect(detail!.r.consents).toEqual([expect.objectContaining({ pending: true, granted: true, source: 'signup' })]);
    const [row] = await actAs(sql, admin, (tx) => tx<{ sms_consent: boolean }[]>`
      select e.sms_consent from app.admin_export_customers() e where e.id = ${customerId}`);
    expect(row!.sms_consent).toBe(false);
  });
});

describe('a reply YES confirms; STOP still wins', () => {
  it('YES confirms: the history has both steps, the welcome follows, campaigns reach it', async () => {
    const { customerId, phone } = await joinOnForm();
    const before = await audience();
    expect(before).not.toContain(customerId);

    const answer = await reply(phone, ' yes ');
    // It says what the reply did: a first confirmation, not "subscribed again".
    expect(answer).toContain('Thank you, your texts are confirmed.');
    expect(answer).not.toContain('again');
    expect(await stateOf(customerId)).toEqual({ confirmed: true, pending: false });
    const history = await historyOf(customerId);
    expect(history).toEqual([
      expect.objectContaining({ granted: true, pending: true, source: 'signup', wording: FORM_WORDING }),
      expect.objectContaining({ granted: true, pending: false, source: 'sms_reply', wording: 'SMS reply: YES' }),
    ]);
    expect(history[1]!.createdAt.getTime()).toBeGreaterThan(history[0]!.createdAt.getTime());
    // The unsent request is withdrawn (the phone already answered); the welcome is queued once.
    expect((await textsOf(customerId)).map((t) => [t.kind, t.status, t.error])).toEqual([
      ['consent_request', 'cancelled', 'confirmed'],
      ['welcome', 'queued', null],
    ]);
    expect(await audience()).toContain(customerId);

    // A second YES changes nothing, says so, and adds no row or text.
    expect(await reply(phone, 'YES')).toContain('You are already subscribed');
    expect(await historyOf(customerId)).toHaveLength(2);
    expect(await textsOf(customerId)).toHaveLength(2);

    // STOP after YES: off, queued texts cancelled.
    await reply(phone, 'STOP');
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: false });
    expect((await textsOf(customerId)).find((t) => t.kind === 'welcome')).toMatchObject({ status: 'cancelled', error: 'opted_out' });
    expect(await audience()).not.toContain(customerId);
  });

  it('STOP to the request ends the pending consent: no text, and a later sign-in confirms nothing', async () => {
    const { customerId, phone } = await joinOnForm('chatterbox');
    await reply(phone, 'Stop');
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: false });
    expect((await historyOf(customerId)).map((s) => [s.granted, s.pending, s.source])).toEqual([
      [true, true, 'signup'],
      [false, false, 'sms_reply'],
    ]);
    expect(await textsOf(customerId)).toEqual([
      expect.objectContaining({ kind: 'consent_request', status: 'cancelled', error: 'opted_out' }),
    ]);

    const user = await createAuthUser(sql, { phone: `1${phone}` });
    await actAs(sql, user.claims, (tx) => tx`select app.claim_customer()`);
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: false });
    expect(await historyOf(customerId)).toHaveLength(2);
    const staff = await createStaff(sql, 'chatterbox');
    await approveVisit(sql, staff.claims, `customer:${customerId}`);
    expect(await textsOf(customerId)).toHaveLength(1);
  });
});

describe('a sign-in with a code sent to the phone confirms', () => {
  it('the verified sign-in confirms the pending consent, with the sign-in step in the history', async () => {
    const { customerId, phone } = await joinOnForm();
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    await actAs(sql, user.claims, (tx) => tx`select app.claim_customer()`);
    expect(await stateOf(customerId)).toEqual({ confirmed: true, pending: false });
    expect((await historyOf(customerId)).map((s) => [s.granted, s.pending, s.source, s.wording])).toEqual([
      [true, true, 'signup', FORM_WORDING],
      [true, false, 'sign_in', 'Confirmed by signing in with a code sent to this phone'],
    ]);
    expect((await textsOf(customerId)).map((t) => t.kind)).toEqual(['consent_request', 'welcome']);
  });

  it('a session not proven by a code, or proven for another phone, confirms nothing', async () => {
    const { customerId, phone } = await joinOnForm();
    const unproven = await createAuthUser(sql, { phone: `1${phone}`, amr: ['password'] });
    await expect(actAs(sql, unproven.claims, (tx) => tx`select app.claim_customer()`)).rejects.toThrow(/code sent to your phone/);
    // Someone else's proven session signs up another number: this one stays pending.
    const other = await createAuthUser(sql, { phone: `1${nextPhone()}` });
    await createCustomer(sql, { name: 'Other', smsConsent: true, as: other.claims });
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: true });
    expect(await historyOf(customerId)).toHaveLength(1);
  });

  it('joining in a session proven for that phone records both steps at once and welcomes', async () => {
    const phone = nextPhone();
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    const { customerId } = await createCustomer(sql, { phone, smsConsent: true, smsConsentWording: FORM_WORDING, as: user.claims });
    expect(await stateOf(customerId)).toEqual({ confirmed: true, pending: false });
    expect((await historyOf(customerId)).map((s) => [s.pending, s.source])).toEqual([
      [true, 'signup'],
      [false, 'sign_in'],
    ]);
    expect((await textsOf(customerId)).map((t) => t.kind)).toEqual(['welcome']);
  });

  it('the member sees "pending" on /account until confirmed', async () => {
    const { customerId, phone } = await joinOnForm();
    // A session that was linked before the form consent (an older sign-in) reads it as pending.
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    await sql`update public.customers set user_id = ${user.id} where id = ${customerId}`;
    const claims = userClaims(user.id, { phone: `1${phone}` });
    const [read] = await actAs(sql, claims, (tx) => tx<{ r: Record<string, unknown> }[]>`select app.my_details() as r`);
    expect(read!.r).toMatchObject({ smsConsent: false, smsConsentPending: true });
    // Turning texts on from /account (a proven session) confirms.
    const [saved] = await actAs(sql, claims, (tx) => tx<{ r: Record<string, unknown> }[]>`
      select app.set_my_sms_consent(true, ${'Text me about my rewards and offers. Msg & data rates may apply. Reply STOP to opt out.'}) as r`);
    expect(saved!.r).toMatchObject({ smsConsent: true, smsConsentPending: false });
    expect((await historyOf(customerId)).map((s) => [s.pending, s.source])).toEqual([
      [true, 'signup'],
      [false, 'account'],
    ]);
  });
});

describe('forgetting a member', () => {
  it('leaves no pending consent and cancels the unsent request', async () => {
    const { customerId } = await joinOnForm();
    const admin = await newAdmin();
    await actAs(sql, admin, (tx) => tx`select app.admin_forget_customer(${customerId}, 'Asked by phone to be removed')`);
    expect(await stateOf(customerId)).toEqual({ confirmed: false, pending: false });
    expect(await textsOf(customerId)).toEqual([expect.objectContaining({ kind: 'consent_request', status: 'cancelled' })]);
  });
});
