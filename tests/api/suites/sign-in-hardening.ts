// Issue 11 on the sign-in side: the code limits Supabase Auth lacks, and a session that no SMS
// code proved (phone + password with confirmations off) getting no customer.
import { describe, expect, it } from 'vitest';
import { nextPhone, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { latestSmsCode, signUpWithPassword } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

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
