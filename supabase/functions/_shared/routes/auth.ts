// Phone sign-in over Supabase Auth (SPEC §7): send a code, verify it (login, or the mobile
// sign-up variant that creates the customer), and sign out.
import { Hono } from 'hono';
import { callerFromToken, requireCaller } from '../auth.ts';
import { LogoutResponse, SendCodeRequest, SendCodeResponse, VerifyCodeRequest, VerifyCodeResponse } from '../contract.ts';
import type { AppEnv } from '../context.ts';
import { clientIp, enforceRateLimit } from '../rate-limit.ts';
import { parseBody } from '../validation.ts';

interface ClaimedCustomerRow {
  customer_id: string;
  name: string;
  phone: string;
  created: boolean;
}

// The API takes 10 digits (SPEC §5); Supabase Auth wants E.164.
const e164 = (digits: string) => `+1${digits}`;

export const auth = new Hono<AppEnv>()
  .post('/send-code', async (c) => {
    const { phone } = await parseBody(c, SendCodeRequest);
    const { rateLimits } = c.var.config;
    await enforceRateLimit(c, 'send-code:ip', clientIp(c), rateLimits.sendCodePerIp);
    await enforceRateLimit(c, 'send-code:phone', phone, rateLimits.sendCodePerPhone);
    await c.var.auth.sendOtp(e164(phone));
    return c.json(SendCodeResponse.parse({ sent: true }));
  })
  .post('/verify', async (c) => {
    const body = await parseBody(c, VerifyCodeRequest);
    await enforceRateLimit(c, 'verify:phone', body.phone, c.var.config.rateLimits.verifyPerPhone);
    const session = await c.var.auth.verifyOtp(e164(body.phone), body.code);
    try {
      // The new session's token is verified like any other before it identifies anyone.
      const caller = await callerFromToken(session.access_token, c.var.config.anonKey, c.var.verifier);
      const [row] = await c.var.db.asCaller(caller, (sql) => sql<ClaimedCustomerRow[]>`
        select * from app.claim_customer(${body.name ?? null}, ${body.email ?? null},
          ${body.smsConsent}, ${body.emailConsent})`);
      return c.json(
        VerifyCodeResponse.parse({
          session,
          customer: { id: row?.customer_id, name: row?.name, phone: row?.phone },
          created: row?.created,
        }),
      );
    } catch (error) {
      // No account (404) or any other refusal: the session is not handed out, so end it.
      await c.var.auth.signOut(session.access_token).catch(() => undefined);
      throw error;
    }
  })
  .post('/logout', async (c) => {
    const caller = requireCaller(c, 'kiosk', 'member', 'staff', 'admin');
    await c.var.auth.signOut(caller.accessToken!);
    return c.json(LogoutResponse.parse({ signedOut: true }));
  });
