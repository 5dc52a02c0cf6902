// Phone sign-in over Supabase Auth: POST /api/auth/send-code, /api/auth/verify, /api/auth/logout.
import { describe, expect, it } from 'vitest';
import { MeResponse, VerifyCodeResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, nextPhone, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { latestSmsCode } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

export function authSuite(kind: DatabaseKind) {
  describe(`phone sign-in (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const sendCode = (body: unknown) => h().call('POST', '/api/auth/send-code', { body });
    const verify = (body: unknown) => h().call('POST', '/api/auth/verify', { body });
    const codeFor = async (phone: string) => {
      expect((await sendCode({ phone })).status).toBe(200);
      return latestSmsCode(h().auth, phone);
    };
    const linkedUser = async (phone: string) =>
      (await h().db.sql<{ user_id: string | null }[]>`select user_id from public.customers where phone = ${`+1${phone}`}`)[0]?.user_id;

    it('texts a 6-digit code through Supabase Auth', async () => {
      const phone = nextPhone();
      const response = await sendCode({ phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` });
      expect(response.body).toEqual({ sent: true });
      expect(await latestSmsCode(h().auth, phone)).toMatch(/^\d{6}$/);
    });

    it('answers 400 for a bad phone or body, sending nothing', async () => {
      for (const body of [{}, { phone: '555' }, { phone: 5551234567 }, { phone: '3125550100', channel: 'whatsapp' }]) {
        const response = await sendCode(body);
        expect(response.status).toBe(400);
        expect(response.error?.fields).toBeDefined();
      }
    });

    it('signs a customer in: the Supabase session, the customer, and the link between them', async () => {
      const customer = await signUp(h(), { name: 'Ivy' });
      const response = await verify({ phone: customer.phone, code: await codeFor(customer.phone) });
      const verified = bodyOf(response, VerifyCodeResponse);
      expect(verified.customer).toEqual({ id: customer.id, name: 'Ivy', phone: customer.phone });
      expect(verified.created).toBe(false);
      expect(verified.session.expires_in).toBeGreaterThan(0);
      expect(verified.session.refresh_token.length).toBeGreaterThan(0);
      expect(await linkedUser(customer.phone)).toBe(verified.session.user.id);
      const me = await h().call('GET', '/api/me', { token: verified.session.access_token });
      expect(bodyOf(me, MeResponse).customer.id).toBe(customer.id);
    });

    it('answers 401 for a wrong code, linking nothing', async () => {
      const customer = await signUp(h());
      const code = await codeFor(customer.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const response = await verify({ phone: customer.phone, code: wrong });
      expect(response.status).toBe(401);
      expect(response.error?.message).toBe('Invalid or expired code');
      expect(await linkedUser(customer.phone)).toBeNull();
    });

    it("answers 404 'No account found' for a phone without a customer, and ends that session", async () => {
      const phone = nextPhone();
      const response = await verify({ phone, code: await codeFor(phone) });
      expect(response.status).toBe(404);
      expect(response.error?.message).toContain('No account found');
      const [sessions] = await h().db.sql`
        select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.phone = ${`1${phone}`}`;
      expect(sessions?.n).toBe(0);
      const [customers] = await h().db.sql`select count(*)::int as n from public.customers where phone = ${`+1${phone}`}`;
      expect(customers?.n).toBe(0);
    });

    it('with continueToJoin keeps the proven session of a phone without a customer, and joining links it', async () => {
      const phone = nextPhone();
      const response = await verify({ phone, code: await codeFor(phone), continueToJoin: true });
      const verified = bodyOf(response, VerifyCodeResponse);
      expect(verified).toMatchObject({ customer: null, created: false });
      const token = verified.session.access_token;
      const joined = await h().call('POST', '/api/customers', {
        token, body: { name: 'Newcomer Nell', phone, smsConsent: false, emailConsent: false },
      });
      expect(joined.status).toBe(201);
      expect(await linkedUser(phone)).toBe(verified.session.user.id);
      const me = await h().call('GET', '/api/me', { token });
      expect(bodyOf(me, MeResponse).customer.name).toBe('Newcomer Nell');
    });

    it('creates the customer in the sign-up variant, linked to the new session', async () => {
      const phone = nextPhone();
      const response = await verify({
        phone, code: await codeFor(phone), name: 'Jo', email: 'jo@example.com', smsConsent: true, emailConsent: false,
      });
      const verified = bodyOf(response, VerifyCodeResponse);
      expect(verified.created).toBe(true);
      expect(verified.customer).toMatchObject({ name: 'Jo', phone });
      const [row] = await h().db.sql`
        select user_id, email, sms_consent, signup_channel from public.customers where id = ${verified.customer!.id}`;
      expect(row).toEqual({ user_id: verified.session.user.id, email: 'jo@example.com', sms_consent: true, signup_channel: 'mobile' });
    });

    it('links, without changing, an existing customer in the sign-up variant', async () => {
      const customer = await signUp(h(), { name: 'Kit' });
      const response = await verify({ phone: customer.phone, code: await codeFor(customer.phone), name: 'Someone Else' });
      const verified = bodyOf(response, VerifyCodeResponse);
      expect(verified).toMatchObject({ created: false, customer: { id: customer.id, name: 'Kit' } });
    });

    it('answers 400 for a code that is not 6 digits or a bad body', async () => {
      const phone = nextPhone();
      for (const body of [{ phone, code: '12345' }, { phone, code: '12345a' }, { code: '123456' }, { phone, code: 123456 }, { phone, code: '123456', role: 'admin' }]) {
        expect((await verify(body)).status).toBe(400);
      }
    });

    it('limits codes per IP address (429 with Retry-After)', async () => {
      const tight = h().appWith({ rateLimits: { sendCodePerIp: { limit: 3, windowSeconds: 3600 } } });
      const send = (phone: string, ip: string) =>
        callApp(tight, 'POST', '/api/auth/send-code', { body: { phone }, headers: { 'cf-connecting-ip': ip } });
      for (let i = 0; i < 3; i += 1) expect((await send(nextPhone(), '192.0.2.9')).status).toBe(200);
      const perIp = await send(nextPhone(), '192.0.2.9');
      expect(perIp.status).toBe(429);
      expect(Number(perIp.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(nextPhone(), '192.0.2.10')).status).toBe(200);
    });

    it('limits verification attempts per phone, even with the right code', async () => {
      const tight = h().appWith({ rateLimits: { verifyPerPhone: { limit: 2, windowSeconds: 900 } } });
      const customer = await signUp(h());
      const code = await codeFor(customer.phone);
      const attempt = (c: string) => callApp(tight, 'POST', '/api/auth/verify', { body: { phone: customer.phone, code: c } });
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await attempt(wrong)).status).toBe(401);
      expect((await attempt(wrong)).status).toBe(401);
      const limited = await attempt(code);
      expect(limited.status).toBe(429);
      expect(await linkedUser(customer.phone)).toBeNull();
    });

    it('answers 503 with a Retry-After when Supabase Auth cannot be reached', async () => {
      const cutOff = h().appWith({ supabaseUrl: 'http://127.0.0.1:9' });
      const sent = await callApp(cutOff, 'POST', '/api/auth/send-code', { body: { phone: nextPhone() } });
      expect(sent.status).toBe(503);
      expect(sent.error?.code).toBe('upstream_unavailable');
      expect(sent.headers.get('retry-after')).toBe('2');
      const member = await createMember(h());
      expect((await callApp(cutOff, 'POST', '/api/auth/logout', { token: member.token })).status).toBe(503);
      expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(200);
    });

    it('signs out: the token is refused from then on', async () => {
      const member = await createMember(h());
      expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(200);
      const out = await h().call('POST', '/api/auth/logout', { token: member.token });
      expect(out.body).toEqual({ signedOut: true });
      const after = await h().call('GET', '/api/me', { token: member.token });
      expect(after.status).toBe(401);
      expect(after.error?.code).toBe('unauthorized');
    });

    it('signs a kiosk out too, and answers 401 to nobody', async () => {
      const kiosk = await createKiosk(h(), 'museum', { enrolled: false });
      expect((await h().call('POST', '/api/auth/logout', { token: kiosk.token })).status).toBe(200);
      expect((await h().call('POST', '/api/kiosk/session', { token: kiosk.token, body: { locationId: 'museum' } })).status).toBe(401);
      expect((await h().call('POST', '/api/auth/logout')).status).toBe(401);
    });
  });
}
