// GET /api/staff/members: the counter finds a member by name or phone digits —
// staff of any business and admins only, only what the counter needs, at most 10, rate-limited.
import { describe, expect, it } from 'vitest';
import { AdminCustomerDetail, CounterSearchResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createAdmin, createKiosk, createMember, createStaff, recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function counterSearchSuite(kind: DatabaseKind) {
  describe(`GET /api/staff/members (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const search = (q: string, token?: string) =>
      h().call('GET', `/api/staff/members?q=${encodeURIComponent(q)}`, { token });

    it('finds a member by a part of the name in any case, with only name, last 4 digits, points and tier', async () => {
      const admin = await createAdmin(h());
      const staff = await createStaff(h(), 'joanies');
      const zelda = await signUp(h(), { name: 'Zelda Quaintrell' });
      for (let i = 0; i < 2; i++) await recordVisit(h(), admin, zelda.id, i === 0 ? 'joanies' : 'creamery');
      const found = bodyOf(await search('QUAINT', staff), CounterSearchResponse);
      expect(found).toEqual({
        customers: [{ lookupId: expect.any(String), name: 'Zelda Quaintrell', phoneLast4: zelda.phone.slice(-4), totalPoints: 10, tier: 'Silver' }],
        more: false,
      });
      // Any member of the programme: staff of the museum find her too, admins as well.
      const museum = await createStaff(h(), 'museum');
      expect(bodyOf(await search('zelda quaint', museum), CounterSearchResponse).customers.map((c) => c.name)).toEqual(['Zelda Quaintrell']);
      expect(bodyOf(await search('Quaintrell', admin), CounterSearchResponse).customers.map((c) => c.name)).toEqual(['Zelda Quaintrell']);
      // The raw answer carries nothing else (no full phone, email or consent), and never her id: that is her card.
      const raw = (await search('Quaintrell', staff)).body as { customers: Record<string, unknown>[] };
      expect(Object.keys(raw.customers[0]!).sort()).toEqual(['lookupId', 'name', 'phoneLast4', 'tier', 'totalPoints']);
      expect(JSON.stringify(raw)).not.toContain(zelda.id);
    });

    it('finds a member by 3+ phone digits, typed with or without punctuation', async () => {
      const staff = await createStaff(h(), 'creamery');
      const member = await signUp(h(), { name: 'Phoebe Digits' });
      const p = member.phone;
      for (const q of [p, `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`, p.slice(-7)]) {
        expect(bodyOf(await search(q, staff), CounterSearchResponse).customers.map((c) => c.name)).toContain('Phoebe Digits');
      }
      expect(bodyOf(await search(p, staff), CounterSearchResponse).customers).toHaveLength(1);
    });

    it('lists several matches (names starting with the text first), at most 10 with `more`, and none as an empty list', async () => {
      const staff = await createStaff(h(), 'snackco');
      const tag = `Xyq${Date.now().toString(36)}`;
      await signUp(h(), { name: `${tag} Adams` });
      await signUp(h(), { name: `Bea ${tag}` });
      const two = bodyOf(await search(tag, staff), CounterSearchResponse);
      expect(two.customers.map((c) => c.name)).toEqual([`${tag} Adams`, `Bea ${tag}`]);
      expect(two.more).toBe(false);
      for (let i = 0; i < 10; i++) await signUp(h(), { name: `${tag} Crowd ${String.fromCharCode(97 + i)}` });
      const many = bodyOf(await search(tag, staff), CounterSearchResponse);
      expect(many.customers).toHaveLength(10);
      expect(many.more).toBe(true);
      expect(bodyOf(await search('Nobody Ofthisname', staff), CounterSearchResponse)).toEqual({ customers: [], more: false });
    });

    it('opens a member for a visit only: the lookup approves, but redeeming needs their card or code', async () => {
      const staff = await createStaff(h(), 'creamery');
      const ana = await createMember(h(), { name: `Ana Lookup ${Date.now().toString(36)}` });
      const [found] = bodyOf(await search(ana.name, staff), CounterSearchResponse).customers;
      const approved = await h().call('POST', '/api/visits/approve', { token: staff, body: { token: `lookup:${found!.lookupId}` } });
      expect(approved.status).toBe(200);
      const visit = approved.body as { customer: Record<string, unknown>; foundBySearch: boolean; unlockedRewards: { id: string; name: string }[] };
      expect(visit).toMatchObject({ customer: { name: ana.name }, foundBySearch: true });
      expect(JSON.stringify(visit)).not.toContain(ana.id);
      const scoop = visit.unlockedRewards.find((r) => r.name === 'Free Ice Cream Scoop')!;
      const redeem = (body: Record<string, unknown>, token: string) => h().call('POST', '/api/rewards/redeem', { token, body });
      const refused = await redeem({ customerRewardId: scoop.id }, staff);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain('ask for the code on their phone or scan their card');
      // An admin without the member: only with a reason.
      const admin = await createAdmin(h());
      expect((await redeem({ customerRewardId: scoop.id, locationId: 'creamery' }, admin)).status).toBe(403);
      // Their card scanned at this counter (a visit now would be too soon): redeemed, by this clerk.
      const scanned = await h().call('POST', '/api/rewards/scan-card', { token: staff, body: { token: `customer:${ana.id}` } });
      expect(scanned.status).toBe(200);
      expect((await redeem({ customerRewardId: scoop.id }, staff)).status).toBe(200);
      const detail = bodyOf(await h().call('GET', `/api/admin/customers/${ana.id}`, { token: admin }), AdminCustomerDetail);
      expect(detail.redemptions[0]).toMatchObject({ customerRewardId: scoop.id, proof: 'card', redeemedBy: expect.any(String) });
      expect(detail.visits[0]).toMatchObject({ foundBySearch: true, approvedBy: detail.redemptions[0]!.redeemedBy });
    });

    it('is for staff and admins only: visitors 401, members and kiosks 403', async () => {
      const member = await createMember(h());
      const kiosk = await createKiosk(h(), 'creamery');
      expect((await search('Customer')).status).toBe(401);
      expect((await search('Customer', member.token)).status).toBe(403);
      expect((await search('Customer', kiosk.token)).status).toBe(403);
    });

    it('answers 400 for too little to search by or a bad query', async () => {
      const staff = await createStaff(h(), 'creamery');
      for (const q of ['a', '12', ' ', '(3)']) expect((await search(q, staff)).status).toBe(400);
      expect((await h().call('GET', '/api/staff/members', { token: staff })).status).toBe(400);
      expect((await h().call('GET', '/api/staff/members?q=ab&extra=1', { token: staff })).status).toBe(400);
      expect((await search('x'.repeat(101), staff)).status).toBe(400);
    });

    it('limits searches per clerk, so nobody can list the programme', async () => {
      const tight = h().appWith({ rateLimits: { searchesPerClerk: { limit: 2, windowSeconds: 3600 } } });
      const staff = await createStaff(h(), 'museum');
      const ask = () => callApp(tight, 'GET', '/api/staff/members?q=Customer', { token: staff });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const limited = await ask();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another clerk is not held back.
      const other = await createStaff(h(), 'museum');
      expect((await callApp(tight, 'GET', '/api/staff/members?q=Customer', { token: other })).status).toBe(200);
    });
  });
}
