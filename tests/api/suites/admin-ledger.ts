// The admin's side of the points ledger through the API: voiding a visit, adjusting points and
// velocity flags, each for admins only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AdjustPointsResponse,
  ApproveVisitResponse,
  MeResponse,
  VelocityFlagsResponse,
  VoidVisitResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function adminLedgerSuite(kind: DatabaseKind) {
  describe(`voids, adjustments and velocity flags (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    const approve = (token: string, body: unknown) =>
      h().call('POST', '/api/visits/approve', { token, body });
    const memberCard = (customerId: string, locationId: string) => ({
      token: `customer:${customerId}`,
      locationId,
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
      for (const reason of ['  ', '\u200b\u200b', '\u2066\u2069\ufeff']) {
        const refused = await h().call('POST', path, { token: admin, body: { reason } });
        expect(refused.status).toBe(400);
        expect(refused.error?.fields?.reason).toBeDefined();
      }
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
      const invisible = await h().call('POST', path, {
        token: admin,
        body: { points: 10, reason: '\u200b\u200b' },
      });
      expect(invisible.status).toBe(400);
      expect(invisible.error?.fields?.reason).toBeDefined();
      const added = bodyOf(
        await h().call('POST', path, {
          token: admin,
          body: { points: 10, reason: '\u200b Paper card\u00a0' },
        }),
        AdjustPointsResponse,
      );
      expect(added).toMatchObject({ customerId: customer.id, pointsAdjusted: 10, totalPoints: 10 });
      expect(added.unlockedRewards).toHaveLength(1);
      const [event] = await h().db.sql<{ reason: string }[]>`
        select reason from public.points_ledger
         where customer_id = ${customer.id} and event = 'adjustment'`;
      expect(event!.reason).toBe('Paper card');
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
  });
}
