// Parallel requests that must take effect exactly once: one token approved, one
// customer per phone, one redemption per reward. Real Postgres only: PGlite has one connection.
import { describe, expect, it } from 'vitest';
import { MeResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, nextPhone, recordVisit, signUp, startKioskCheckin } from '../../support/api-factories.ts';
import { useHarness } from './harness.ts';

const PARALLEL = 12;

const statuses = (responses: { status: number }[]) =>
  responses.map((r) => r.status).sort((a, b) => a - b);

export function racesSuite() {
  describe('races on real Postgres', { timeout: 60_000 }, () => {
    const h = useHarness('postgres');

    it('approves one token once under parallel approvals', async () => {
      const kiosk = await createKiosk(h(), 'creamery');
      const customer = await signUp(h());
      const token = await startKioskCheckin(h(), kiosk, customer.phone);
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () => h().call('POST', '/api/visits/approve', { token: kiosk.token, body: { token } })),
      );
      expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
      const [row] = await h().db.sql`
        select c.total_points, (select count(*)::int from public.visits v where v.customer_id = c.id) as visits,
               (select count(*)::int from public.customer_rewards cr where cr.customer_id = c.id) as rewards
          from public.customers c where c.id = ${customer.id}`;
      expect(row).toEqual({ total_points: 5, visits: 1, rewards: 1 });
    });

    it('approves one visit when staff and the kiosk race different tokens of one customer', async () => {
      const staff = await createStaff(h(), 'joanies');
      const kiosk = await createKiosk(h(), 'joanies');
      const customer = await signUp(h());
      const tokens = await Promise.all(Array.from({ length: 4 }, () => startKioskCheckin(h(), kiosk, customer.phone)));
      const responses = await Promise.all([
        ...tokens.map((token) => h().call('POST', '/api/visits/approve', { token: kiosk.token, body: { token } })),
        ...Array.from({ length: 4 }, () => h().call('POST', '/api/visits/approve', { token: staff, body: { token: `customer:${customer.id}` } })),
      ]);
      expect(statuses(responses)).toEqual([200, ...Array(7).fill(429)]);
      const [row] = await h().db.sql`select total_points from public.customers where id = ${customer.id}`;
      expect(row?.total_points).toBe(5);
    });

    it('creates one customer under parallel sign-ups with one phone; the rest answer 409', async () => {
      const phone = nextPhone();
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          h().call('POST', '/api/customers', { body: { name: `Racer ${i}`, phone, smsConsent: false, emailConsent: false } }),
        ),
      );
      expect(statuses(responses)).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
      for (const response of responses.filter((r) => r.status === 409)) expect(response.error?.message).toContain('already exists');
      const [row] = await h().db.sql`select count(*)::int as n from public.customers where phone = ${`+1${phone}`}`;
      expect(row?.n).toBe(1);
    });

    it('redeems one reward once under parallel confirmations of its redemption code', async () => {
      const member = await createMember(h());
      await recordVisit(h(), await h().adminToken(), member.id, 'museum');
      const account = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      const reward = account.rewards[0]!;
      const started = await h().call('POST', '/api/rewards/redemption-code', { token: member.token, body: { customerRewardId: reward.id } });
      const { code } = started.body as { code: string };
      const staff = await createStaff(h(), 'museum');
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          h().call('POST', '/api/rewards/redeem-code', { token: staff, body: { code } }),
        ),
      );
      expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
      const [row] = await h().db.sql`select status, redeemed_at is not null as stamped from public.customer_rewards where id = ${reward.id}`;
      expect(row).toEqual({ status: 'redeemed', stamped: true });
    });

    it('counts every parallel request against a rate limit: exactly the limit gets through', async () => {
      const tight = h().appWith({ rateLimits: { customersPerClient: { limit: 3, windowSeconds: 3600 } } });
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          callApp(tight, 'POST', '/api/customers', { headers: { 'cf-connecting-ip': '100.64.0.1' }, body: { name: 'Burst', phone: nextPhone() } }),
        ),
      );
      expect(statuses(responses)).toEqual([201, 201, 201, ...Array(PARALLEL - 3).fill(429)]);
    });

    it('counts parallel check-ins by phone in their own transactions, failed look-ups too: exactly the limit gets through', async () => {
      const tight = h().appWith({ rateLimits: { checkinsPerKiosk: { limit: 4, windowSeconds: 3600 } } });
      const kiosk = await createKiosk(h(), 'creamery');
      const members = await Promise.all([signUp(h()), signUp(h())]);
      // Half of the phones are members (201), half are not (404): both count against the kiosk.
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          callApp(tight, 'POST', '/api/checkin/start', {
            token: kiosk.token,
            body: { locationId: 'creamery', phone: i % 2 === 0 ? members[(i / 2) % 2]!.phone : nextPhone() },
          }),
        ),
      );
      const answered = responses.filter((r) => r.status !== 429);
      expect(answered).toHaveLength(4);
      expect(answered.every((r) => r.status === 201 || r.status === 404)).toBe(true);
      for (const r of responses.filter((r) => r.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      const [row] = await h().db.sql`
        with k as (select user_id from public.kiosk_sessions where id = ${kiosk.sessionId})
        select (select sum(hits)::int from private.rate_limit_hits, k where bucket = 'checkin:kiosk' and key = k.user_id::text) as hits,
               (select count(*)::int from public.checkin_tokens, k where issued_by_user_id = k.user_id) as tokens`;
      expect(row!.hits).toBe(PARALLEL);
      expect(row!.tokens).toBe(answered.filter((r) => r.status === 201).length);
    });
  });
}
