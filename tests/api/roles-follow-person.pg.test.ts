// A role belongs to a person, not to a phone number, on real Postgres: each test first moves the
// person to another phone through Supabase Auth's own endpoints (PUT /auth/v1/user + the
// phone_change code), as any signed-in user may, then removes them, and proves with SQL and with
// the old and new tokens that nothing is left — in the api and in Storage.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  AdminOwnersResponse, AdminStaffResponse, ApproveVisitResponse, RemoveAdminResponse, RevokeOwnerResponse,
  RevokeStaffResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createMember, nextPhone, signUp } from '../support/api-factories.ts';
import { changePhoneThroughAuth, refreshStatus, signInWithPhone } from '../support/auth-client.ts';
import { solidPng } from '../support/png.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');

const post = async (path: string, body: unknown, token?: string) =>
  h().call('POST', path, { token: token ?? (await h().adminToken()), body });

/** What the database still holds for a person: their claim, grants (by user or by either phone) and sessions. */
async function leftOf(userId: string, phones: string[]) {
  const [row] = await h().db.sql<{ role: string | null; grants: number; sessions: number; phone: string }[]>`
    select u.raw_app_meta_data ->> 'role' as role, right(u.phone, 10) as phone,
           (select count(*)::int from private.staff_grants g
             where g.user_id = u.id or g.phone = any(${phones.map((p) => `+1${p}`)})) as grants,
           (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions
      from auth.users u where u.id = ${userId}`;
  return row;
}

/** A member given a role by phone, signed in, then moved to a new phone through Auth. */
async function movedPerson(grant: (phone: string) => Promise<unknown>) {
  const member = await createMember(h());
  await grant(member.phone);
  const before = await signInWithPhone(h().auth, member.phone);
  const newPhone = nextPhone();
  const after = await changePhoneThroughAuth(h().auth, before.access_token, newPhone);
  const userId = decodeJwt(before.access_token).sub!;
  expect(decodeJwt(after.access_token).sub).toBe(userId);
  // Three sessions: the member's own sign-in, the one with the role (the old phone's token), and the
  // one the phone change made (the new phone's token).
  return { oldPhone: member.phone, newPhone, userId, before, after, tokens: [before.access_token, after.access_token] };
}

describe('a role follows the person when their phone changes', { timeout: 120_000 }, () => {
  it('an owner who moves keeps the role; a revoke by the old phone finds nobody; by user id it ends everything', async () => {
    const person = await movedPerson((phone) => post('/api/admin/locations/creamery/owners', { phone }));
    expect(decodeJwt(person.after.access_token).app_metadata).toMatchObject({ role: 'owner', location_id: 'creamery' });
    for (const token of person.tokens) {
      expect((await h().call('GET', '/api/admin/metrics?location=creamery', { token })).status).toBe(200);
    }
    // The list shows the person once, with the phone they have now.
    const owners = bodyOf(await h().call('GET', '/api/admin/owners?location=creamery', { token: await h().adminToken() }), AdminOwnersResponse);
    expect(owners.filter((o) => o.userId === person.userId)).toEqual([expect.objectContaining({ phone: person.newPhone, status: 'active' })]);
    expect(owners.find((o) => o.phone === person.oldPhone)).toBeUndefined();

    const byOldPhone = await post('/api/admin/locations/creamery/owners/revoke', { phone: person.oldPhone });
    expect([byOldPhone.status, byOldPhone.error?.message]).toEqual([404, 'Nobody with this phone is an owner of this business']);
    expect(await leftOf(person.userId, [person.oldPhone, person.newPhone])).toMatchObject({ role: 'owner', grants: 1, sessions: 3 });

    const revoked = bodyOf(await post('/api/admin/locations/creamery/owners/revoke', { userId: person.userId }), RevokeOwnerResponse);
    expect(revoked).toMatchObject({ phone: person.newPhone, userId: person.userId, revoked: true, sessionsEnded: 3 });
    expect(await leftOf(person.userId, [person.oldPhone, person.newPhone])).toEqual({ role: null, phone: person.newPhone, grants: 0, sessions: 0 });
    for (const token of person.tokens) {
      expect((await h().call('GET', '/api/admin/metrics?location=creamery', { token })).status).toBe(401);
    }
    expect(await refreshStatus(h().auth, person.after.refresh_token)).toBeGreaterThanOrEqual(400);
    // Again: nobody is left to revoke.
    expect((await post('/api/admin/locations/creamery/owners/revoke', { userId: person.userId })).status).toBe(404);
  });

  it('a clerk who moves still approves until revoked by user id; then neither token approves, and no points are added', async () => {
    const person = await movedPerson((phone) => post('/api/admin/locations/museum/staff', { phone, memberConfirmed: true }));
    const customer = await signUp(h());
    const approve = (token: string) =>
      h().call('POST', '/api/visits/approve', { token, body: { token: `customer:${customer.id}` } });
    expect(bodyOf(await approve(person.after.access_token), ApproveVisitResponse).pointsEarned).toBe(5);

    const staff = bodyOf(await h().call('GET', '/api/admin/locations/museum/staff', { token: await h().adminToken() }), AdminStaffResponse);
    expect(staff.filter((s) => s.userId === person.userId)).toEqual([expect.objectContaining({ phone: person.newPhone, status: 'active' })]);
    expect(staff.find((s) => s.phone === person.oldPhone)).toBeUndefined();

    expect((await post('/api/admin/locations/museum/staff/revoke', { phone: person.oldPhone })).status).toBe(404);
    const revoked = bodyOf(await post('/api/admin/locations/museum/staff/revoke', { userId: person.userId }), RevokeStaffResponse);
    expect(revoked).toMatchObject({ userId: person.userId, phone: person.newPhone, sessionsEnded: 3 });
    for (const token of person.tokens) expect((await approve(token)).status).toBe(401);
    const [points] = await h().db.sql<{ total_points: number }[]>`select total_points from public.customers where id = ${customer.id}`;
    expect(points!.total_points).toBe(5);
    expect(await leftOf(person.userId, [person.oldPhone, person.newPhone])).toMatchObject({ role: null, grants: 0, sessions: 0 });
    const events = await h().db.sql<{ action: string; phone: string }[]>`
      select action, phone from private.staff_grant_events where user_id = ${person.userId} order by id`;
    expect(events).toEqual([
      { action: 'granted', phone: `+1${person.oldPhone}` },
      { action: 'revoked', phone: `+1${person.newPhone}` },
    ]);
  });

  it('an admin who moves is removed by user id (the old phone is a 404), and is refused by the api and by Storage', async () => {
    const person = await movedPerson((phone) => post('/api/admin/admins', { phone }));
    const storage = `${h().auth.url}/storage/v1/object`;
    const upload = (token: string, name: string, method: 'POST' | 'PUT' = 'POST', bytes = solidPng(1)) =>
      fetch(`${storage}/business-images/${name}`, {
        method,
        headers: { authorization: `Bearer ${token}`, apikey: h().auth.anonKey, 'content-type': 'image/png' },
        body: new Uint8Array(bytes),
      });
    // While an admin, the new token writes to the bucket.
    expect((await upload(person.after.access_token, 'creamery/moved-admin.png')).status).toBe(200);
    const bucket = () => h().db.sql<{ name: string; updated_at: Date; metadata: unknown }[]>`
      select name, updated_at, metadata from storage.objects where bucket_id = 'business-images' order by name`;
    const stored = await bucket();

    expect((await post('/api/admin/admins/remove', { phone: person.oldPhone })).status).toBe(404);
    const removed = bodyOf(await post('/api/admin/admins/remove', { userId: person.userId }), RemoveAdminResponse);
    expect(removed).toMatchObject({ userId: person.userId, phone: person.newPhone, removed: true, sessionsEnded: 3 });
    expect(await leftOf(person.userId, [person.oldPhone, person.newPhone])).toMatchObject({ role: null, grants: 0, sessions: 0 });

    for (const token of person.tokens) {
      expect((await h().call('GET', '/api/admin/admins', { token })).status).toBe(401);
      // The JWT is still signed and still says admin; its session is gone, so Storage refuses it.
      expect(decodeJwt(token).app_metadata).toMatchObject({ role: 'admin' });
      expect((await upload(token, 'creamery/after-removal.png')).status).toBeGreaterThanOrEqual(400);
      expect((await upload(token, 'creamery/moved-admin.png', 'PUT', solidPng(2))).status).toBeGreaterThanOrEqual(400);
      const remove = await fetch(`${storage}/business-images`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}`, apikey: h().auth.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: ['creamery/moved-admin.png'] }),
      });
      expect(remove.ok ? await remove.json() : []).toEqual([]);
    }
    expect(await bucket()).toEqual(stored);
  });

  it('a pending grant goes to whoever moves to its phone, and then follows them to the next phone', async () => {
    const pendingPhone = nextPhone();
    expect((await post('/api/admin/locations/joanies/staff', { phone: pendingPhone })).status).toBe(200);
    const member = await createMember(h());
    const moved = await changePhoneThroughAuth(h().auth, member.token, pendingPhone);
    const userId = decodeJwt(member.token).sub!;
    const [grant] = await h().db.sql<{ user_id: string | null; phone: string | null }[]>`
      select user_id::text, phone from private.staff_grants where user_id = ${userId}`;
    expect(grant).toEqual({ user_id: userId, phone: null });
    const again = await changePhoneThroughAuth(h().auth, moved.access_token, nextPhone());
    expect(decodeJwt(again.access_token).app_metadata).toMatchObject({ role: 'staff', location_id: 'joanies' });
    const staff = bodyOf(await h().call('GET', '/api/admin/locations/joanies/staff', { token: await h().adminToken() }), AdminStaffResponse);
    expect(staff.filter((s) => s.phone === pendingPhone)).toEqual([]);
    expect(staff.filter((s) => s.userId === userId)).toHaveLength(1);
  });

  it('the next holder of a number a staff member left inherits nothing', async () => {
    const person = await movedPerson((phone) => post('/api/admin/locations/creamery/staff', { phone, memberConfirmed: true }));
    const stranger = await signInWithPhone(h().auth, person.oldPhone);
    expect(decodeJwt(stranger.access_token).sub).not.toBe(person.userId);
    expect(decodeJwt(stranger.access_token).app_metadata).not.toHaveProperty('role');
    expect((await post('/api/admin/locations/creamery/staff/revoke', { phone: person.oldPhone })).status).toBe(404);
  });

  it('a removal names one person: neither or both of userId and phone is a 400', async () => {
    for (const body of [{}, { userId: '00000000-0000-4000-8000-000000000000', phone: '3125550100' }]) {
      expect((await post('/api/admin/admins/remove', body)).status).toBe(400);
      expect((await post('/api/admin/locations/creamery/owners/revoke', body)).status).toBe(400);
      expect((await post('/api/admin/locations/creamery/staff/revoke', body)).status).toBe(400);
    }
    const nobody = await post('/api/admin/admins/remove', { userId: '00000000-0000-4000-8000-00000000abcd' });
    expect([nobody.status, nobody.error?.message]).toEqual([404, 'This person is not an admin']);
  });
});
