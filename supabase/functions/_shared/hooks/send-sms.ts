// POST /api/hooks/send-sms: Supabase Auth's Send SMS hook (an HTTP hook; the
// facts below, from supabase/auth internal/api/phone.go, internal/hooks/v0hooks and the docs'
// auth-hooks/send-sms-hook page). Auth calls it instead of its SMS provider for every code it
// really sends — sign-in (/otp), sign-up confirmation, /resend — after its own max_frequency
// and project-wide sms_sent checks; never for a test number ([auth.sms.test_otp]).
// Payload: {"metadata": {uuid, time, name: "send-sms", ip_address}, "user": <the User object>,
// "sms": {"otp", "phone"?, "sms_type"?}}, signed per Standard Webhooks with the hook's secret.
// Answer 200 {} when sent; 200 {"error": {"http_code", "message"}} to refuse — Auth then answers
// that status and message, and stores no code. (Any non-2xx status is only "hook failed" to Auth:
// a 500, or retries for 429/503 with Retry-After.)
// Here: a call whose webhook-id was seen before is a replay (Auth signs every call, retries
// included, with a new id) and is refused before anything is counted or sent; the daily cap per
// phone is counted at this one door, so it holds on every path (app.sign_in_code_sending, in
// SQL); then the code goes out through the provider; a code the provider did not take is not
// counted.
import type { Context } from 'hono';
import type { Db } from '../db.ts';
import { ApiError, fromDatabaseError } from '../errors.ts';
import { smsText, type SmsSender } from './sms-sender.ts';
import { verifyWebhook } from './webhook-signature.ts';

export interface SendSmsHookDeps {
  db: Db;
  /** The hook's secrets ("v1,whsec_…"); none: the hook refuses every call. */
  secrets: readonly string[];
  sms: SmsSender;
}

interface HookPayload {
  user?: { phone?: unknown };
  sms?: { otp?: unknown; phone?: unknown };
}

const refuse = (c: Context, httpCode: number, message: string) =>
  c.json({ error: { http_code: httpCode, message } }, 200);

export function sendSmsHook(deps: SendSmsHookDeps) {
  return async (c: Context) => {
    const body = await c.req.text();
    const webhookId = c.req.header('webhook-id');
    const signed = await verifyWebhook(
      deps.secrets,
      {
        id: webhookId,
        timestamp: c.req.header('webhook-timestamp'),
        signature: c.req.header('webhook-signature'),
      },
      body,
    );
    // Not from Auth: 401, which Auth (were it the caller) reports as "Hook requires authorization token".
    if (!signed) return c.json({ error: { code: 'unauthorized', message: 'Not a signed Supabase Auth hook call' } }, 401);

    let payload: HookPayload;
    try {
      payload = JSON.parse(body) as HookPayload;
    } catch {
      return c.json({ error: { code: 'invalid_input', message: 'The hook payload is not JSON' } }, 400);
    }
    const otp = payload.sms?.otp;
    const rawPhone = payload.sms?.phone || payload.user?.phone;
    const digits = typeof rawPhone === 'string' ? rawPhone.replace(/^\+/, '') : '';
    if (typeof otp !== 'string' || !/^\d{4,10}$/.test(otp) || !/^[1-9]\d{6,14}$/.test(digits)) {
      return c.json({ error: { code: 'invalid_input', message: 'The hook payload has no phone or code' } }, 400);
    }
    const phone = `+${digits}`;
    // Signed, so webhookId is set; kept within the receipts' 200 characters.
    const firstCall = await deps.db.callAsService('app.webhook_first_receipt', {
      p_source: 'auth_send_sms',
      p_id: (webhookId ?? '').slice(0, 200),
    });
    if (firstCall !== true) {
      return c.json({ error: { code: 'conflict', message: 'This hook call was already received (same webhook-id); it is not acted on twice' } }, 409);
    }

    let countedAt: unknown;
    try {
      countedAt = await deps.db.callAsService('app.sign_in_code_sending', { p_phone: phone });
    } catch (error) {
      const refused = error instanceof ApiError ? error : fromDatabaseError(error);
      if (refused?.status === 429) {
        // gotrue.ts reads the wait from "<n> seconds" and passes it on as Retry-After.
        return refuse(c, 429, `${refused.message.replace(/; try again later$/, '')}; try again in ${refused.retryAfterSeconds ?? 60} seconds`);
      }
      throw error;
    }
    try {
      await deps.sms.send(phone, smsText(otp), otp);
    } catch {
      await deps.db.callAsService('app.sign_in_code_not_sent', { p_phone: phone, p_at: String(countedAt) }).catch(() => undefined);
      return refuse(c, 502, 'The SMS provider did not take the message; try again shortly');
    }
    return c.json({}, 200);
  };
}
