// The admin Customers tab: paging, sorting, counting and one customer's record.
import { describe, expect, it } from 'vitest';
import { AdminCustomerDetail, AdminCustomersResponse, CustomersCountResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createStaff, recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function adminCustomersSuite(kind: DatabaseKind) {
  describe(`admin customers (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const get = async (path: string) => h().call('GET', path, { token: await h().adminToken() });
    const visit = async (customerId: string, locationId: string) =>
      (await recordVisit(h(), await h().adminToken(), customerId, locationId)).visitId;
    const noLimits = () =>
      h().db.sql`update private.settings set min_visit_gap_anywhere = interval '0', max_visits_per_hour = 0, min_visit_interval = interval '0'`;

    it('pages and sorts customers by name, points, visits and last visit, and counts them', async () => {
      await noLimits();
      const [abe, bo, cy] = [
        await signUp(h(), { name: 'Pagetest Cy' }).then(async (c) => ({ ...c })),
        await signUp(h(), { name: 'Pagetest Abe' }),
        await signUp(h(), { name: 'Pagetest Bo' }),
      ].sort((x, y) => x.name.localeCompare(y.name));
      for (const location of ['creamery', 'joanies', 'museum']) await visit(bo!.id, location);
      await visit(cy!.id, 'creamery');
      const old = await signUp(h(), { name: 'Pagetest Old' });
      await h().db.sql`update public.customers set created_at = now() - interval '400 days' where id = ${old.id}`;

      const names = async (query: string) =>
        bodyOf(await get(`/api/admin/customers?search=pagetest&${query}`), AdminCustomersResponse).map((c) => c.name);
      expect(await names('sort=name&order=asc&limit=2')).toEqual(['Pagetest Abe', 'Pagetest Bo']);
      expect(await names('sort=name&order=asc&limit=2&page=2')).toEqual(['Pagetest Cy']);
      expect(await names('sort=name&order=desc')).toEqual(['Pagetest Cy', 'Pagetest Bo', 'Pagetest Abe']);
      expect(await names('sort=totalVisits&order=desc')).toEqual(['Pagetest Bo', 'Pagetest Cy', 'Pagetest Abe']);
      expect(await names('sort=points&order=asc')).toEqual(['Pagetest Abe', 'Pagetest Cy', 'Pagetest Bo']);
      // Never visited sorts first ascending, last descending.
      expect((await names('sort=lastVisit&order=desc'))[2]).toBe('Pagetest Abe');
      expect((await names('sort=lastVisit&order=asc'))[0]).toBe('Pagetest Abe');
      // range=all lists the customer nobody has seen for a year; a date range does not.
      expect(await names('range=all&sort=name&order=asc')).toEqual(['Pagetest Abe', 'Pagetest Bo', 'Pagetest Cy', 'Pagetest Old']);
      expect(await names('range=3months&sort=name&order=asc')).not.toContain('Pagetest Old');

      const rows = bodyOf(await get('/api/admin/customers?search=pagetest&sort=totalVisits'), AdminCustomersResponse);
      expect(rows[0]).toMatchObject({ id: bo!.id, totalPoints: 15, status: 'Silver', totalVisits: 3 });
      expect(rows.find((c) => c.id === abe!.id)).toMatchObject({ totalVisits: 0, lastVisit: null, totalPoints: 0 });

      const count = async (query: string) => bodyOf(await get(`/api/admin/customers/count?${query}`), CustomersCountResponse).total;
      expect(await count('search=pagetest')).toBe(3);
      expect(await count('search=pagetest&range=all')).toBe(4);
      expect(await count('search=pagetest&range=all&location=joanies')).toBe(1);
      expect(await count(`search=${bo!.phone.slice(4)}&range=all`)).toBe(1);
    });

    it("shows one customer's visits, rewards, redemptions, consents and ledger, and a void in all of them", async () => {
      await noLimits();
      const customer = await signUp(h(), { name: 'Detail Dee', smsConsent: true, email: 'dee@example.com' });
      const first = await visit(customer.id, 'museum');
      const second = await visit(customer.id, 'snackco');
      const admin = await h().adminToken();
      const detail0 = bodyOf(await get(`/api/admin/customers/${customer.id}`), AdminCustomerDetail);
      const museumReward = detail0.rewards.find((r) => r.locationId === 'museum')!;
      expect((await h().call('POST', '/api/rewards/redeem', { token: admin, body: { customerRewardId: museumReward.id, locationId: 'museum' } })).status).toBe(200);
      const voided = await h().call('POST', `/api/admin/visits/${second}/void`, { token: admin, body: { reason: 'Card shared with a friend' } });
      expect(voided.status).toBe(200);

      const detail = bodyOf(await get(`/api/admin/customers/${customer.id}`), AdminCustomerDetail);
      expect(detail.customer).toMatchObject({
        id: customer.id, name: 'Detail Dee', phone: customer.phone, email: 'dee@example.com', totalPoints: 5,
        // Ticked on the form, not yet confirmed by the phone: pending, and no texts.
        status: 'Bronze', totalVisits: 1, smsConsent: false, smsConsentPending: true, emailConsent: false,
        signupChannel: 'web', signedIn: false,
      });
      expect(detail.visits.map((v) => [v.id, v.status, v.voidReason])).toEqual([
        [second, 'voided', 'Card shared with a friend'],
        [first, 'approved', null],
      ]);
      // The second visit made 10 points (Silver) and unlocked snackco's welcome reward: the void takes both back.
      expect(detail.rewards.map((r) => [r.kind, r.locationId, r.status]).sort()).toEqual([
        ['tier', null, 'revoked'], ['welcome', 'museum', 'redeemed'], ['welcome', 'snackco', 'revoked'],
      ]);
      expect(detail.redemptions).toEqual([
        {
          customerRewardId: museumReward.id, rewardName: museumReward.name, locationId: 'museum', businessName: expect.any(String),
          redeemedAt: expect.any(String), redeemedBy: expect.any(String), proof: 'card',
        },
      ]);
      expect(detail.consents).toEqual([
        expect.objectContaining({ channel: 'sms', signupChannel: 'web', pending: true, wording: expect.stringContaining('I agree to receive SMS') }),
      ]);
      expect(detail.ledger.map((e) => e.event).sort()).toEqual([
        'reward_redeemed', 'reward_revoked', 'reward_revoked', 'reward_unlocked', 'reward_unlocked', 'reward_unlocked',
        'visit_approved', 'visit_approved', 'visit_voided',
      ]);
      expect(detail.ledger.map((e) => e.id)).toEqual([...detail.ledger.map((e) => e.id)].sort((x, y) => y - x));
      expect(detail.ledger.reduce((sum, e) => sum + e.points, 0)).toBe(detail.customer.totalPoints);
      expect(detail.ledger.find((e) => e.event === 'visit_voided')).toMatchObject({ reason: 'Card shared with a friend', actorRole: 'admin', points: -5 });
      // The list's rolled-up figures follow the void.
      const row = bodyOf(await get(`/api/admin/customers?search=detail%20dee`), AdminCustomersResponse)[0];
      expect(row).toMatchObject({ totalVisits: 1, totalPoints: 5 });
    });

    it('undoes a mistaken redemption with a reason: the reward is unlocked again and the ledger says who and why', async () => {
      await noLimits();
      const customer = await signUp(h(), { name: 'Undo Una' });
      await visit(customer.id, 'museum');
      const admin = await h().adminToken();
      const staff = await createStaff(h(), 'museum');
      await h().call('POST', '/api/rewards/scan-card', { token: staff, body: { token: `customer:${customer.id}` } });
      const detail0 = bodyOf(await get(`/api/admin/customers/${customer.id}`), AdminCustomerDetail);
      const reward = detail0.rewards.find((r) => r.locationId === 'museum')!;
      expect((await h().call('POST', '/api/rewards/redeem', { token: staff, body: { customerRewardId: reward.id } })).status).toBe(200);
      const undo = (token: string, body: unknown) =>
        h().call('POST', `/api/admin/rewards/${reward.id}/undo-redemption`, { token, body });
      expect((await undo(staff, { reason: 'Wrong button' })).status).toBe(403);
      expect((await undo(admin, { reason: '  ' })).status).toBe(400);
      const undone = await undo(admin, { reason: 'Wrong button' });
      expect(undone.status).toBe(200);
      expect(undone.body).toMatchObject({ customerRewardId: reward.id, status: 'unlocked', undoneRedemption: { locationId: 'museum' } });
      expect((await undo(admin, { reason: 'Wrong button' })).status).toBe(409);
      const detail = bodyOf(await get(`/api/admin/customers/${customer.id}`), AdminCustomerDetail);
      expect(detail.rewards.find((r) => r.id === reward.id)).toMatchObject({ status: 'unlocked', redeemedAt: null });
      expect(detail.redemptions).toEqual([]);
      expect(detail.ledger[0]).toMatchObject({ event: 'redemption_undone', reason: 'Wrong button', actorRole: 'admin', actor: expect.any(String) });
      const redeemedEvent = detail.ledger.find((e) => e.event === 'reward_redeemed')!;
      expect(redeemedEvent.actor).toBe((undone.body as { undoneRedemption: { redeemedBy: string } }).undoneRedemption.redeemedBy);
    });

    it('answers 404 for an unknown customer and 400 for a bad id, sort or page', async () => {
      expect((await get('/api/admin/customers/00000000-0000-4000-8000-000000000999')).status).toBe(404);
      for (const path of [
        '/api/admin/customers/not-a-uuid', '/api/admin/customers?sort=phone', '/api/admin/customers?order=up',
        '/api/admin/customers?page=0', '/api/admin/customers?range=all&from=2026-01-01', '/api/admin/customers/count?limit=5',
      ]) {
        const response = await get(path);
        expect([path, response.status]).toEqual([path, 400]);
      }
    });
  });
}
