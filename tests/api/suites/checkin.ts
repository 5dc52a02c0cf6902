// POST /api/checkin/start: a kiosk by phone, or the signed-in member (mobile QR).
import { describe, expect, it } from 'vitest';
import { StartCheckinResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, nextPhone, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function checkinSuite(kind: DatabaseKind) {
  describe(`POST /api/checkin/start (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const start = (body: unknown, token?: string) => h().call('POST', '/api/checkin/start', { token, body });
    const tokensOf = async (customerId: string) =>
      h().db.sql<{ channel: string; location_id: string; minutes: number }[]>`
        select channel, location_id, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from public.checkin_tokens where customer_id = ${customerId}`;

    it('gives a kiosk a random 15-minute token for a customer by phone', async () => {
      const kiosk = await createKiosk(h(), 'creamery');
      const customer = await signUp(h());
      const started = bodyOf(await start({ locationId: 'creamery', phone: customer.phone }, kiosk.token), StartCheckinResponse, 201);
      // At least 128 random bits: 64 hex digits from two v4 UUIDs (244 random bits).
      expect(started.token).toMatch(/^[0-9a-f]{64}$/);
      const minutes = (Date.parse(started.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
      expect(await tokensOf(customer.id)).toEqual([{ channel: 'kiosk', location_id: 'creamery', minutes: 15 }]);
      const second = bodyOf(await start({ locationId: 'creamery', phone: customer.phone }, kiosk.token), StartCheckinResponse, 201);
      expect(second.token).not.toBe(started.token);
    });

    it('stores only a hash of the token', async () => {
      const kiosk = await createKiosk(h(), 'creamery');
      const customer = await signUp(h());
      const { token } = bodyOf(await start({ locationId: 'creamery', phone: customer.phone }, kiosk.token), StartCheckinResponse, 201);
      const rows = await h().db.sql`
        select 1 from public.checkin_tokens where token_hash = sha256(convert_to(${token}, 'UTF8'))`;
      expect(rows).toHaveLength(1);
      const [leak] = await h().db.sql`
        select count(*)::int as n from public.checkin_tokens t where position(${token} in t::text) > 0`;
      expect(leak?.n).toBe(0);
    });

    it("answers 404 'Customer not found' for an unknown phone", async () => {
      const kiosk = await createKiosk(h(), 'creamery');
      const response = await start({ locationId: 'creamery', phone: nextPhone() }, kiosk.token);
      expect(response.status).toBe(404);
      expect(response.error?.message).toBe('Customer not found');
    });

    it("refuses a kiosk checking in at another location's counter (403)", async () => {
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      const customer = await signUp(h());
      expect((await start({ locationId: 'museum', phone: customer.phone }, kiosk.token)).status).toBe(403);
      expect(await tokensOf(customer.id)).toEqual([]);
    });

    it('gives a signed-in member a mobile token for themselves, bound to no business', async () => {
      const member = await createMember(h());
      expect((await start({ locationId: 'joanies' }, member.token)).status).toBe(201);
      expect((await start({}, member.token)).status).toBe(201);
      expect(await tokensOf(member.id)).toEqual([
        { channel: 'mobile', location_id: null, minutes: 15 },
        { channel: 'mobile', location_id: null, minutes: 15 },
      ]);
    });

    it('refuses at the start a check-in the visit limits would refuse, saying when to come back', async () => {
      const kiosk = await createKiosk(h(), 'museum');
      const member = await createMember(h());
      const admin = await h().adminToken();
      await h().withSettings({ min_visit_interval: '60 minutes', min_visit_gap_anywhere: '2 minutes' }, async () => {
        const first = await h().call('POST', '/api/visits/approve', {
          token: admin,
          body: { token: `customer:${member.id}`, locationId: 'museum' },
        });
        expect(first.status).toBe(200);
        // At the kiosk of the same business: the hour's limit, with the time to come back.
        const atKiosk = await start({ locationId: 'museum', phone: member.phone }, kiosk.token);
        expect(atKiosk.status).toBe(429);
        expect(atKiosk.error?.message).toMatch(/^You checked in a moment ago\. You can check in again at \d{1,2}:\d\d [AP]M \(in (59|60) minutes\)\.$/);
        expect(Number(atKiosk.headers.get('retry-after'))).toBeGreaterThan(3500);
        // On the phone (no business yet): the gap between any two visits.
        const onPhone = await start({}, member.token);
        expect(onPhone.status).toBe(429);
        expect(onPhone.error?.message).toMatch(/^You checked in a moment ago\. You can check in again (in \d+ seconds|at .* \(in 2 minutes\))\.$/);
        expect(await tokensOf(member.id)).toEqual([]);
      });
      // With the limits off, the same starts succeed.
      await h().withSettings({ min_visit_interval: '0', min_visit_gap_anywhere: '0' }, async () => {
        expect((await start({}, member.token)).status).toBe(201);
      });
    });

    it('refuses phone look-ups to members and staff, mobile starts to kiosks, and everything to nobody', async () => {
      const customer = await signUp(h());
      const member = await createMember(h());
      expect((await start({ locationId: 'joanies', phone: customer.phone }, member.token)).status).toBe(403);
      const staff = await createStaff(h(), 'joanies');
      expect((await start({ locationId: 'joanies', phone: customer.phone }, staff)).status).toBe(403);
      const kiosk = await createKiosk(h(), 'joanies', { enrolled: false });
      expect((await start({ locationId: 'joanies' }, kiosk.token)).status).toBe(403);
      expect((await start({ locationId: 'joanies', phone: customer.phone })).status).toBe(401);
      expect((await start({ locationId: 'joanies' })).status).toBe(401);
      expect(await tokensOf(customer.id)).toEqual([]);
    });

    it('answers 404 to staff without a customer account starting a mobile check-in', async () => {
      const staff = await createStaff(h(), 'joanies');
      expect((await start({ locationId: 'joanies' }, staff)).status).toBe(404);
    });

    it('refuses phone check-ins from a kiosk that is not enrolled, outside demo mode, so phones cannot be probed', async () => {
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      const customer = await signUp(h());
      const refused = await start({ locationId: 'creamery', phone: customer.phone }, kiosk.token);
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toMatch(/not enrolled/);
      expect((await start({ locationId: 'creamery', phone: nextPhone() }, kiosk.token)).status).toBe(403);
      expect(await tokensOf(customer.id)).toEqual([]);
    });

    it('limits check-ins by phone per kiosk, so nobody can list who is a member', async () => {
      const tight = h().appWith({ rateLimits: { checkinsPerKiosk: { limit: 2, windowSeconds: 3600 } } });
      const kiosk = await createKiosk(h(), 'creamery');
      const lookUp = () =>
        callApp(tight, 'POST', '/api/checkin/start', { token: kiosk.token, body: { locationId: 'creamery', phone: nextPhone() } });
      expect((await lookUp()).status).toBe(404);
      expect((await lookUp()).status).toBe(404);
      const limited = await lookUp();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('answers 400 for bad bodies and 404 for an unknown location', async () => {
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      // A kiosk starting a check-in without a phone would be a member's own: not a kiosk's.
      expect((await start({}, kiosk.token)).status).toBe(403);
      for (const body of [{ phone: '3125550000' }, { locationId: 'creamery', phone: '12' }, { locationId: 'creamery', phone: '3125550000', customerId: 'x' }]) {
        expect((await start(body, kiosk.token)).status).toBe(400);
      }
      const member = await createMember(h());
      expect((await start({ locationId: 'atlantis' }, member.token)).status).toBe(404);
    });
  });
}
