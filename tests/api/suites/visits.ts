// POST /api/visits/approve: who may approve what, single use, expiry, points and unlocks.
import { describe, expect, it } from 'vitest';
import { ApproveVisitResponse, StartCheckinResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import {
  createKiosk,
  createMember,
  createStaff,
  signUp,
  startKioskCheckin,
} from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

export function visitsSuite(kind: DatabaseKind) {
  describe(`POST /api/visits/approve (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const approve = (body: unknown, token?: string) => h().call('POST', '/api/visits/approve', { token, body });
    const pointsOf = async (customerId: string) =>
      (await h().db.sql<{ total_points: number }[]>`select total_points from public.customers where id = ${customerId}`)[0]?.total_points;
    const mobileToken = async (memberToken: string, locationId?: string) =>
      bodyOf(
        await h().call('POST', '/api/checkin/start', { token: memberToken, body: locationId ? { locationId } : {} }),
        StartCheckinResponse,
        201,
      ).token;

    it("lets an enrolled kiosk approve its own token: 5 points and the business's welcome reward", async () => {
      const kiosk = await createKiosk(h(), 'creamery');
      const customer = await signUp(h(), { name: 'Hal' });
      const token = await startKioskCheckin(h(), kiosk, customer.phone);
      const approved = bodyOf(await approve({ token }, kiosk.token), ApproveVisitResponse);
      // The kiosk's answer leaves out the member's id: it is their card's value.
      expect(approved.customer).toEqual({ name: 'Hal' });
      expect(approved).toMatchObject({
        locationId: 'creamery',
        pointsEarned: 5,
        totalPoints: 5,
      });
      expect(approved.unlockedRewards.map((r) => r.name)).toEqual(['Free Ice Cream Scoop']);
      expect(await pointsOf(customer.id)).toBe(5);
    });

    it('answers 409 for a token used once already, 404 for an unknown one, 410 for an expired one', async () => {
      const kiosk = await createKiosk(h(), 'joanies');
      const customer = await signUp(h());
      const token = await startKioskCheckin(h(), kiosk, customer.phone);
      expect((await approve({ token }, kiosk.token)).status).toBe(200);
      const reused = await approve({ token }, kiosk.token);
      expect(reused.status).toBe(409);
      expect(reused.error?.code).toBe('conflict');
      expect((await approve({ token: 'f'.repeat(64) }, kiosk.token)).status).toBe(404);

      const other = await signUp(h());
      const stale = await startKioskCheckin(h(), kiosk, other.phone);
      await h().db.sql`
        update public.checkin_tokens
           set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute'
         where token_hash = sha256(convert_to(${stale}, 'UTF8'))`;
      const expired = await approve({ token: stale }, kiosk.token);
      expect(expired.status).toBe(410);
      expect(expired.error?.code).toBe('gone');
      expect(await pointsOf(other.id)).toBe(0);
    });

    /** An unenrolled kiosk's pending check-in, started in demo mode (the only way it can start one). */
    async function unenrolledKioskCheckin() {
      const demo = h().appWith({ demoMode: true });
      const kiosk = await createKiosk(h(), 'museum', { enrolled: false });
      const customer = await signUp(h());
      const started = await callApp(demo, 'POST', '/api/checkin/start', {
        token: kiosk.token,
        body: { locationId: 'museum', phone: customer.phone },
      });
      return { demo, kiosk, customer, token: bodyOf(started, StartCheckinResponse, 201).token };
    }

    it('refuses a kiosk that is not enrolled, outside demo mode', async () => {
      // Started while demo mode trusted the kiosk; approved after it no longer does.
      const { kiosk, customer, token } = await unenrolledKioskCheckin();
      const refused = await approve({ token }, kiosk.token);
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toMatch(/not enrolled/);
      expect(await pointsOf(customer.id)).toBe(0);
    });

    it('trusts a kiosk that is not enrolled in demo mode', async () => {
      const { demo, kiosk, token } = await unenrolledKioskCheckin();
      const approved = await callApp(demo, 'POST', '/api/visits/approve', { token: kiosk.token, body: { token } });
      expect(bodyOf(approved, ApproveVisitResponse).totalPoints).toBe(5);
    });

    it("refuses a kiosk approving another kiosk's token or a member card; an enrolled kiosk counts a member's phone token at its own business", async () => {
      const issuer = await createKiosk(h(), 'snackco');
      const other = await createKiosk(h(), 'snackco');
      const customer = await signUp(h());
      const token = await startKioskCheckin(h(), issuer, customer.phone);
      expect((await approve({ token }, other.token)).status).toBe(403);
      const member = await createMember(h());
      expect((await approve({ token: `customer:${member.id}`, locationId: 'snackco' }, other.token)).status).toBe(403);
      const unenrolled = await createKiosk(h(), 'museum', { enrolled: false });
      expect((await approve({ token: await mobileToken(member.token, 'snackco') }, unenrolled.token)).status).toBe(403);
      const phone = bodyOf(await approve({ token: await mobileToken(member.token, 'museum') }, other.token), ApproveVisitResponse);
      expect(phone).toMatchObject({ locationId: 'snackco', totalPoints: 5, redeemableRewards: [] });
      expect(phone.unlockedRewards.map((r) => r.name)).toEqual(['Free Sock Monkey Cookie']);
      expect(await pointsOf(customer.id)).toBe(0);
    });

    it("counts a member's phone token at the approving staff member's business, whatever the phone sent", async () => {
      const staff = await createStaff(h(), 'chatterbox');
      const member = await createMember(h());
      // The phone asked with another business's id: the counter decides.
      const mobile = bodyOf(await approve({ token: await mobileToken(member.token, 'museum') }, staff), ApproveVisitResponse);
      expect(mobile).toMatchObject({ locationId: 'chatterbox', totalPoints: 5 });
      // The phone's code does not tell the clerk the member's card value...
      expect(JSON.stringify(mobile)).not.toContain(member.id);
      expect(mobile.unlockedRewards.map((r) => r.name)).toEqual(['Free Appetizer']);
      expect(mobile.redeemableRewards.map((r) => r.name)).toEqual(['Free Appetizer']);
      expect((await approve({ token: `customer:${member.id}`, locationId: 'museum' }, staff)).status).toBe(403);
      // Staff never name another business for a phone token either.
      expect((await approve({ token: await mobileToken(member.token), locationId: 'museum' }, staff)).status).toBe(403);
      const card = await signUp(h());
      // ...the card the clerk scanned is theirs to see.
      expect(bodyOf(await approve({ token: `customer:${card.id}` }, staff), ApproveVisitResponse)).toMatchObject({
        locationId: 'chatterbox', customer: { id: card.id },
      });
      const [row] = await h().db.sql`select approved_via from public.visits where customer_id = ${card.id}`;
      expect(row?.approved_via).toBe('staff');
    });

    it("keeps a kiosk's token bound to the kiosk's business, whoever approves it", async () => {
      const kiosk = await createKiosk(h(), 'joanies');
      const customer = await signUp(h());
      const admin = await h().adminToken();
      const token = await startKioskCheckin(h(), kiosk, customer.phone);
      const approved = bodyOf(await approve({ token, locationId: 'museum' }, admin), ApproveVisitResponse);
      expect(approved).toMatchObject({ locationId: 'joanies' });
      expect(approved.unlockedRewards.map((r) => r.name)).toEqual(['Free Garlic Bread']);
      const staff = await createStaff(h(), 'museum');
      const other = await signUp(h());
      expect((await approve({ token: await startKioskCheckin(h(), kiosk, other.phone) }, staff)).status).toBe(403);
    });

    it('lets an admin approve anywhere, naming the business for a member card or a phone token', async () => {
      const admin = await h().adminToken();
      const customer = await signUp(h());
      const missing = await approve({ token: `customer:${customer.id}` }, admin);
      expect(missing.status).toBe(400);
      expect(bodyOf(await approve({ token: `customer:${customer.id}`, locationId: 'museum' }, admin), ApproveVisitResponse).totalPoints).toBe(5);
      const member = await createMember(h());
      const token = await mobileToken(member.token, 'creamery');
      expect((await approve({ token }, admin)).status).toBe(400);
      const atPizzeria = bodyOf(await approve({ token, locationId: 'joanies' }, admin), ApproveVisitResponse);
      expect(atPizzeria).toMatchObject({ locationId: 'joanies', customer: { id: member.id } });
      expect(atPizzeria.unlockedRewards.map((r) => r.name)).toEqual(['Free Garlic Bread']);
      expect(atPizzeria.redeemableRewards.map((r) => r.name)).toEqual(['Free Garlic Bread']);
    });

    it('refuses members (403) and nobody (401)', async () => {
      const member = await createMember(h());
      const token = await mobileToken(member.token, 'joanies');
      expect((await approve({ token }, member.token)).status).toBe(403);
      expect((await approve({ token })).status).toBe(401);
      expect(await pointsOf(member.id)).toBe(0);
    });

    it('answers 404 for a member card of nobody', async () => {
      const admin = await h().adminToken();
      const response = await approve({ token: 'customer:00000000-0000-4000-8000-00000000dead', locationId: 'museum' }, admin);
      expect(response.status).toBe(404);
    });

    it('allows one visit per customer per business per interval (429 with Retry-After)', async () => {
      const staff = await createStaff(h(), 'snackco');
      const member = await createMember(h());
      expect((await approve({ token: `customer:${member.id}` }, staff)).status).toBe(200);
      const again = await approve({ token: await mobileToken(member.token, 'snackco') }, staff);
      expect(again.status).toBe(429);
      const wait = Number(again.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(55 * 60);
      expect(wait).toBeLessThanOrEqual(60 * 60);
      expect(await pointsOf(member.id)).toBe(5);
    });

    it('unlocks Silver at 10 points and Gold at 20, once each', async () => {
      const admin = await h().adminToken();
      const customer = await signUp(h());
      const names: string[][] = [];
      for (const location of ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco']) {
        const visit = await approve({ token: `customer:${customer.id}`, locationId: location }, admin);
        names.push(bodyOf(visit, ApproveVisitResponse).unlockedRewards.map((r) => r.name));
      }
      expect(names[1]).toEqual(['Free Ice Cream Scoop', '$5 Off Any Business']);
      expect(names[3]).toEqual(['Free Admission', '$10 Off Any Business']);
      expect(names[4]).toEqual(['Free Sock Monkey Cookie']);
      expect(await pointsOf(customer.id)).toBe(25);
    });

    const badBodies: [string, unknown][] = [
      ['no token', {}],
      ['an empty token', { token: '' }],
      ['a number for a token', { token: 42 }],
      ['a token over 200 characters', { token: 'x'.repeat(201) }],
      ['a NUL character', { token: 'abc\u0000def' }],
      ['an unknown field', { token: 'abc', extra: true }],
      ['a member card that is no uuid', { token: `customer:${'-'.repeat(36)}`, locationId: 'museum' }],
      ['a malformed location', { token: 'abc', locationId: '../etc' }],
    ];
    it.each(badBodies)('answers 400 for %s, changing nothing', async (_, body) => {
      const before = await h().db.sql`select count(*)::int as n from public.visits`;
      const response = await approve(body, await h().adminToken());
      expect(response.status).toBe(400);
      expect(response.error?.code).toBe('invalid_input');
      expect(await h().db.sql`select count(*)::int as n from public.visits`).toEqual(before);
    });
  });
}
