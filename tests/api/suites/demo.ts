// Demo mode: GET /api/demo says whether it is on; POST /api/demo/simulate-scan approves
// a member's own mobile check-in through the real approval — only in demo mode, only once.
import { describe, expect, it } from 'vitest';
import {
  ApproveVisitResponse,
  DemoModeResponse,
  MeResponse,
  StartCheckinResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, startKioskCheckin } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function demoSuite(kind: DatabaseKind) {
  describe(`demo mode endpoints (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const demo = () => h().appWith({ demoMode: true });
    const mobileToken = async (memberToken: string, locationId = 'creamery') =>
      bodyOf(await h().call('POST', '/api/checkin/start', { token: memberToken, body: { locationId } }), StartCheckinResponse, 201)
        .token;
    const simulate = (app: ReturnType<typeof demo>, token: string, checkinToken: string) =>
      callApp(app, 'POST', '/api/demo/simulate-scan', { token, body: { token: checkinToken } });

    it('GET /api/demo says whether demo mode is on, to anyone', async () => {
      expect(bodyOf(await h().call('GET', '/api/demo'), DemoModeResponse)).toEqual({ demoMode: false });
      expect(bodyOf(await callApp(demo(), 'GET', '/api/demo'), DemoModeResponse)).toEqual({ demoMode: true });
    });

    it('refuses a simulated scan outside demo mode, and nothing changes', async () => {
      const member = await createMember(h());
      const token = await mobileToken(member.token);
      const response = await h().call('POST', '/api/demo/simulate-scan', { token: member.token, body: { token } });
      expect(response.status).toBe(403);
      expect(bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse).totalVisits).toBe(0);
    });

    it('approves the member\'s own mobile check-in once in demo mode, with the real points and rewards', async () => {
      const member = await createMember(h());
      const token = await mobileToken(member.token);
      const approved = bodyOf(await simulate(demo(), member.token, token), ApproveVisitResponse);
      expect(approved).toMatchObject({ customer: { id: member.id }, locationId: 'creamery', pointsEarned: 5, totalPoints: 5 });
      expect(approved.unlockedRewards.map((reward) => reward.name)).toEqual(['Free Ice Cream Scoop']);
      expect(approved.redeemableRewards).toEqual([]);
      const again = await simulate(demo(), member.token, token);
      expect(again.status).toBe(409);
      const me = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      expect(me).toMatchObject({ totalPoints: 5, totalVisits: 1 });
      const [ledger] = await h().db.sql<{ n: number }[]>`
        select count(*)::int as n from public.points_ledger where customer_id = ${member.id} and points = 5`;
      expect(ledger?.n).toBe(1);
    });

    it("refuses another member's token, a kiosk's token, anonymous callers and staff", async () => {
      const owner = await createMember(h());
      const other = await createMember(h());
      const token = await mobileToken(owner.token, 'museum');
      expect((await simulate(demo(), other.token, token)).status).toBe(404);
      const kiosk = await createKiosk(h(), 'museum');
      const kioskToken = await startKioskCheckin(h(), kiosk, owner.phone);
      expect((await simulate(demo(), owner.token, kioskToken)).status).toBe(404);
      expect((await simulate(demo(), kiosk.token, token)).status).toBe(403);
      expect((await callApp(demo(), 'POST', '/api/demo/simulate-scan', { body: { token } })).status).toBe(401);
      const staff = await createStaff(h(), 'museum');
      expect((await simulate(demo(), staff, token)).status).toBe(403);
      expect(bodyOf(await h().call('GET', '/api/me', { token: owner.token }), MeResponse).totalVisits).toBe(0);
    });
  });
}
