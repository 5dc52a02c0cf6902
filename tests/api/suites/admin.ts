// The admin dashboard: GET /api/admin/metrics, /activity, /customers, /top-locations.
import { describe, expect, it } from 'vitest';
import {
  ActivityResponse,
  AdminCustomersResponse,
  MetricsResponse,
  TopLocationsResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

const ADMIN_READS = ['/api/admin/metrics', '/api/admin/activity', '/api/admin/customers', '/api/admin/top-locations'];

export function adminSuite(kind: DatabaseKind) {
  describe(`admin dashboard (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const get = async (path: string) => h().call('GET', path, { token: await h().adminToken() });
    const visit = async (customerId: string, locationId: string) =>
      (await recordVisit(h(), await h().adminToken(), customerId, locationId)).visitId;
    const moveVisit = (id: string, at: string) => h().db.sql`update public.visits set created_at = ${at}::timestamptz where id = ${id}`;

    it('refuses the dashboard to nobody (401), members, staff and kiosks (403)', async () => {
      const member = await createMember(h());
      const staff = await createStaff(h(), 'creamery');
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      for (const path of ADMIN_READS) {
        expect((await h().call('GET', path)).status).toBe(401);
        for (const token of [member.token, staff, kiosk.token]) {
          const response = await h().call('GET', path, { token });
          expect(response.status).toBe(403);
          expect(response.error?.code).toBe('forbidden');
        }
      }
    });

    it('counts sign-ups today against yesterday, and visits, redemptions and members against the week before', async () => {
      // broken-bridge is this test's own business: no other test here signs up or visits there.
      const today = [await signUp(h(), { locationId: 'broken-bridge' }), await signUp(h(), { locationId: 'broken-bridge' })];
      const yesterday = await signUp(h(), { locationId: 'broken-bridge' });
      await h().db.sql`
        update public.customers
           set created_at = ((now() at time zone 'America/Chicago')::date - 1)::timestamp at time zone 'America/Chicago' + interval '1 hour'
         where id = ${yesterday.id}`;
      const visits = [await visit(today[0]!.id, 'broken-bridge'), await visit(today[1]!.id, 'broken-bridge'), await visit(yesterday.id, 'broken-bridge')];
      await moveVisit(visits[2]!, new Date(Date.now() - 10 * 86_400_000).toISOString());
      const admin = await h().adminToken();
      const rewards = await h().db.sql<{ id: string; customer_id: string }[]>`
        select cr.id, cr.customer_id from public.customer_rewards cr
          join public.rewards r on r.id = cr.reward_id
         where r.location_id = 'broken-bridge' and cr.customer_id in ${h().db.sql([today[0]!.id, yesterday.id])}`;
      for (const reward of rewards) {
        const redeemed = await h().call('POST', '/api/rewards/redeem', { token: admin, body: { customerRewardId: reward.id, locationId: 'broken-bridge' } });
        expect(redeemed.status).toBe(200);
      }
      await h().db.sql`
        update public.customer_rewards set redeemed_at = now() - interval '9 days'
         where id = ${rewards.find((r) => r.customer_id === yesterday.id)!.id}`;

      const metrics = bodyOf(await get('/api/admin/metrics?location=broken-bridge'), MetricsResponse);
      expect(metrics).toMatchObject({ signupsToday: 2, totalVisits: 2, redemptions: 1, activeMembers: 2 });
      expect(metrics.growth).toEqual({
        signupsToday: { previous: 1, percent: 100, period: 'yesterday' },
        totalVisits: { previous: 1, percent: 100, period: 'previous_period' },
        redemptions: { previous: 1, percent: 0, period: 'previous_period' },
        activeMembers: { previous: 1, percent: 100, period: 'previous_period' },
      });
      // Whole days in America/Chicago: today and the 6 days before, after the 7 days before those.
      const chicagoDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
      const chicagoTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'America/Chicago' });
      const dayNumber = (iso: string) => Date.parse(`${chicagoDay(iso)}T00:00:00Z`) / 86_400_000;
      expect(chicagoDay(metrics.range.to)).toBe(chicagoDay(metrics.today.to));
      expect([chicagoTime(metrics.range.from), chicagoTime(metrics.range.to), chicagoTime(metrics.previousRange.from)])
        .toEqual(['00:00:00', '00:00:00', '00:00:00']);
      expect(dayNumber(metrics.range.to) - dayNumber(metrics.range.from)).toBe(7);
      expect(dayNumber(metrics.previousRange.to) - dayNumber(metrics.previousRange.from)).toBe(7);
      expect(metrics.previousRange.to).toBe(metrics.range.from);
      expect(metrics.today.timeZone).toBe('America/Chicago');

      const month = bodyOf(await get('/api/admin/metrics?location=broken-bridge&range=30days'), MetricsResponse);
      expect(month).toMatchObject({ totalVisits: 3, redemptions: 2, activeMembers: 3 });
      expect(month.growth.totalVisits).toEqual({ previous: 0, percent: null, period: 'previous_period' });
      const all = bodyOf(await get('/api/admin/metrics'), MetricsResponse);
      expect(all.totalVisits).toBeGreaterThanOrEqual(2);
    });

    it('reads a custom range as whole days in America/Chicago', async () => {
      const [a, b, c] = [await signUp(h()), await signUp(h()), await signUp(h())];
      // 23:30 CT on 15 January counts for the 15th; 00:30 CT on the 16th does not; the 14th is the period before.
      await moveVisit(await visit(a.id, 'museum'), '2026-01-16T05:30:00Z');
      await moveVisit(await visit(b.id, 'museum'), '2026-01-16T06:30:00Z');
      await moveVisit(await visit(c.id, 'museum'), '2026-01-14T18:00:00Z');
      const metrics = bodyOf(await get('/api/admin/metrics?location=museum&range=custom&from=2026-01-15&to=2026-01-15'), MetricsResponse);
      expect(metrics.totalVisits).toBe(1);
      expect(metrics.growth.totalVisits).toEqual({ previous: 1, percent: 0, period: 'previous_period' });
      expect(Date.parse(metrics.range.from)).toBe(Date.parse('2026-01-15T06:00:00Z'));
      expect(Date.parse(metrics.range.to)).toBe(Date.parse('2026-01-16T06:00:00Z'));
    });

    it('ranks top locations by visits in the range, with growth against the period before', async () => {
      const customers = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(h())));
      const march = '2025-03-04T18:00:00Z';
      const february = '2025-02-25T18:00:00Z';
      await moveVisit(await visit(customers[0]!.id, 'creamery'), march);
      await moveVisit(await visit(customers[1]!.id, 'creamery'), march);
      await moveVisit(await visit(customers[2]!.id, 'creamery'), march);
      await moveVisit(await visit(customers[3]!.id, 'joanies'), march);
      await moveVisit(await visit(customers[4]!.id, 'creamery'), february);
      const top = bodyOf(await get('/api/admin/top-locations?range=custom&from=2025-03-01&to=2025-03-07'), TopLocationsResponse);
      expect(top).toEqual([
        { id: 'creamery', name: 'Village Creamery', visits: 3, previousVisits: 1, growth: 200, icon: 'ice-cream', color: 'pink' },
        { id: 'joanies', name: "Joanie's Pizzeria", visits: 1, previousVisits: 0, growth: null, icon: 'pizza', color: 'red' },
      ]);
      const one = bodyOf(await get('/api/admin/top-locations?range=custom&from=2025-03-01&to=2025-03-07&limit=1'), TopLocationsResponse);
      expect(one.map((l) => l.id)).toEqual(['creamery']);
    });

    it('lists the latest visits as recent activity, newest first', async () => {
      const customer = await signUp(h(), { name: 'Mo Active' });
      const visitId = await visit(customer.id, 'snackco');
      const activity = bodyOf(await get('/api/admin/activity?limit=1'), ActivityResponse);
      expect(activity).toEqual([
        { id: visitId, customerName: 'Mo Active', locationId: 'snackco', locationName: 'SnackCo', createdAt: expect.any(String), points: 5 },
      ]);
      const twenty = bodyOf(await get('/api/admin/activity'), ActivityResponse);
      expect(twenty.length).toBeLessThanOrEqual(20);
      const times = twenty.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });

    it("follows the Location filter: recent activity at one business only; an unknown one is a 404", async () => {
      const customer = await signUp(h(), { name: 'Lou Local' });
      const atMuseum = await visit(customer.id, 'museum');
      const elsewhere = await signUp(h(), { name: 'Eli Elsewhere' });
      await visit(elsewhere.id, 'chatterbox');
      const museum = bodyOf(await get('/api/admin/activity?location=museum'), ActivityResponse);
      expect(museum.length).toBeGreaterThan(0);
      expect(new Set(museum.map((item) => item.locationId))).toEqual(new Set(['museum']));
      expect(museum[0]).toMatchObject({ id: atMuseum, customerName: 'Lou Local' });
      expect((await get('/api/admin/activity?location=nowhere')).status).toBe(404);
    });

    it('finds customers by name or phone digits, by location and by activity in the range', async () => {
      const zelda = await signUp(h(), { name: 'Zelda Quixote', locationId: 'chatterbox' });
      await visit(zelda.id, 'joanies');
      await visit(zelda.id, 'snackco');
      const dormant = await signUp(h(), { name: 'Quincy Dormant' });
      await h().db.sql`update public.customers set created_at = now() - interval '40 days' where id = ${dormant.id}`;

      const byName = bodyOf(await get('/api/admin/customers?search=QUIX'), AdminCustomersResponse);
      expect(byName).toEqual([
        {
          id: zelda.id, name: 'Zelda Quixote', phone: zelda.phone, email: null, totalPoints: 10, status: 'Silver',
          lastVisit: expect.any(String), totalVisits: 2, createdAt: expect.any(String),
        },
      ]);
      const byPhone = bodyOf(await get(`/api/admin/customers?search=${zelda.phone.slice(3)}`), AdminCustomersResponse);
      expect(byPhone.map((c) => c.id)).toEqual([zelda.id]);
      const atChatterbox = bodyOf(await get('/api/admin/customers?location=chatterbox&search=zelda'), AdminCustomersResponse);
      expect(atChatterbox).toHaveLength(1);
      const atMuseum = bodyOf(await get('/api/admin/customers?location=museum&search=zelda'), AdminCustomersResponse);
      expect(atMuseum).toEqual([]);
      expect(bodyOf(await get('/api/admin/customers?search=dormant'), AdminCustomersResponse)).toEqual([]);
      const quarter = bodyOf(await get('/api/admin/customers?search=dormant&range=3months'), AdminCustomersResponse);
      expect(quarter.map((c) => c.id)).toEqual([dormant.id]);
      expect(quarter[0]).toMatchObject({ status: 'Bronze', lastVisit: null, totalVisits: 0 });
    });

    // Defect §1.4: these answered 500. Every admin endpoint with a range names the field at fault.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const oddRanges: [string, string, string][] = [
      ['from=0001-01-01&to=0001-01-01', 'from', 'from is 2020-01-01 or later'],
      ['from=9999-12-31&to=9999-12-31', 'to', 'to is not in the future'],
      ['from=2019-12-31&to=2020-01-05', 'from', 'from is 2020-01-01 or later'],
      [`from=${tomorrow}&to=${dayAfter}`, 'to', 'to is not in the future'],
      ['from=2021-01-01&to=2023-06-01', 'to', 'A range spans at most two years'],
    ];
    const rangeEndpoints = ['/api/admin/metrics', '/api/admin/customers', '/api/admin/top-locations'];
    it.each(rangeEndpoints.flatMap((path) => oddRanges.map(([q, field, message]) => [`${path}?range=custom&${q}`, field, message])))(
      'answers 400 for %s, naming %s',
      async (path, field, message) => {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(response.error?.fields?.[field]).toContain(message);
      },
    );

    it('takes a custom range from 2020-01-01 up to tomorrow', async () => {
      for (const path of rangeEndpoints) {
        expect((await get(`${path}?range=custom&from=2025-01-01&to=${tomorrow}`)).status).toBe(200);
      }
    });

    const badQueries = [
      '/api/admin/metrics?range=weekly',
      '/api/admin/metrics?range=custom&from=2026-01-01',
      '/api/admin/metrics?range=7days&from=2026-01-01',
      '/api/admin/metrics?range=custom&from=2026-02-01&to=2026-01-01',
      '/api/admin/metrics?range=custom&from=2026-02-30&to=2026-03-01',
      '/api/admin/metrics?range=custom&from=2020-01-01&to=2026-01-01',
      '/api/admin/metrics?location=Not%20A%20Slug',
      '/api/admin/metrics?locationId=creamery',
      '/api/admin/activity?limit=0',
      '/api/admin/activity?limit=101',
      '/api/admin/activity?limit=ten',
      `/api/admin/customers?search=${'a'.repeat(101)}`,
      '/api/admin/customers?limit=501',
      '/api/admin/top-locations?range=custom',
      '/api/admin/top-locations?location=creamery',
    ];
    it.each(badQueries)('answers 400 for %s', async (path) => {
      const response = await get(path);
      expect(response.status).toBe(400);
      expect(response.error?.code).toBe('invalid_input');
    });

    it('answers 404 for an unknown location filter', async () => {
      expect((await get('/api/admin/metrics?location=atlantis')).status).toBe(404);
      expect((await get('/api/admin/customers?location=atlantis')).status).toBe(404);
    });
  });
}
