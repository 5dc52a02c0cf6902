// Dev only, not part of GoTrue: GET /dev/sms?phone=… lists the codes "texted" to a phone, newest
// last, so developers and tests can sign in without an SMS provider.
import { Hono } from 'hono';
import { AuthError } from '../errors.ts';
import type { AuthDeps } from '../http.ts';

/** 10-digit US numbers as typed in the app, or digits with the country code (+ optional). */
export function outboxPhone(input: string | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `1${digits}`;
  if (/^[1-9]\d{7,14}$/.test(digits)) return digits;
  throw new AuthError(
    400,
    'validation_failed',
    'phone: give 10 digits, or the number with its country code',
  );
}

export function devRoutes(deps: AuthDeps) {
  return (
    new Hono()
      .get('/dev/sms', async (c) => {
        const messages = await deps.store.smsFor(outboxPhone(c.req.query('phone')));
        return c.json({
          messages: messages.map((m) => ({
            phone: m.phone,
            code: m.code,
            body: m.body,
            sentAt: m.sentAt.toISOString(),
          })),
        });
      })
      // GET /dev/texts[?phone=…]: the programme's texts the drain "sent", oldest first.
      .get('/dev/texts', async (c) => {
        const phone = c.req.query('phone');
        const messages = await deps.store.textsFor(phone === undefined ? null : outboxPhone(phone));
        return c.json({
          messages: messages.map((m) => ({ phone: m.phone, body: m.body, sentAt: m.sentAt.toISOString() })),
        });
      })
  );
}
