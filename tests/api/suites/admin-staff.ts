// Staff management: an admin grants a phone staff access at one business, lists the
// business's staff (signed up or pending) and revokes it; the revoked token is refused at once.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  AdminStaffResponse, GrantStaffResponse, RedeemableRewardsResponse, RevokeStaffResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createAdmin, createStaff, nextPhone, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { signInWithPhone } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

const staffPath = (locationId: string) => `/api/admin/locations/${locationId}/staff`;

export function adminStaffSuite(kind: DatabaseKind) {
  describe(`staff grants (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const admin = () => h().adminToken();
    const grant = async (locationId: string, phone: string, memberConfirmed?: boolean) =>
      h().call('POST', staffPath(locationId), { token: await admin(), body: { phone, memberConfirmed } });
    const revoke = async (locationId: string, phone: string) =>
      h().call('POST', `${staffPath(locationId)}/revoke`, { token: await admin(), body: { phone } });
    const list = async (locationId: string) =>
      bodyOf(await h().call('GET', staffPath(locationId), { token: await admin() }), AdminStaffResponse);
    const metadata = async (phone: string) => {
      const [user] = await h().db.sql<{ meta: Record<string, unknown> }[]>`
        select raw_app_meta_data as meta from auth.users where phone = ${`1${phone}`}`;
      return user?.meta;
    };
    const events = (phone: string) => h().db.sql<{ action: string; location_id: string; actor: string | null; user_id: string | null }[]>`
      select e.action, e.location_id, e.actor_id::text as actor, e.user_id::text
        from private.staff_grant_events e where e.phone = ${`+1${phone}`} order by e.id`;
    /** Whether the token is let through as staff (the counter's reward lookup answers for its business). */
    const asStaff = async (token: string, customerId: string) => {
      const response = await h().call('GET', `/api/rewards/redeemable?customerId=${customerId}`, { token });
      return response.status === 200 ? bodyOf(response, RedeemableRewardsResponse).locationId : response.status;
    };

    it('grants a signed-up phone at once, lists it, and revokes it: the old token is refused at once', async () => {
      const member = await signUp(h());
      const before = await signInWithPhone(h().auth, member.phone);
      expect(await asStaff(before.access_token, member.id)).toBe(403);

      // The phone is a member's: said first, granted once confirmed.
      expect(bodyOf(await grant('joanies', member.phone), GrantStaffResponse).status).toBe('needs_confirmation');
      expect(await metadata(member.phone)).not.toHaveProperty('role');
      const granted = bodyOf(await grant('joanies', `(${member.phone.slice(0, 3)}) ${member.phone.slice(3, 6)}-${member.phone.slice(6)}`, true), GrantStaffResponse);
      expect(granted).toMatchObject({ phone: member.phone, locationId: 'joanies', status: 'active', userId: expect.any(String) });
      expect(await metadata(member.phone)).toMatchObject({ role: 'staff', location_id: 'joanies', provider: 'phone' });
      expect((await list('joanies')).filter((s) => s.phone === member.phone)).toEqual([
        { phone: member.phone, status: 'active', userId: granted.userId, lastSignInAt: expect.any(String), grantedAt: granted.grantedAt, name: null },
      ]);
      // Granting again at the same business changes nothing.
      expect(bodyOf(await grant('joanies', member.phone), GrantStaffResponse)).toEqual(granted);

      const staffToken = (await signInWithPhone(h().auth, member.phone)).access_token;
      const customer = await signUp(h());
      expect(await asStaff(staffToken, customer.id)).toBe('joanies');
      // Staff never act on their own customer row (the existing rule holds for granted staff).
      expect(await asStaff(staffToken, member.id)).toBe(403);

      const revoked = bodyOf(await revoke('joanies', member.phone), RevokeStaffResponse);
      expect(revoked).toMatchObject({ phone: member.phone, locationId: 'joanies', revoked: true });
      expect(revoked.sessionsEnded).toBeGreaterThanOrEqual(2);
      const refused = await h().call('GET', `/api/rewards/redeemable?customerId=${customer.id}`, { token: staffToken });
      expect(refused.status).toBe(401);
      expect(await metadata(member.phone)).not.toHaveProperty('role');
      expect((await list('joanies')).map((s) => s.phone)).not.toContain(member.phone);
      const again = (await signInWithPhone(h().auth, member.phone)).access_token;
      expect(await asStaff(again, customer.id)).toBe(403);
      expect((await revoke('joanies', member.phone)).status).toBe(404);

      const adminId = decodeJwt(await admin()).sub;
      expect((await events(member.phone)).map((e) => [e.action, e.location_id, e.actor, e.user_id])).toEqual([
        ['granted', 'joanies', adminId, granted.userId],
        ['revoked', 'joanies', adminId, granted.userId],
      ]);
    });

    it('keeps a grant for a phone with no user yet and applies it when that phone signs up', async () => {
      const phone = nextPhone();
      expect(bodyOf(await grant('museum', phone), GrantStaffResponse)).toMatchObject({ phone, status: 'pending', userId: null });
      expect((await list('museum')).filter((s) => s.phone === phone)).toEqual([
        { phone, status: 'pending', userId: null, lastSignInAt: null, grantedAt: expect.any(String), name: null },
      ]);
      const session = await signInWithPhone(h().auth, phone);
      expect(session.user.app_metadata).toMatchObject({ role: 'staff', location_id: 'museum' });
      const member = await signUp(h());
      expect(await asStaff(session.access_token, member.id)).toBe('museum');
      expect((await list('museum')).filter((s) => s.phone === phone)).toEqual([
        { phone, status: 'active', userId: session.user.id, lastSignInAt: expect.any(String), grantedAt: expect.any(String), name: null },
      ]);
      // Supabase Auth writes back a stale copy of app_metadata when it records a sign-in: the grant puts the role back.
      await h().db.sql`update auth.users set raw_app_meta_data = '{"provider": "phone", "providers": ["phone"]}' where id = ${session.user.id}`;
      expect(await metadata(phone)).toMatchObject({ role: 'staff', location_id: 'museum' });
      // The sign-up attached the grant to the person once; putting the role back records nothing more.
      expect((await events(phone)).map((e) => [e.action, e.actor === null])).toEqual([
        ['granted', false], ['applied', true],
      ]);
      // A pending grant can be revoked too.
      const other = nextPhone();
      await grant('museum', other);
      expect(bodyOf(await revoke('museum', other), RevokeStaffResponse)).toMatchObject({ revoked: true, sessionsEnded: 0 });
      expect((await list('museum')).map((s) => s.phone)).not.toContain(other);
      expect((await signInWithPhone(h().auth, other)).user.app_metadata).not.toHaveProperty('role');
    });

    it('never demotes an admin, keeps one business per phone, and refuses bad phones and unknown places', async () => {
      await createAdmin(h());
      const [newest] = await h().db.sql<{ phone: string }[]>`
        select right(phone, 10) as phone from auth.users where raw_app_meta_data ->> 'role' = 'admin' order by created_at desc limit 1`;
      const grantedAdmin = await grant('creamery', newest!.phone);
      expect([grantedAdmin.status, grantedAdmin.error?.message]).toEqual([409, expect.stringContaining('admin')]);
      expect((await revoke('creamery', newest!.phone)).status).toBe(409);
      expect(await metadata(newest!.phone)).toMatchObject({ role: 'admin' });

      const phone = nextPhone();
      expect((await grant('creamery', phone)).status).toBe(200);
      const elsewhere = await grant('snackco', phone);
      expect([elsewhere.status, elsewhere.error?.message]).toEqual([409, expect.stringContaining('Village Creamery')]);
      expect((await revoke('snackco', phone)).status).toBe(404);
      // Staff set up outside this screen (app_metadata alone) are listed, kept to their business and revocable.
      await createStaff(h(), 'chatterbox');
      const [legacy] = await h().db.sql<{ phone: string }[]>`
        select right(phone, 10) as phone from auth.users where raw_app_meta_data ->> 'location_id' = 'chatterbox' order by created_at desc limit 1`;
      expect((await list('chatterbox')).find((s) => s.phone === legacy!.phone)).toMatchObject({ status: 'active', grantedAt: null });
      expect((await grant('creamery', legacy!.phone)).status).toBe(409);
      expect((await revoke('chatterbox', legacy!.phone)).status).toBe(200);

      for (const bad of ['555-0100', '1234567890', '(555) 123-456', 'call me', '+44 20 7946 0958']) {
        expect([bad, (await grant('creamery', bad)).status]).toEqual([bad, 400]);
        expect([bad, (await revoke('creamery', bad)).status]).toEqual([bad, 400]);
      }
      expect((await h().call('POST', staffPath('creamery'), { token: await admin(), body: { phone, extra: 1 } })).status).toBe(400);
      expect((await grant('atlantis', nextPhone())).status).toBe(404);
      expect((await h().call('GET', staffPath('atlantis'), { token: await admin() })).status).toBe(404);
    });

    // Under concurrency (real Postgres: parallel connections): one business per phone, whoever asks first.
    if (kind === 'postgres') {
      it('two admins granting one phone at two businesses at once: exactly one grant, the other a 409', async () => {
        const phone = nextPhone();
        const places = ['creamery', 'joanies', 'museum', 'snackco', 'chatterbox', 'broken-bridge'];
        const responses = await Promise.all(places.map((place) => grant(place, phone)));
        expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
        const winner = places[responses.findIndex((r) => r.status === 200)]!;
        expect(await h().db.sql`select location_id from private.staff_grants where phone = ${`+1${phone}`}`).toEqual([
          { location_id: winner },
        ]);
        // Sign-up racing a revoke and a re-grant: the user ends up matching the grant table.
        const [session] = await Promise.all([signInWithPhone(h().auth, phone), revoke(winner, phone)]);
        const [grantRow] = await h().db.sql<{ location_id: string }[]>`
          select location_id from private.staff_grants
           where phone = ${`+1${phone}`} or user_id = ${session.user.id}`;
        const meta = await metadata(phone);
        expect(grantRow).toBeUndefined();
        expect(meta).not.toHaveProperty('role');
        expect(session.user.id).toEqual(expect.any(String));
      });
    }

    it('answers 401 signed out and 403 to a member, staff and a kiosk on each staff endpoint, changing nothing', async () => {
      const tokens = await nonAdminTokens(h());
      const phone = nextPhone();
      const calls: [string, string, object | undefined][] = [
        ['GET', staffPath('creamery'), undefined],
        ['POST', staffPath('creamery'), { phone }],
        ['POST', `${staffPath('creamery')}/revoke`, { phone }],
      ];
      for (const [method, path, body] of calls) {
        expect([path, (await h().call(method, path, { body })).status]).toEqual([path, 401]);
        for (const [who, token] of Object.entries(tokens)) {
          expect([method, path, who, (await h().call(method, path, { token, body })).status]).toEqual([method, path, who, 403]);
        }
      }
      expect(await h().db.sql`select 1 from private.staff_grants where phone = ${`+1${phone}`}`).toHaveLength(0);
    });
  });
}
