// The admin Rewards, Locations and Messages tabs, kiosk revocation and the staff member lookup.
import { describe, expect, it } from 'vitest';
import {
  AdminKiosksResponse, AdminLocationsResponse, MetricsResponse, AdminRewardsResponse, ContactMessagesResponse, RevokeKioskResponse,
  RedeemableRewardsResponse, VisitSeriesResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createStaff, recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';
import { memberToken } from './tokens.ts';

const MAY = 'range=custom&from=2024-05-01&to=2024-05-31';

export function adminProgrammeSuite(kind: DatabaseKind) {
  describe(`admin programme tabs and staff lookup (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const get = async (path: string) => h().call('GET', path, { token: await h().adminToken() });
    const visit = async (customerId: string, locationId: string) =>
      (await recordVisit(h(), await h().adminToken(), customerId, locationId)).visitId;
    const noLimits = () =>
      h().db.sql`update private.settings set min_visit_gap_anywhere = interval '0', max_visits_per_hour = 0, min_visit_interval = interval '0'`;
    const redeem = async (customerId: string, rewardName: string, locationId: string) => {
      const [row] = await h().db.sql<{ id: string }[]>`
        select cr.id from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
         where cr.customer_id = ${customerId} and r.name = ${rewardName}`;
      const response = await h().call('POST', '/api/rewards/redeem', { token: await h().adminToken(), body: { customerRewardId: row!.id, locationId } });
      expect(response.status).toBe(200);
    };
    const moveToMay = (ids: string[]) => h().db.sql`
      with v as (update public.visits set created_at = '2024-05-10T18:00:00Z' where customer_id in ${h().db.sql(ids)} returning 1)
      update public.customer_rewards
         set unlocked_at = '2024-05-10T18:00:00Z',
             redeemed_at = case when redeemed_at is not null then '2024-05-11T18:00:00Z'::timestamptz end
       where customer_id in ${h().db.sql(ids)}`;

    it('counts unlocks where the visit was and redemptions where the reward was honoured, per business', async () => {
      await noLimits();
      const a = await signUp(h());
      const b = await signUp(h());
      await visit(a.id, 'creamery');
      await visit(a.id, 'joanies'); // 10 points: Silver unlocks at joanies
      await visit(b.id, 'creamery');
      await redeem(a.id, '$5 Off Any Business', 'creamery');
      await redeem(a.id, 'Free Ice Cream Scoop', 'creamery');
      await moveToMay([a.id, b.id]);

      const rewards = bodyOf(await get(`/api/admin/rewards?${MAY}`), AdminRewardsResponse);
      const scoop = rewards.find((r) => r.name === 'Free Ice Cream Scoop')!;
      expect(scoop).toMatchObject({ kind: 'welcome', locationId: 'creamery', valueCents: null, unlocks: 2, redemptions: 1 });
      expect(scoop.byBusiness).toEqual([{ locationId: 'creamery', businessName: 'Village Creamery', unlocks: 2, redemptions: 1 }]);
      const silver = rewards.find((r) => r.tier === 'Silver')!;
      expect(silver).toMatchObject({ kind: 'tier', scope: 'network', valueCents: 500, unlocks: 1, redemptions: 1 });
      expect(silver.byBusiness).toHaveLength(6);
      expect(silver.byBusiness.find((x) => x.locationId === 'joanies')).toMatchObject({ unlocks: 1, redemptions: 0 });
      expect(silver.byBusiness.find((x) => x.locationId === 'creamery')).toMatchObject({ unlocks: 0, redemptions: 1 });
      expect(rewards.find((r) => r.tier === 'Gold')).toMatchObject({ valueCents: 1000, unlocks: 0, redemptions: 0 });
      expect(rewards.filter((r) => r.kind === 'welcome')).toHaveLength(6);

      const locations = bodyOf(await get(`/api/admin/locations?${MAY}`), AdminLocationsResponse);
      expect(locations.map((l) => l.id)).toHaveLength(6);
      expect(locations.find((l) => l.id === 'creamery')).toMatchObject({ visits: 2, members: 2 });
      expect(locations.find((l) => l.id === 'joanies')).toMatchObject({ visits: 1, members: 1 });
      expect(locations.find((l) => l.id === 'museum')).toMatchObject({ visits: 0, members: 0 });
    });

    it('lists staff phones and kiosks per business, and a revoked kiosk is refused at once', async () => {
      await createStaff(h(), 'museum');
      const [staffUser] = await h().db.sql<{ phone: string }[]>`
        select phone from auth.users where raw_app_meta_data ->> 'location_id' = 'museum' order by created_at desc limit 1`;
      const kiosk = await createKiosk(h(), 'museum');
      const museum = bodyOf(await get('/api/admin/locations'), AdminLocationsResponse).find((l) => l.id === 'museum')!;
      expect(museum.staff.map((s) => s.phone)).toContain(staffUser!.phone.slice(-10));
      expect(museum.enrolledKiosks).toBeGreaterThanOrEqual(1);
      expect(museum.enrolmentCodeSetAt).not.toBeNull();

      const kiosks = bodyOf(await get('/api/admin/locations/museum/kiosks'), AdminKiosksResponse);
      expect(kiosks.find((k) => k.id === kiosk.sessionId)).toMatchObject({ enrolled: true, signedIn: true, deviceFingerprint: 'vitest' });
      const admin = await h().adminToken();
      const revoked = await h().call('POST', `/api/admin/kiosks/${kiosk.sessionId}/revoke`, { token: admin });
      expect(bodyOf(revoked, RevokeKioskResponse)).toEqual({ id: kiosk.sessionId, locationId: 'museum', revoked: true });
      const after = bodyOf(await get('/api/admin/locations/museum/kiosks'), AdminKiosksResponse);
      expect(after.find((k) => k.id === kiosk.sessionId)).toMatchObject({ enrolled: false, signedIn: false });
      const member = await signUp(h());
      const refused = await h().call('POST', '/api/checkin/start', { token: kiosk.token, body: { locationId: 'museum', phone: member.phone } });
      expect(refused.status).toBe(401);
      expect((await h().call('POST', '/api/admin/kiosks/00000000-0000-4000-8000-000000000999/revoke', { token: admin })).status).toBe(404);
      expect((await get('/api/admin/locations/atlantis/kiosks')).status).toBe(404);
    });

    it('charts visits per day (America/Chicago) per business, every day of the range present', async () => {
      await noLimits();
      const [a, b] = [await signUp(h()), await signUp(h())];
      const at = async (customerId: string, locationId: string, time: string) =>
        h().db.sql`update public.visits set created_at = ${time}::timestamptz where id = ${await visit(customerId, locationId)}`;
      await at(a.id, 'creamery', '2023-01-02T05:30:00Z'); // 23:30 CT on 1 January
      await at(a.id, 'joanies', '2023-01-03T18:00:00Z');
      await at(b.id, 'creamery', '2023-01-03T19:00:00Z');
      await at(b.id, 'museum', '2023-01-04T07:00:00Z'); // 4 January in CT: outside
      const series = bodyOf(await get('/api/admin/visits/daily?range=custom&from=2023-01-01&to=2023-01-03'), VisitSeriesResponse);
      expect(series.timeZone).toBe('America/Chicago');
      expect(series.locations).toHaveLength(6);
      expect(series.days.map((d) => [d.day, d.total, d.visits.creamery, d.visits.joanies, d.visits.museum])).toEqual([
        ['2023-01-01', 1, 1, 0, 0],
        ['2023-01-02', 0, 0, 0, 0],
        ['2023-01-03', 2, 1, 1, 0],
      ]);
      const creamery = bodyOf(await get('/api/admin/visits/daily?location=creamery&range=custom&from=2023-01-01&to=2023-01-03'), VisitSeriesResponse);
      expect(creamery.days.map((d) => d.visits)).toEqual([{ creamery: 1 }, { creamery: 0 }, { creamery: 1 }]);
      // A rolling range starts mid-day: its first and last days are counted from the visits themselves.
      await at(b.id, 'snackco', new Date(Date.now() - 7 * 86_400_000 + 3_600_000).toISOString());
      await at(a.id, 'snackco', new Date(Date.now() - 7 * 86_400_000 - 3_600_000).toISOString());
      const week = bodyOf(await get('/api/admin/visits/daily'), VisitSeriesResponse);
      const metrics = bodyOf(await get('/api/admin/metrics'), MetricsResponse);
      expect(week.days.length).toBeGreaterThanOrEqual(7);
      expect(week.days.reduce((sum, d) => sum + d.total, 0)).toBe(metrics.totalVisits);
      expect((await get('/api/admin/visits/daily?location=atlantis')).status).toBe(404);
    });

    it('lists contact messages newest first with the total', async () => {
      for (const subject of ['First note', 'Second note']) {
        const sent = await h().call('POST', '/api/contact', { body: { name: 'Pat Writer', email: 'pat@example.com', subject, message: 'Hello there' } });
        expect(sent.status).toBeLessThan(300);
      }
      await h().db.sql`update public.contact_messages set created_at = now() - interval '1 hour' where subject = 'First note'`;
      const page = bodyOf(await get('/api/admin/messages?limit=1'), ContactMessagesResponse);
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.messages).toEqual([
        { id: expect.any(String), name: 'Pat Writer', email: 'pat@example.com', subject: 'Second note', message: 'Hello there', createdAt: expect.any(String), handledAt: null },
      ]);
      const second = bodyOf(await get('/api/admin/messages?limit=1&page=2'), ContactMessagesResponse);
      expect(second.messages[0]?.subject).toBe('First note');
    });

    it("shows staff a member's rewards redeemable at their own business only (the counter's flow)", async () => {
      await noLimits();
      const member = await signUp(h());
      await visit(member.id, 'snackco');
      await visit(member.id, 'chatterbox'); // Silver
      const snackStaff = await createStaff(h(), 'snackco');
      const creameryStaff = await createStaff(h(), 'creamery');
      const path = `/api/rewards/redeemable?customerId=${member.id}`;
      const atSnack = bodyOf(await h().call('GET', path, { token: snackStaff }), RedeemableRewardsResponse);
      expect(atSnack).toMatchObject({ customer: { id: member.id, name: member.name }, locationId: 'snackco' });
      expect(atSnack.redeemableRewards.map((r) => r.name).sort()).toEqual(['$5 Off Any Business', 'Free Sock Monkey Cookie']);
      const atCreamery = bodyOf(await h().call('GET', path, { token: creameryStaff }), RedeemableRewardsResponse);
      expect(atCreamery.redeemableRewards.map((r) => r.name)).toEqual(['$5 Off Any Business']);
      expect((await h().call('GET', `${path}&locationId=snackco`, { token: creameryStaff })).status).toBe(403);
      const admin = await h().adminToken();
      expect((await h().call('GET', path, { token: admin })).status).toBe(400);
      const asAdmin = bodyOf(await h().call('GET', `${path}&locationId=chatterbox`, { token: admin }), RedeemableRewardsResponse);
      expect(asAdmin.redeemableRewards.map((r) => r.name).sort()).toEqual(['$5 Off Any Business', 'Free Appetizer']);
      expect((await h().call('GET', path, { token: await memberToken(h(), member.phone) })).status).toBe(403);
      expect((await h().call('GET', path)).status).toBe(401);
      expect((await h().call('GET', '/api/rewards/redeemable?customerId=00000000-0000-4000-8000-000000000999', { token: snackStaff })).status).toBe(404);
      // Redeeming one takes it off the list.
      const cookie = atSnack.redeemableRewards.find((r) => r.name === 'Free Sock Monkey Cookie')!;
      // Looking a member up is no proof they are here: the clerk scans their card first.
      expect((await h().call('POST', '/api/rewards/redeem', { token: snackStaff, body: { customerRewardId: cookie.id } })).status).toBe(403);
      expect((await h().call('POST', '/api/rewards/scan-card', { token: snackStaff, body: { token: `customer:${member.id}` } })).status).toBe(200);
      expect((await h().call('POST', '/api/rewards/redeem', { token: snackStaff, body: { customerRewardId: cookie.id } })).status).toBe(200);
      const later = bodyOf(await h().call('GET', path, { token: snackStaff }), RedeemableRewardsResponse);
      expect(later.redeemableRewards.map((r) => r.name)).toEqual(['$5 Off Any Business']);
    });
  });
}
