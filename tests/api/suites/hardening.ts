// Hardening through the API: redeemable rewards at the counter, the Idempotency-Key header,
// voids, adjustments and velocity flags for admins, and a member whose phone moved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ApproveVisitResponse,
  RedeemRewardResponse,
  RedeemableRewardsResponse,
  VerifyCodeResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import {
  createKiosk,
  createMember,
  createStaff,
  nextPhone,
  signUp,
  startKioskCheckin,
} from '../../support/api-factories.ts';
import { createRoleUser } from '../../support/role-users.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { latestSmsCode } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

export function hardeningSuite(kind: DatabaseKind) {
  describe(`hardening (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    const approve = (token: string, body: unknown, key?: string) =>
      h().call('POST', '/api/visits/approve', {
        token,
        body,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const memberCard = (customerId: string, locationId?: string) => ({
      token: `customer:${customerId}`,
      ...(locationId ? { locationId } : {}),
    });
    const points = async (customerId: string) =>
      (
        await h().db.sql<
          { n: number }[]
        >`select total_points as n from public.customers where id = ${customerId}`
      )[0]?.n;

    it('shows staff the rewards they can redeem here, earlier ones too; a kiosk gets none', async () => {
      const member = await createMember(h());
      const admin = await h().adminToken();
      bodyOf(await approve(admin, memberCard(member.id, 'museum')), ApproveVisitResponse);
      const staff = await createStaff(h(), 'creamery');
      const atCounter = bodyOf(await approve(staff, memberCard(member.id)), ApproveVisitResponse);
      // Creamery's welcome (just unlocked) and Silver (network, at 10 points); not the museum's welcome.
      expect(atCounter.redeemableRewards.map((r) => [r.name, r.scope]).sort()).toEqual([
        ['$5 Off Any Business', 'network'],
        ['Free Ice Cream Scoop', 'location'],
      ]);
      const scoop = atCounter.redeemableRewards.find((r) => r.scope === 'location')!;
      const redeemed = await h().call('POST', '/api/rewards/redeem', {
        token: staff,
        body: { customerRewardId: scoop.id },
      });
      expect(bodyOf(redeemed, RedeemRewardResponse).customerReward.reward.name).toBe(
        'Free Ice Cream Scoop',
      );

      // Back within the hour only to redeem: the list without a visit, for staff only.
      const listed = await h().call('GET', `/api/rewards/redeemable?customerId=${member.id}`, {
        token: staff,
      });
      expect(
        bodyOf(listed, RedeemableRewardsResponse).redeemableRewards.map((r) => r.name),
      ).toEqual(['$5 Off Any Business']);
      for (const token of [member.token, (await createKiosk(h(), 'creamery')).token]) {
        expect(
          (await h().call('GET', `/api/rewards/redeemable?customerId=${member.id}`, { token }))
            .status,
        ).toBe(403);
      }

      const kiosk = await createKiosk(h(), 'joanies');
      const atKiosk = bodyOf(
        await approve(kiosk.token, { token: await startKioskCheckin(h(), kiosk, member.phone) }),
        ApproveVisitResponse,
      );
      expect(atKiosk.redeemableRewards).toEqual([]);
    });

    it('holds the village-wide visit limits: a minute between visits anywhere, 4 an hour (429 with Retry-After)', async () => {
      const customer = await signUp(h());
      const admin = await h().adminToken();
      await h().withSettings(
        { min_visit_gap_anywhere: '1 minute', max_visits_per_hour: 4 },
        async () => {
          bodyOf(await approve(admin, memberCard(customer.id, 'museum')), ApproveVisitResponse);
          const tooSoon = await approve(admin, memberCard(customer.id, 'creamery'));
          expect(tooSoon.status).toBe(429);
          expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
        },
      );
      await h().withSettings({ max_visits_per_hour: 2 }, async () => {
        bodyOf(await approve(admin, memberCard(customer.id, 'creamery')), ApproveVisitResponse);
        expect((await approve(admin, memberCard(customer.id, 'joanies'))).status).toBe(429);
      });
      expect(await points(customer.id)).toBe(10);
    });

    it('refuses staff approving or listing rewards on the customer row of their own phone (403)', async () => {
      const phone = nextPhone();
      const customer = await signUp(h(), { phone });
      const staff = await createRoleUser(h(), phone, { role: 'staff', location_id: 'chatterbox' });
      expect((await approve(staff, memberCard(customer.id))).status).toBe(403);
      expect(
        (
          await h().call('GET', `/api/rewards/redeemable?customerId=${customer.id}`, {
            token: staff,
          })
        ).status,
      ).toBe(403);
      expect(await points(customer.id)).toBe(0);
    });

    it('refuses an Idempotency-Key that is not 8 to 128 visible ASCII characters (400, nothing approved)', async () => {
      const customer = await signUp(h());
      const admin = await h().adminToken();
      for (const key of ['short', 'x'.repeat(129), 'has space-in-it', 'tab\there-ok?']) {
        const response = await approve(admin, memberCard(customer.id, 'museum'), key);
        expect([key, response.status]).toEqual([key, 400]);
        expect(response.error?.fields?.['idempotency-key']).toEqual([
          'Idempotency-Key is 8 to 128 visible ASCII characters',
        ]);
      }
      expect(await points(customer.id)).toBe(0);
    });

    it('answers 20 parallel approvals with one key once: one award, 20 identical answers', async () => {
      const customer = await signUp(h());
      const admin = await h().adminToken();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          approve(admin, memberCard(customer.id, 'chatterbox'), key),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await points(customer.id)).toBe(5);
      const [visits] = await h().db.sql<
        { n: number }[]
      >`select count(*)::int as n from public.visits where customer_id = ${customer.id}`;
      expect(visits?.n).toBe(1);
      // The same key for another request is a misuse, not a retry.
      const other = await signUp(h());
      expect((await approve(admin, memberCard(other.id, 'chatterbox'), key)).status).toBe(422);
    });

    it('answers a retried redemption with the first answer instead of a 409', async () => {
      const member = await createMember(h(), { locationId: 'snackco' });
      const admin = await h().adminToken();
      const visit = bodyOf(
        await approve(admin, memberCard(member.id, 'snackco')),
        ApproveVisitResponse,
      );
      const reward = visit.unlockedRewards[0]!;
      const key = `redeem-${randomUUID()}`;
      const staff = await createStaff(h(), 'snackco');
      // The clerk scans the member's card: proof they are at the counter.
      await h().call('POST', '/api/rewards/scan-card', { token: staff, body: { token: memberCard(member.id).token } });
      const redeem = () =>
        h().call('POST', '/api/rewards/redeem', {
          token: staff,
          body: { customerRewardId: reward.id },
          headers: { 'idempotency-key': key },
        });
      const first = await redeem();
      const retry = await redeem();
      expect([first.status, retry.status]).toEqual([200, 200]);
      expect(retry.body).toEqual(first.body);
      const unkeyed = await h().call('POST', '/api/rewards/redeem', {
        token: staff,
        body: { customerRewardId: reward.id },
      });
      expect(unkeyed.status).toBe(409);
    });

    it('keeps a linked member on their own account when their phone now matches another customer', async () => {
      const member = await createMember(h(), { name: 'Original' });
      const other = await signUp(h(), { name: 'Other' });
      // The member's Auth phone changes to the other customer's (as a phone change would).
      await h().db
        .sql`update auth.users set phone = ${`1${other.phone}`} where phone = ${`1${member.phone}`}`;
      expect(
        (await h().call('POST', '/api/auth/send-code', { body: { phone: other.phone } })).status,
      ).toBe(200);
      const code = await latestSmsCode(h().auth, other.phone);
      const verified = bodyOf(
        await h().call('POST', '/api/auth/verify', { body: { phone: other.phone, code } }),
        VerifyCodeResponse,
      );
      expect(verified.customer).toMatchObject({ id: member.id, name: 'Original' });
      expect(verified.created).toBe(false);
      const [row] = await h().db.sql<
        { user_id: string | null }[]
      >`select user_id from public.customers where id = ${other.id}`;
      expect(row?.user_id).toBeNull();
    });
  });
}
