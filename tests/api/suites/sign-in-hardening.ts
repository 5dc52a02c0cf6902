// The sign-in side: the code limits Supabase Auth lacks, held on every path
// (the api's and Auth's own /auth/v1/otp and /auth/v1/verify, through Auth's Send SMS and Custom
// Access Token hooks), and a session that no SMS code proved getting no customer.
import { describe, expect, it } from 'vitest';
import { VerifySessionResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { nextPhone, signUp } from '../../support/api-factories.ts';
import type { ApiHarness, DatabaseKind } from '../../support/api-harness.ts';
import { latestSmsCode, signUpWithPassword, type AuthServer } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

/** A call straight to Supabase Auth (what supabase-js signInWithOtp / verifyOtp send). */
async function authCall(server: AuthServer, path: string, body: unknown) {
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${server.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** How many codes are counted for the phone (10 digits) in the last 24 hours. */
async function codesCounted(h: ApiHarness, phone: string): Promise<number> {
  const [row] = await h.db.sql<{ n: number }[]>`
    select coalesce((select cardinality(sent_at) from private.sign_in_codes where phone = ${`+1${phone}`}), 0)::int as n`;
  return row!.n;
}

async function smsCount(h: ApiHarness, phone: string): Promise<number> {
  const [row] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from auth_dev.sms_outbox where phone = ${`1${phone}`}`;
  return row!.n;
}

export function signInHardeningSuite(kind: DatabaseKind) {
  describe(`sign-in codes (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);

    it('kills a code after 5 wrong tries: even the right one fails until a new code is sent', async () => {
      const customer = await signUp(h());
      await h().withSettings({ sign_in_code_max_failures: 5 }, async () => {
        const verify = (code: string) =>
          h().call('POST', '/api/auth/verify', { body: { phone: customer.phone, code } });
        expect(
          (await h().call('POST', '/api/auth/send-code', { body: { phone: customer.phone } }))
            .status,
        ).toBe(200);
        const code = await latestSmsCode(h().auth, customer.phone);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i += 1) expect((await verify(wrong)).status).toBe(401);
        const dead = await verify(code);
        expect(dead.status).toBe(401);
        expect(dead.error?.message).toMatch(/too many wrong tries/);
        expect(
          (await h().call('POST', '/api/auth/send-code', { body: { phone: customer.phone } }))
            .status,
        ).toBe(200);
        expect((await verify(await latestSmsCode(h().auth, customer.phone))).status).toBe(200);
      });
    });

    it('sends at most 5 codes per phone in 24 hours', async () => {
      const phone = nextPhone();
      await h().withSettings({ sign_in_codes_per_day: 5 }, async () => {
        const send = () => h().call('POST', '/api/auth/send-code', { body: { phone } });
        for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(200);
        const sixth = await send();
        expect(sixth.status).toBe(429);
        expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(86_000);
      });
    });
  });

  describe(`sign-in code limits at Supabase Auth itself (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);

    it('sends no 6th code in 24 hours through /auth/v1/otp either (the Send SMS hook)', async () => {
      const phone = nextPhone();
      await h().withSettings({ sign_in_codes_per_day: 5 }, async () => {
        for (let i = 0; i < 3; i += 1) {
          expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
        }
        for (let i = 0; i < 2; i += 1) {
          expect((await authCall(h().auth, '/otp', { phone: `+1${phone}`, channel: 'sms' })).status).toBe(200);
        }
        expect(await smsCount(h(), phone)).toBe(5);
        const direct = await authCall(h().auth, '/otp', { phone: `+1${phone}`, channel: 'sms' });
        expect(direct.status).toBe(429);
        expect(String(direct.body.message)).toMatch(/Too many codes for this phone today; try again in \d+ seconds/);
        const viaApi = await h().call('POST', '/api/auth/send-code', { body: { phone } });
        expect(viaApi.status).toBe(429);
        expect(Number(viaApi.headers.get('retry-after'))).toBeGreaterThan(86_000);
        expect(await smsCount(h(), phone)).toBe(5);
      });
    });

    it('refuses a session for a dead code at /auth/v1/verify too (the Custom Access Token hook)', async () => {
      const customer = await signUp(h());
      await h().withSettings({ sign_in_code_max_failures: 5 }, async () => {
        expect((await h().call('POST', '/api/auth/send-code', { body: { phone: customer.phone } })).status).toBe(200);
        const code = await latestSmsCode(h().auth, customer.phone);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i += 1) {
          expect((await h().call('POST', '/api/auth/verify', { body: { phone: customer.phone, code: wrong } })).status).toBe(401);
        }
        const direct = await authCall(h().auth, '/verify', { phone: `+1${customer.phone}`, token: code, type: 'sms' });
        expect(direct.status).toBe(403);
        expect(direct.body.access_token).toBeUndefined();
        expect(String(direct.body.message)).toMatch(/too many wrong tries/);
        const [sessions] = await h().db.sql<{ n: number }[]>`
          select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id
           where u.phone = ${`1${customer.phone}`}`;
        expect(sessions!.n).toBe(0);
        // A new code revives the phone on every path.
        expect((await authCall(h().auth, '/otp', { phone: `+1${customer.phone}`, channel: 'sms' })).status).toBe(200);
        const fresh = await latestSmsCode(h().auth, customer.phone);
        const revived = await authCall(h().auth, '/verify', { phone: `+1${customer.phone}`, token: fresh, type: 'sms' });
        expect(revived.status).toBe(200);
        expect(typeof revived.body.access_token).toBe('string');
      });
    });

    it('never counts the demo admin\'s and demo staff\'s test numbers, so they are never locked out', async () => {
      await h().withSettings({ sign_in_codes_per_day: 2 }, async () => {
        for (const phone of ['5555550100', '5555550101']) {
          for (let i = 0; i < 4; i += 1) {
            expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
          }
          expect(await codesCounted(h(), phone)).toBe(0);
          expect(await smsCount(h(), phone)).toBe(0);
        }
      });
    });

    it('signs operators and clerks in through the api, counting their tries like a member\'s', async () => {
      await h().withSettings({ sign_in_code_max_failures: 2 }, async () => {
        const phone = nextPhone();
        const [user] = await h().db.sql<{ id: string }[]>`
          insert into auth.users (id, aud, role, phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, is_anonymous)
          values (gen_random_uuid(), 'authenticated', 'authenticated', ${`1${phone}`}, now(),
                  '{"provider": "phone", "role": "staff", "location_id": "creamery"}', '{}', false)
          returning id`;
        expect(user).toBeDefined();
        expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
        const code = await latestSmsCode(h().auth, phone);
        const wrong = code === '000000' ? '111111' : '000000';
        const verify = (c: string) => h().call('POST', '/api/auth/verify-session', { body: { phone, code: c } });
        expect((await verify(wrong)).status).toBe(401);
        const signedIn = bodyOf(await verify(code), VerifySessionResponse);
        expect(signedIn.role).toBe('staff');
        expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
        const next = await latestSmsCode(h().auth, phone);
        for (let i = 0; i < 2; i += 1) expect((await verify(next === '000000' ? '111111' : '000000')).status).toBe(401);
        const dead = await verify(next);
        expect(dead.status).toBe(401);
        expect(dead.error?.message).toMatch(/too many wrong tries/);
      });
    });
  });

  describe(`refused sends (${kind})`, { timeout: 120_000 }, () => {
    // Auth's own per-phone rule on: one code per phone every 2 seconds.
    const h = useHarness(kind, { authSettings: { smsMaxFrequencySeconds: 2 } });

    it('five sends in one second that Auth refuses do not use up the phone\'s day', async () => {
      const phone = nextPhone();
      await h().withSettings({ sign_in_codes_per_day: 2 }, async () => {
        const burst: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          burst.push((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status);
        }
        expect(burst).toEqual([200, 429, 429, 429, 429]);
        expect(await codesCounted(h(), phone)).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        expect((await h().call('POST', '/api/auth/send-code', { body: { phone } })).status).toBe(200);
        expect(await codesCounted(h(), phone)).toBe(2);
        expect(await smsCount(h(), phone)).toBe(2);
      });
    });
  });

  describe(`a session not proven by an SMS code (${kind})`, { timeout: 120_000 }, () => {
    // SMS confirmations off, as a misconfigured project would have them: GoTrue then hands out a
    // session for a phone + password sign-up without sending any code.
    const h = useHarness(kind, { authSettings: { smsAutoconfirm: true } });

    it('can neither link to the customer with its phone nor have a sign-up linked to it', async () => {
      const victim = await signUp(h(), { name: 'Victim' });
      const stolen = await signUpWithPassword(h().auth, victim.phone, 'hunter22');
      expect((await h().call('GET', '/api/me', { token: stolen.access_token })).status).toBe(404);
      expect(
        (
          await h().call('POST', '/api/checkin/start', {
            token: stolen.access_token,
            body: { locationId: 'creamery' },
          })
        ).status,
      ).toBe(404);

      const ownPhone = nextPhone();
      const own = await signUpWithPassword(h().auth, ownPhone, 'hunter22');
      const created = await h().call('POST', '/api/customers', {
        token: own.access_token,
        body: { name: 'Pat', phone: ownPhone },
      });
      expect(created.status).toBe(201);
      const [row] = await h().db.sql<
        { user_id: string | null }[]
      >`select user_id from public.customers where phone = ${`+1${ownPhone}`}`;
      expect(row?.user_id).toBeNull();
      expect((await h().call('GET', '/api/me', { token: own.access_token })).status).toBe(404);
      const [victimRow] = await h().db.sql<
        { user_id: string | null }[]
      >`select user_id from public.customers where id = ${victim.id}`;
      expect(victimRow?.user_id).toBeNull();
    });
  });
}
