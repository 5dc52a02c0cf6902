// The programme's texts leave and come back here. Not caller endpoints: each door
// has its own proof (a shared secret, Twilio's signature) and acts as service_role.
//
// POST /api/hooks/texts/drain     the sender: claims due rows of the outbox (private.texts, with
//                                 `for update skip locked`), sends each through the one provider
//                                 module (sms-sender.ts) and records the outcome. Header
//                                 `x-drain-secret: <TEXTS_DRAIN_SECRET>`. Hosted: pg_cron + pg_net
//                                 every minute (a migration, supabase/schemas/48_texts.sql);
//                                 locally the dev stack calls it on an interval.
// POST /api/hooks/twilio/status   Twilio's status callback: delivered / undelivered / failed.
// POST /api/hooks/twilio/inbound  a member's reply: STOP / START / HELP, POINTS / REWARDS / CARD, answered in TwiML.
// Both Twilio doors check X-Twilio-Signature over the public URL Twilio called; a forged or
// unsigned call is a 403 and changes nothing. A signature carries no time, so a captured call
// stays valid: each MessageSid (each sid and status, for delivery reports) is acted on once,
// recorded by app.webhook_first_receipt in the same transaction as its effect.
import type { Context } from 'hono';
import { callFunction, type Db } from '../db.ts';
import { SmsRefused, type SmsSender } from './sms-sender.ts';
import { sameText, verifyTwilioSignature } from './twilio-signature.ts';

export interface TextsDeps {
  db: Db;
  sms: SmsSender;
  /** TEXTS_DRAIN_SECRET; none: the drain refuses every call. */
  drainSecret?: string;
  /** Twilio's auth token (signatures); none: the Twilio doors refuse every call. */
  twilioAuthToken?: string;
  /** The public base of the function's URLs, as Twilio calls them (…/functions/v1). */
  publicBaseUrl: string;
}

interface Claimed {
  id: number;
  phone: string;
  body: string;
}

/** How many texts one drain call sends at most (a minute's worth; the next call goes on). */
export const DRAIN_BATCH = 50;
const DRAIN_ROUNDS = 4;

/** The public URL of a request: the configured base + the function's own path and query. */
function publicUrl(deps: TextsDeps, c: Context): string {
  const url = new URL(c.req.url);
  return `${deps.publicBaseUrl}${url.pathname}${url.search}`;
}

/** Twilio's message ids: SM… or MM…, 34 characters; anything else is not acted on. */
const MESSAGE_SID = /^[A-Za-z0-9]{10,64}$/;

const forbidden = (c: Context, message: string) => c.json({ error: { code: 'forbidden', message } }, 403);

async function signedForm(deps: TextsDeps, c: Context): Promise<URLSearchParams | undefined> {
  const params = new URLSearchParams(await c.req.text());
  const ok = await verifyTwilioSignature(deps.twilioAuthToken, publicUrl(deps, c), params, c.req.header('x-twilio-signature'));
  return ok ? params : undefined;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sends what is due: returns how many were claimed, sent and not sent. */
export async function drainTexts(deps: Pick<TextsDeps, 'db' | 'sms' | 'publicBaseUrl'>, now?: Date) {
  const totals = { claimed: 0, sent: 0, failed: 0 };
  const statusCallback = deps.publicBaseUrl.startsWith('https://') ? `${deps.publicBaseUrl}/api/hooks/twilio/status` : undefined;
  // Rewards past their expiry date are recorded expired, and the "expires soon" warnings due
  // join the outbox (95_reward_expiry.sql); then the "your reward is waiting" reminders (94_nudges.sql).
  await deps.db.callAsService('app.expire_rewards', now ? { p_now: now.toISOString() } : {});
  await deps.db.callAsService('app.queue_reward_reminders', now ? { p_now: now.toISOString() } : {});
  for (let round = 0; round < DRAIN_ROUNDS; round += 1) {
    // `now`: a clock for tests; otherwise the database's.
    const at = now ? { p_now: now.toISOString() } : {};
    const batch = (await deps.db.callAsService('app.texts_claim', { p_limit: DRAIN_BATCH, ...at })) as Claimed[];
    totals.claimed += batch.length;
    for (const text of batch) {
      try {
        const sent = await deps.sms.send(text.phone, text.body, '', { statusCallback });
        await deps.db.callAsService('app.text_sent', { p_id: text.id, p_provider_id: sent?.providerId ?? null, ...at });
        totals.sent += 1;
      } catch (error) {
        const permanent = error instanceof SmsRefused && error.permanent;
        const message = error instanceof Error ? error.message : String(error);
        await deps.db.callAsService('app.text_failed', { p_id: text.id, p_error: message, p_permanent: permanent, ...at });
        totals.failed += 1;
      }
    }
    if (batch.length < DRAIN_BATCH) break;
  }
  return totals;
}

export function drainHook(deps: TextsDeps) {
  return async (c: Context) => {
    const offered = c.req.header('x-drain-secret');
    if (!deps.drainSecret || !offered || !sameText(offered, deps.drainSecret)) {
      return c.json({ error: { code: 'unauthorized', message: 'Give the drain secret in x-drain-secret' } }, 401);
    }
    return c.json(await drainTexts(deps), 200);
  };
}

export function twilioStatusHook(deps: TextsDeps) {
  return async (c: Context) => {
    const params = await signedForm(deps, c);
    if (!params) return forbidden(c, 'Not a signed Twilio request');
    const sid = params.get('MessageSid') ?? '';
    const status = params.get('MessageStatus') ?? '';
    if (MESSAGE_SID.test(sid) && /^[a-z_]{1,20}$/.test(status)) {
      const code = params.get('ErrorCode');
      await deps.db.asService(async (tx) => {
        // A replayed report (say "delivered" after "failed") changes nothing.
        if ((await callFunction(tx, 'app.webhook_first_receipt', { p_source: 'twilio_status', p_id: `${sid}:${status}` })) !== true) return;
        await callFunction(tx, 'app.text_status', {
          p_provider_id: sid,
          p_status: status,
          p_error: code ? `Twilio error ${code.slice(0, 10)}` : null,
        });
      });
    }
    return c.body(null, 204);
  };
}

export function twilioInboundHook(deps: TextsDeps) {
  return async (c: Context) => {
    const params = await signedForm(deps, c);
    if (!params) return forbidden(c, 'Not a signed Twilio request');
    const sid = params.get('MessageSid') ?? '';
    if (!MESSAGE_SID.test(sid)) {
      return c.json({ error: { code: 'invalid_input', message: 'A Twilio message has a MessageSid' } }, 400);
    }
    // A replay (the same MessageSid: a START sent again after a STOP) is answered with nothing
    // and changes nothing.
    const answer = await deps.db.asService(async (tx) => {
      if ((await callFunction(tx, 'app.webhook_first_receipt', { p_source: 'twilio_inbound', p_id: sid })) !== true) return undefined;
      return (await callFunction(tx, 'app.text_inbound', {
        p_phone: (params.get('From') ?? '').slice(0, 32),
        p_body: (params.get('Body') ?? '').slice(0, 320),
      })) as { reply: string | null };
    });
    const twiml = answer?.reply
      ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(answer.reply)}</Message></Response>`
      : '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    return c.body(twiml, 200, { 'content-type': 'text/xml; charset=utf-8' });
  };
}
