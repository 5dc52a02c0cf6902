// GET /api/staff/members: the counter finds a member by name or phone digits (issue 20 §5) —
// staff of any business and admins only, only what the counter needs, at most 10, rate-limited.
import { describe, expect, it } from 'vitest';
import { CounterSearchResponse } from '../../../supabase/functions/_shared/contract.ts';
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
        customers: [{ id: zelda.id, name: 'Zelda Quaintrell', phoneLast4: zelda.phone.slice(-4), totalPoints: 10, tier: 'Silver' }],
        more: false,
      });
      // Any member of the programme: staff of the museum find her too, admins as well.
      const museum = await createStaff(h(), 'museum');
      expect(bodyOf(await search('zelda quaint', museum), CounterSearchResponse).customers.map((c) => c.id)).toEqual([zelda.id]);
      expect(bodyOf(await search('Quaintrell', admin), CounterSearchResponse).customers.map((c) => c.id)).toEqual([zelda.id]);
      // The raw answer carries nothing else (no full phone, email or consent).
      const raw = (await search('Quaintrell', staff)).body as { customers: Record<string, unknown>[] };
      expect(Object.keys(raw.customers[0]!).sort()).toEqual(['id', 'name', 'phoneLast4', 'tier', 'totalPoints']);
    });

    it('finds a member by 3+ phone digits, typed with or without punctuation', async () => {
      const staff = await createStaff(h(), 'creamery');
      const member = await signUp(h(), { name: 'Phoebe Digits' });
      const p = member.phone;
      for (const q of [p, `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`, p.slice(-7)]) {
        expect(bodyOf(await search(q, staff), CounterSearchResponse).customers.map((c) => c.id)).toContain(member.id);
      }
      expect(bodyOf(await search(p, staff), CounterSearchResponse).customers).toHaveLength(1);
    });

    it('lists several matches (names starting with the text first), at most 10 with `more`, and none as an empty list', async () => {
      const staff = await createStaff(h(), 'snackco');
      const tag = `Xyq${Date.now().toString(36)}`;
      const first = await signUp(h(), { name: `${tag} Adams` });
      const inner = await signUp(h(), { name: `Bea ${tag}` });
      const two = bodyOf(await search(tag, staff), CounterSearchResponse);
      expect(two.customers.map((c) => c.id)).toEqual([first.id, inner.id]);
      expect(two.more).toBe(false);
      for (let i = 0; i < 10; i++) await signUp(h(), { name: `${tag} Crowd ${String.fromCharCode(97 + i)}` });
      const many = bodyOf(await search(tag, staff), CounterSearchResponse);
      expect(many.customers).toHaveLength(10);
      expect(many.more).toBe(true);
      expect(bodyOf(await search('Nobody Ofthisname', staff), CounterSearchResponse)).toEqual({ customers: [], more: false });
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
