// Issue 11 through the API: redeemable rewards at the counter, the Idempotency-Key header,
// voids, adjustments and velocity flags for admins, and a member whose phone moved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AdjustPointsResponse,
  ApproveVisitResponse,
  MeResponse,
  RedeemRewardResponse,
  RedeemableRewardsResponse,
  VelocityFlagsResponse,
  VerifyCodeResponse,
  VoidVisitResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import {
  createKiosk,
  createMember,
  createStaff,
  signUp,
  startKioskCheckin,
} from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { latestSmsCode } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

export function hardeningSuite(kind: DatabaseKind) {
  describe(`issue 11 hardening (${kind})`, { timeout: 120_000 }, () => {
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
      const listed = await h().call('GET', `/api/rewards/redeemable?customerId=${member.id}`, { token: staff });
      expect(bodyOf(listed, RedeemableRewardsResponse).redeemableRewards.map((r) => r.name)).toEqual(['$5 Off Any Business']);
      for (const token of [member.token, (await createKiosk(h(), 'creamery')).token]) {
        expect((await h().call('GET', `/api/rewards/redeemable?customerId=${member.id}`, { token })).status).toBe(403);
      }

      const kiosk = await createKiosk(h(), 'joanies');
      const atKiosk = bodyOf(
        await approve(kiosk.token, { token: await startKioskCheckin(h(), kiosk, member.phone) }),
        ApproveVisitResponse,
      );
      expect(atKiosk.redeemableRewards).toEqual([]);
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
      const redeem = () =>
        h().call('POST', '/api/rewards/redeem', {
          token: member.token,
          body: { customerRewardId: reward.id },
          headers: { 'idempotency-key': key },
        });
      const first = await redeem();
      const retry = await redeem();
      expect([first.status, retry.status]).toEqual([200, 200]);
      expect(retry.body).toEqual(first.body);
      const unkeyed = await h().call('POST', '/api/rewards/redeem', {
        token: member.token,
        body: { customerRewardId: reward.id },
      });
      expect(unkeyed.status).toBe(409);
    });

    it('lets only an admin void a visit, reversing its points by a new ledger event', async () => {
      const member = await createMember(h());
      const admin = await h().adminToken();
      const visit = bodyOf(
        await approve(admin, memberCard(member.id, 'broken-bridge')),
        ApproveVisitResponse,
      );
      const path = `/api/admin/visits/${visit.visitId}/void`;
      for (const token of [
        member.token,
        (await createKiosk(h(), 'creamery')).token,
        await createStaff(h(), 'broken-bridge'),
      ]) {
        expect((await h().call('POST', path, { token, body: { reason: 'fraud' } })).status).toBe(
          403,
        );
      }
      expect(
        (await h().call('POST', path, { token: admin, body: { reason: '  ' } })).error?.fields
          ?.reason,
      ).toBeDefined();
      const voided = bodyOf(
        await h().call('POST', path, {
          token: admin,
          body: { reason: 'Scanned twice by mistake' },
        }),
        VoidVisitResponse,
      );
      expect(voided).toMatchObject({
        visitId: visit.visitId,
        voided: true,
        pointsReversed: 5,
        totalPoints: 0,
      });
      expect(voided.rewardsRevoked).toEqual(visit.unlockedRewards.map((r) => r.id));
      expect(
        (await h().call('POST', path, { token: admin, body: { reason: 'again' } })).status,
      ).toBe(409);
      expect(
        (
          await h().call('POST', `/api/admin/visits/${randomUUID()}/void`, {
            token: admin,
            body: { reason: 'x' },
          })
        ).status,
      ).toBe(404);
      const me = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      expect(me.totalPoints).toBe(0);
      const ledger = await h().db.sql<{ event: string; points: number; reason: string | null }[]>`
        select event, points, reason from public.points_ledger where visit_id = ${visit.visitId} order by id`;
      expect(ledger.filter((e) => e.points !== 0)).toEqual([
        { event: 'visit_approved', points: 5, reason: null },
        { event: 'visit_voided', points: -5, reason: 'Scanned twice by mistake' },
      ]);
    });

    it('lets only an admin adjust points, never below 0', async () => {
      const customer = await signUp(h());
      const admin = await h().adminToken();
      const path = `/api/admin/customers/${customer.id}/adjust-points`;
      expect(
        (
          await h().call('POST', path, {
            token: await createStaff(h(), 'museum'),
            body: { points: 5, reason: 'x' },
          })
        ).status,
      ).toBe(403);
      const added = bodyOf(
        await h().call('POST', path, { token: admin, body: { points: 10, reason: 'Paper card' } }),
        AdjustPointsResponse,
      );
      expect(added).toMatchObject({ customerId: customer.id, pointsAdjusted: 10, totalPoints: 10 });
      expect(added.unlockedRewards).toHaveLength(1);
      expect(
        (await h().call('POST', path, { token: admin, body: { points: -11, reason: 'Too much' } }))
          .status,
      ).toBe(409);
    });

    it('flags a member with 5 approved visits in a day for the admin, who can dismiss the flag', async () => {
      const customer = await signUp(h());
      const admin = await h().adminToken();
      for (const location of ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco']) {
        bodyOf(await approve(admin, memberCard(customer.id, location)), ApproveVisitResponse);
      }
      const flags = bodyOf(
        await h().call('GET', '/api/admin/flags', { token: admin }),
        VelocityFlagsResponse,
      );
      const flag = flags.find((f) => f.customerId === customer.id);
      expect(flag).toMatchObject({ customerName: customer.name, visits: 5, dismissedAt: null });
      for (const token of [await createStaff(h(), 'museum'), (await createMember(h())).token]) {
        expect((await h().call('GET', '/api/admin/flags', { token })).status).toBe(403);
        expect(
          (await h().call('POST', `/api/admin/flags/${flag!.id}/dismiss`, { token })).status,
        ).toBe(403);
      }
      const dismissed = await h().call('POST', `/api/admin/flags/${flag!.id}/dismiss`, {
        token: admin,
      });
      expect((dismissed.body as { dismissedAt: string | null }).dismissedAt).not.toBeNull();
      const open = bodyOf(
        await h().call('GET', '/api/admin/flags', { token: admin }),
        VelocityFlagsResponse,
      );
      expect(open.some((f) => f.id === flag!.id)).toBe(false);
      const all = bodyOf(
        await h().call('GET', '/api/admin/flags?includeDismissed=true', { token: admin }),
        VelocityFlagsResponse,
      );
      expect(all.some((f) => f.id === flag!.id)).toBe(true);
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
