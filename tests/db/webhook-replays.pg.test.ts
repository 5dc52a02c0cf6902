// Replayed webhook calls on real Postgres: a signature proves who sent a call, not that it is new.
// The same signed Send SMS hook call sends one text and uses one of the phone's daily codes; a
// signed Twilio reply (START after a STOP) or delivery report sent again changes nothing. Each
// proves with SQL that nothing changed, and that the receipts are pruned.
import { randomBytes } from 'node:crypto';
import { createApp, type App } from '../../supabase/functions/_shared/app.ts';
import { parseConfig } from '../../supabase/functions/_shared/config.ts';
import { createDb } from '../../supabase/functions/_shared/db.ts';
import type { SmsSender } from '../../supabase/functions/_shared/hooks/sms-sender.ts';
import { twilioSignature } from '../../supabase/functions/_shared/hooks/twilio-signature.ts';
import { signWebhook } from '../../supabase/functions/_shared/hooks/webhook-signature.ts';
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { createAuthUser, createCustomer, nextPhone } from '../support/factories.ts';

const HOOK_SECRET = `v1,whsec_${Buffer.from('the send sms hook secret, 32 by.').toString('base64')}`;
const TWILIO_TOKEN = 'replay-test-twilio-auth-token';
const PUBLIC_BASE = 'https://project.supabase.co/functions/v1';

let db: TestDatabase;
let sql: Sql;
const sent: { phone: string; body: string }[] = [];

const sender: SmsSender = {
  async send(phone, body) {
    sent.push({ phone, body });
    return { providerId: `SM${randomBytes(16).toString('hex')}` };
  },
};

function apiApp(): App {
  const config = parseConfig({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_DB_URL: db.url,
    SEND_SMS_HOOK_SECRETS: HOOK_SECRET,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    PUBLIC_FUNCTIONS_URL: PUBLIC_BASE,
  });
  return createApp({ db: createDb(sql, { demoMode: false }), config, sms: sender });
}

const sid = () => `SM${randomBytes(16).toString('hex')}`;

/** A Twilio webhook call signed over the public URL Twilio calls. */
async function twilioPost(app: App, path: string, fields: Record<string, string>) {
  const params = new URLSearchParams(fields);
  return app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': await twilioSignature(TWILIO_TOKEN, `${PUBLIC_BASE}${path}`, params),
    },
    body: params.toString(),
  });
}

async function codesCounted(phone: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce((select cardinality(sent_at) from private.sign_in_codes where phone = ${phone}), 0)::int as n`;
  return row!.n;
}

async function consentOf(customerId: string) {
  const [row] = await sql<{ consent: boolean; changes: number }[]>`
    select c.sms_consent as consent,
           (select count(*)::int from public.consents k where k.customer_id = c.id and k.channel = 'sms') as changes
      from public.customers c where c.id = ${customerId}`;
  return row!;
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 12 });
  sql = db.sql;
  await sql`update private.settings set sign_in_codes_per_day = 5`;
});

afterAll(async () => {
  await db?.drop();
});

describe("Supabase Auth's Send SMS hook", () => {
  it('acts on a signed call once: sent again 4 times (2 in parallel), one text and one daily code', async () => {
    const app = apiApp();
    const phone = `+1${nextPhone()}`;
    const body = JSON.stringify({
      metadata: { uuid: 'x', time: new Date().toISOString(), name: 'send-sms' },
      user: { phone: phone.slice(1) },
      sms: { otp: '482913' },
    });
    const headers = { 'content-type': 'application/json', ...(await signWebhook(HOOK_SECRET, `msg_${randomBytes(8).toString('hex')}`, body)) };
    const call = () => app.request('/api/hooks/send-sms', { method: 'POST', body, headers });

    const first = await call();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({});
    const replays = [await call(), ...(await Promise.all([call(), call()]))];
    expect(replays.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(((await replays[0]!.json()) as { error: { message: string } }).error.message).toMatch(/already received/);

    expect(sent.filter((m) => m.phone === phone)).toHaveLength(1);
    expect(await codesCounted(phone)).toBe(1);
    // The phone keeps its four other codes of the day: a new call from Auth (a new id) is sent.
    const next = await app.request('/api/hooks/send-sms', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...(await signWebhook(HOOK_SECRET, `msg_${randomBytes(8).toString('hex')}`, body)) },
    });
    expect(next.status).toBe(200);
    expect(await codesCounted(phone)).toBe(2);
  });

  it('parallel copies of one call: exactly one is acted on', async () => {
    const app = apiApp();
    const phone = `+1${nextPhone()}`;
    const body = JSON.stringify({ user: { phone: phone.slice(1) }, sms: { otp: '120934' } });
    const headers = { 'content-type': 'application/json', ...(await signWebhook(HOOK_SECRET, `msg_${randomBytes(8).toString('hex')}`, body)) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.request('/api/hooks/send-sms', { method: 'POST', body, headers })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(sent.filter((m) => m.phone === phone)).toHaveLength(1);
    expect(await codesCounted(phone)).toBe(1);
  });
});

describe("Twilio's signed webhooks", () => {
  it('a replayed START after a STOP does not turn consent back on, nor answer', async () => {
    const app = apiApp();
    const phone = nextPhone();
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    const { customerId } = await createCustomer(sql, { name: 'Replayed Member', phone, smsConsent: true, as: user.claims });
    const reply = (Body: string, MessageSid: string) =>
      twilioPost(app, '/api/hooks/twilio/inbound', { From: `+1${phone}`, To: '+13125550199', Body, MessageSid });

    const startSid = sid();
    await reply('STOP', sid());
    expect((await reply('START', startSid)).status).toBe(200);
    expect((await consentOf(customerId)).consent).toBe(true);
    const stop = await reply('STOP', sid());
    expect(await stop.text()).toContain('unsubscribed');
    const before = await consentOf(customerId);
    expect(before.consent).toBe(false);
    const [textsBefore] = await sql<{ n: number }[]>`select count(*)::int as n from private.texts where customer_id = ${customerId}`;

    const replayed = await reply('START', startSid);
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await consentOf(customerId)).toEqual(before);
    const [textsAfter] = await sql<{ n: number }[]>`select count(*)::int as n from private.texts where customer_id = ${customerId}`;
    expect(textsAfter!.n).toBe(textsBefore!.n);

    // Parallel copies of one new START: consent changes once.
    const once = sid();
    await Promise.all(Array.from({ length: 4 }, () => reply('START', once)));
    expect(await consentOf(customerId)).toEqual({ consent: true, changes: before.changes + 1 });
  });

  it('a signed reply without a MessageSid is refused and changes nothing', async () => {
    const app = apiApp();
    const phone = nextPhone();
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    const { customerId } = await createCustomer(sql, { name: 'No Sid', phone, smsConsent: true, as: user.claims });
    const before = await consentOf(customerId);
    const response = await twilioPost(app, '/api/hooks/twilio/inbound', { From: `+1${phone}`, Body: 'STOP' });
    expect(response.status).toBe(400);
    expect(await consentOf(customerId)).toEqual(before);
  });

  it('a replayed delivery report changes nothing: "delivered" sent again after "undelivered"', async () => {
    const app = apiApp();
    const phone = nextPhone();
    const user = await createAuthUser(sql, { phone: `1${phone}` });
    const { customerId } = await createCustomer(sql, { name: 'Reported Member', phone, smsConsent: true, as: user.claims });
    const providerId = sid();
    await sql`update private.texts set status = 'sent', provider_id = ${providerId}, attempts = 1, sent_at = now()
               where customer_id = ${customerId} and kind = 'welcome'`;
    const report = (MessageStatus: string, ErrorCode?: string) =>
      twilioPost(app, '/api/hooks/twilio/status', { MessageSid: providerId, MessageStatus, ...(ErrorCode ? { ErrorCode } : {}) });
    const statusOf = async () =>
      (await sql<{ status: string; error: string | null }[]>`select status, error from private.texts where provider_id = ${providerId}`)[0];

    expect((await report('delivered')).status).toBe(204);
    expect(await statusOf()).toEqual({ status: 'delivered', error: null });
    expect((await report('undelivered', '30003')).status).toBe(204);
    expect(await statusOf()).toEqual({ status: 'failed', error: 'Twilio error 30003' });
    expect((await report('delivered')).status).toBe(204);
    expect(await statusOf()).toEqual({ status: 'failed', error: 'Twilio error 30003' });
  });
});

describe('the receipts', () => {
  it('are private, and pruned: a Send SMS id after an hour, a Twilio id after two years', async () => {
    const [grants] = await sql<{ n: number }[]>`
      select count(*)::int as n from information_schema.role_table_grants
       where table_schema = 'private' and table_name = 'webhook_receipts' and grantee in ('anon', 'authenticated', 'service_role')`;
    expect(grants!.n).toBe(0);
    const old = `old_${randomBytes(6).toString('hex')}`;
    await sql`insert into private.webhook_receipts (source, id, received_at) values
                ('auth_send_sms', ${old}, now() - interval '61 minutes'),
                ('auth_send_sms', ${`${old}_recent`}, now() - interval '59 minutes'),
                ('twilio_inbound', ${old}, now() - interval '700 days'),
                ('twilio_status', ${old}, now() - interval '731 days')`;
    await sql`select app.webhook_first_receipt('auth_send_sms', ${`new_${old}`})`;
    await sql`select app.webhook_first_receipt('twilio_inbound', ${`new_${old}`})`;
    await sql`select app.webhook_first_receipt('twilio_status', ${`new_${old}`})`;
    const kept = await sql<{ source: string; id: string }[]>`
      select source, id from private.webhook_receipts where id like ${`%${old}%`}`;
    expect(kept.map((r) => `${r.source} ${r.id}`).sort()).toEqual([
      `auth_send_sms ${old}_recent`,
      `auth_send_sms new_${old}`,
      `twilio_inbound ${old}`,
      `twilio_inbound new_${old}`,
      `twilio_status new_${old}`,
    ].sort());
    // Once pruned, an id is no replay any more (its signature has long expired).
    const [again] = await sql<{ first: boolean }[]>`select app.webhook_first_receipt('auth_send_sms', ${old}) as first`;
    expect(again!.first).toBe(true);
  });
});
