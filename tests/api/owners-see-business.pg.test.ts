// Owners see their business, not individual members, on real Postgres: a figure about fewer than 3
// members is withheld from an owner (null, "fewer than 3") in the dashboard figures and the monthly
// report while the admin still reads it; the owner's Audit view names the operator by role and name,
// never by phone; granting staff to a member's phone is said first; and removing that grant leaves
// the member able to sign in to their own account again.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  AuditResponse, BusinessReportResponse, GrantStaffResponse, MeResponse, MetricsResponse, RevokeStaffResponse,
} from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createMember, createOwner, recordVisit, signInMember, signUp } from '../support/api-factories.ts';
import { signInWithPhone } from '../support/auth-client.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');
const HERE = 'broken-bridge';

/** This month in the programme's time zone, as the report takes it ('2026-11'). */
const month = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' }).format(new Date());
const metrics = async (token: string) =>
  bodyOf(await h().call('GET', `/api/admin/metrics?location=${HERE}&range=30days`, { token }), MetricsResponse);
const report = async (token: string) =>
  bodyOf(await h().call('GET', `/api/admin/coalition/business-report?location=${HERE}&month=${month()}`, { token }), BusinessReportResponse);

describe('owners see their business, not individual members', { timeout: 120_000 }, () => {
  it('withholds every figure about one or two members from the owner, shows them at three, and never from the admin', async () => {
    const admin = await h().adminToken();
    const owner = await createOwner(h(), HERE);
    // One member visits here (and at the Creamery), signed up here.
    const first = await signUp(h(), { locationId: HERE });
    await recordVisit(h(), admin, first.id, HERE);
    await recordVisit(h(), admin, first.id, 'creamery');

    const mine = await metrics(owner);
    expect(mine).toMatchObject({ totalVisits: null, activeMembers: null, signupsToday: null });
    expect(mine.growth.totalVisits).toBeNull();
    expect(await metrics(admin)).toMatchObject({ totalVisits: 1, activeMembers: 1, signupsToday: 1 });

    const withheld = await report(owner);
    expect(withheld).toMatchObject({ visits: null, members: null, newMembers: null, firstVisits: null });
    // "Village Creamery 1 · 100%" named one person: every row of where members also shop is withheld.
    expect(withheld.alsoShopAt.find((a) => a.locationId === 'creamery')).toMatchObject({ members: null, percent: null });
    expect(withheld.alsoShopAt.every((a) => a.members === null && a.percent === null)).toBe(true);
    const full = await report(admin);
    expect(full).toMatchObject({ visits: 1, members: 1, newMembers: 1, firstVisits: 1 });
    expect(full.alsoShopAt.find((a) => a.locationId === 'creamery')).toMatchObject({ members: 1, percent: 100 });

    // Two more members: three visited, so the month's figures show; only one of them also went to
    // the Creamery, so that row stays withheld; the figures about none show 0.
    for (let i = 0; i < 2; i += 1) {
      const member = await signUp(h());
      await recordVisit(h(), admin, member.id, HERE);
    }
    const three = await report(owner);
    expect(three).toMatchObject({ visits: 3, members: 3, firstVisits: 3, newMembers: null, welcomeRewardsRedeemed: 0 });
    expect(three.alsoShopAt.find((a) => a.locationId === 'creamery')).toMatchObject({ members: null, percent: null });
    expect(three.alsoShopAt.find((a) => a.locationId === 'museum')).toMatchObject({ members: 0, percent: 0 });
    expect(await metrics(owner)).toMatchObject({ totalVisits: 3, activeMembers: 3 });
    // The truth in SQL is unchanged: the admin's figures are the visits table's.
    const [row] = await h().db.sql<{ n: number }[]>`
      select count(*)::int as n from public.visits where location_id = ${HERE} and status = 'approved'`;
    expect((await report(admin)).visits).toBe(row!.n);
  });

  it("shows the owner the operator by role and name, never the operator's phone, and no phone filter finds it", async () => {
    const admin = await h().adminToken();
    const owner = await createOwner(h(), HERE);
    const adminPhone = decodeJwt(admin).phone as string;
    await h().db.sql`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"name": "Olive Operator"}'
                      where id = ${decodeJwt(admin).sub!}`;
    const staffPhone = (await signUp(h())).phone;
    bodyOf(await h().call('POST', `/api/admin/locations/${HERE}/staff`, { token: admin, body: { phone: staffPhone, memberConfirmed: true } }), GrantStaffResponse);

    const audit = (token: string, actor?: string) =>
      h().call('GET', `/api/admin/audit?location=${HERE}${actor ? `&actor=${actor}` : ''}`, { token });
    const seen = bodyOf(await audit(owner), AuditResponse).entries.filter((e) => e.actorRole === 'admin');
    expect(seen.length).toBeGreaterThan(0);
    for (const entry of seen) expect(entry).toMatchObject({ actorPhone: null, actorName: 'Olive Operator' });
    expect(JSON.stringify(seen)).not.toContain(adminPhone.slice(-10));
    expect(bodyOf(await audit(owner, adminPhone.slice(-10)), AuditResponse).total).toBe(0);
    // The admin still sees who, with the phone.
    const asAdmin = bodyOf(await audit(admin), AuditResponse).entries.filter((e) => e.actorRole === 'admin');
    expect(asAdmin[0]).toMatchObject({ actorPhone: adminPhone.slice(-10), actorName: 'Olive Operator' });
  });

  it("says a phone is a member's before granting it staff, and removing the grant leaves their account usable", async () => {
    const owner = await createOwner(h(), HERE);
    const member = await createMember(h(), { name: 'Marta Member' });
    const path = `/api/admin/locations/${HERE}/staff`;
    const asked = bodyOf(await h().call('POST', path, { token: owner, body: { phone: member.phone } }), GrantStaffResponse);
    expect(asked).toMatchObject({ status: 'needs_confirmation', userId: null, grantedAt: null });
    expect(asked.question).toMatch(/belongs to a member/);
    const [none] = await h().db.sql<{ n: number }[]>`
      select count(*)::int as n from private.staff_grants g join auth.users u on u.id = g.user_id
       where u.phone = ${`1${member.phone}`}`;
    expect(none!.n).toBe(0);

    const granted = bodyOf(await h().call('POST', path, { token: owner, body: { phone: member.phone, memberConfirmed: true } }), GrantStaffResponse);
    expect(granted.status).toBe('active');
    const staffSession = await signInWithPhone(h().auth, member.phone);
    expect(decodeJwt(staffSession.access_token).app_metadata).toMatchObject({ role: 'staff', location_id: HERE });
    // As staff they keep their own account.
    expect(bodyOf(await h().call('GET', '/api/me', { token: staffSession.access_token }), MeResponse).customer?.name).toBe('Marta Member');

    bodyOf(await h().call('POST', `${path}/revoke`, { token: owner, body: { userId: granted.userId } }), RevokeStaffResponse);
    expect((await h().call('GET', '/api/me', { token: staffSession.access_token })).status).toBe(401);
    // Signing in again is open to them, as the member they are.
    const again = await signInMember(h(), member.phone);
    expect(decodeJwt(again).app_metadata).not.toHaveProperty('role');
    expect(bodyOf(await h().call('GET', '/api/me', { token: again }), MeResponse).customer?.name).toBe('Marta Member');
  });
});
