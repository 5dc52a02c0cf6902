// People and the record: admins granted and removed by phone, business owners
// who see their own business and nothing of another (the API matrix), contact messages marked
// handled, and one audit row for every admin, owner and staff-management action.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  AdminAdminsResponse, AdminOwnersResponse, AuditResponse, BusinessSettlementResponse, CampaignPreviewResponse,
  CampaignResponse, CampaignsResponse, ContactMessagesResponse,
  GrantAdminResponse, GrantOwnerResponse, HandleMessageResponse, MetricsResponse, RemoveAdminResponse,
  RevokeOwnerResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import type { Endpoint } from '../../../supabase/functions/_shared/endpoint.ts';
import { endpointList, endpoints } from '../../../supabase/functions/_shared/endpoints.ts';
import { bodyOf } from '../../support/api-client.ts';
import {
  createKiosk, createMember, createOwner, nextPhone, recordVisit, signUp,
} from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { signInWithPhone } from '../../support/auth-client.ts';
import { useHarness } from './harness.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const OWN = 'creamery';
const OTHER = 'museum';

interface Request { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
/** For each endpoint an owner may call: the request for a business (and, where it has one, for none). */
const OWNER_CASES: Record<string, { at: (location: string) => Request; none?: Request }> = {
  adminMetrics: { at: (location) => ({ query: { location } }), none: {} },
  businessReport: { at: (location) => ({ query: { location, month: '2026-01' } }) },
  businessSettlement: { at: (locationId) => ({ params: { locationId }, query: { month: '2026-01' } }) },
  adminStaff: { at: (locationId) => ({ params: { locationId } }) },
  grantStaff: { at: (locationId) => ({ params: { locationId }, body: { phone: '3125550177' } }) },
  revokeStaff: { at: (locationId) => ({ params: { locationId }, body: { phone: '3125550177' } }) },
  adminKiosks: { at: (locationId) => ({ params: { locationId } }) },
  counterPeople: { at: (locationId) => ({ params: { locationId } }) },
  adminAudit: { at: (location) => ({ query: { location } }), none: {} },
};
/** Owner endpoints with no business in the path (campaigns: the segment is always theirs); their own test below. */
const OWNER_CAMPAIGNS = ['adminCampaigns', 'previewCampaign', 'createCampaign', 'cancelCampaign'];
/** The counter's endpoints, where an owner serves at their own business (tests/api/owner-counter.pg.test.ts). */
const OWNER_COUNTER = ['approveVisit', 'checkRedemptionCode', 'counterSearch', 'redeemCode', 'redeemableRewards', 'scanCard'];

function pathOf(endpoint: Endpoint, request: Request): string {
  let path: string = endpoint.path;
  for (const [name, value] of Object.entries(request.params ?? {})) path = path.replace(`:${name}`, value);
  path = path.replace(/:[a-zA-Z]+Id/g, SOME_ID);
  const query = request.query && Object.keys(request.query).length ? `?${new URLSearchParams(request.query)}` : '';
  return path + query;
}

export function peopleSuite(kind: DatabaseKind) {
  describe(`people and the record (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    const admin = () => h().adminToken();
    const send = (endpoint: Endpoint, token: string, request: Request = {}) =>
      h().call(endpoint.method.toUpperCase(), pathOf(endpoint, request), {
        token, body: request.body ?? (endpoint.body ? {} : undefined),
      });
    const post = async (path: string, body: unknown, token?: string) =>
      h().call('POST', path, { token: token ?? (await admin()), body });
    const audits = (action: string, target?: string) => h().db.sql<{
      actor_id: string | null; actor_role: string; target_id: string | null; location_id: string | null;
      before: unknown; after: unknown; reason: string | null;
    }[]>`
      select actor_id::text, actor_role, target_id, location_id, before, after, reason
        from private.audit_log
       where action = ${action} and (${target ?? null}::text is null or target_id = ${target ?? null})
       order by id`;
    const metadata = async (phone: string) => {
      const [user] = await h().db.sql<{ meta: Record<string, unknown> }[]>`
        select raw_app_meta_data as meta from auth.users where phone = ${`1${phone}`}`;
      return user?.meta;
    };

    describe('admins by phone', () => {
      it('grants a signed-up phone at once, lists it, and removes it: its token is refused at once', async () => {
        const member = await createMember(h());
        const granted = bodyOf(await post('/api/admin/admins', { phone: member.phone }), GrantAdminResponse);
        expect(granted).toMatchObject({ phone: member.phone, status: 'active', userId: expect.any(String) });
        expect(await metadata(member.phone)).toMatchObject({ role: 'admin' });
        // Granting again changes nothing and records nothing more.
        expect((await post('/api/admin/admins', { phone: member.phone })).status).toBe(200);
        expect(await audits('admin.grant', `+1${member.phone}`)).toEqual([
          expect.objectContaining({ actor_role: 'admin', actor_id: decodeJwt(await admin()).sub, after: expect.objectContaining({ role: 'admin', status: 'active' }) }),
        ]);

        const token = (await signInWithPhone(h().auth, member.phone)).access_token;
        const list = bodyOf(await h().call('GET', '/api/admin/admins', { token }), AdminAdminsResponse);
        expect(list.find((a) => a.phone === member.phone)).toMatchObject({ status: 'active', you: true });
        expect(list.find((a) => a.you === false && a.status === 'active')).toBeDefined();

        // Never yourself.
        const self = await post('/api/admin/admins/remove', { phone: member.phone }, token);
        expect([self.status, self.error?.message]).toEqual([409, 'You cannot remove yourself; another admin can remove you']);

        const removed = bodyOf(await post('/api/admin/admins/remove', { phone: member.phone }), RemoveAdminResponse);
        expect(removed).toMatchObject({ phone: member.phone, removed: true });
        expect(removed.sessionsEnded).toBeGreaterThanOrEqual(1);
        expect((await h().call('GET', '/api/admin/admins', { token })).status).toBe(401);
        expect(await metadata(member.phone)).not.toHaveProperty('role');
        expect((await post('/api/admin/admins/remove', { phone: member.phone })).status).toBe(404);
        expect(await audits('admin.remove', `+1${member.phone}`)).toHaveLength(1);
      });

      it('keeps a pending admin grant for a new phone and applies it at sign-up', async () => {
        const phone = nextPhone();
        expect(bodyOf(await post('/api/admin/admins', { phone }), GrantAdminResponse).status).toBe('pending');
        const listed = bodyOf(await h().call('GET', '/api/admin/admins', { token: await admin() }), AdminAdminsResponse);
        expect(listed.find((a) => a.phone === phone)).toMatchObject({ status: 'pending', userId: null });
        const session = await signInWithPhone(h().auth, phone);
        expect(decodeJwt(session.access_token).app_metadata).toMatchObject({ role: 'admin' });
        expect((await h().call('GET', '/api/admin/admins', { token: session.access_token })).status).toBe(200);
        expect(await audits('admin.applied', `+1${phone}`)).toEqual([expect.objectContaining({ actor_role: 'system' })]);
      });

      it('refuses a phone that is staff or an owner (409) and a non-admin (403)', async () => {
        const phone = nextPhone();
        await post(`/api/admin/locations/${OWN}/staff`, { phone });
        const staff = await post('/api/admin/admins', { phone });
        expect([staff.status, staff.error?.message]).toEqual([409, "This phone is already staff at Village Creamery; remove it there first"]);
        const ownerPhone = nextPhone();
        await post(`/api/admin/locations/${OWN}/owners`, { phone: ownerPhone });
        expect((await post('/api/admin/admins', { phone: ownerPhone })).status).toBe(409);
        const owner = await createOwner(h(), OWN);
        expect((await post('/api/admin/admins', { phone: nextPhone() }, owner)).status).toBe(403);
        const member = await createMember(h());
        expect((await post('/api/admin/admins', { phone: member.phone }, member.token)).status).toBe(403);
      });

      if (kind === 'postgres') {
        it('two admins removing each other at once leave one of them', async () => {
          const a = await createMember(h());
          const b = await createMember(h());
          await post('/api/admin/admins', { phone: a.phone });
          await post('/api/admin/admins', { phone: b.phone });
          const tokenA = (await signInWithPhone(h().auth, a.phone)).access_token;
          const tokenB = (await signInWithPhone(h().auth, b.phone)).access_token;
          const [ab, ba] = await Promise.all([
            post('/api/admin/admins/remove', { phone: b.phone }, tokenA),
            post('/api/admin/admins/remove', { phone: a.phone }, tokenB),
          ]);
          // The second in turn finds its caller no longer an admin: its session is gone (401) or,
          // past that check, the database says so (403).
          const statuses = [ab.status, ba.status].sort();
          expect(statuses[0]).toBe(200);
          expect([401, 403]).toContain(statuses[1]);
          const roles = [(await metadata(a.phone))?.role, (await metadata(b.phone))?.role];
          expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
        });
      }
    });

    describe('business owners', () => {
      it('grants an owner of one business, lists them, removes them: sessions end', async () => {
        const member = await createMember(h());
        const granted = bodyOf(await post(`/api/admin/locations/${OWN}/owners`, { phone: member.phone }), GrantOwnerResponse);
        expect(granted).toMatchObject({ phone: member.phone, locationId: OWN, status: 'active' });
        expect(await metadata(member.phone)).toMatchObject({ role: 'owner', location_id: OWN });
        const owners = bodyOf(await h().call('GET', `/api/admin/owners?location=${OWN}`, { token: await admin() }), AdminOwnersResponse);
        expect(owners.find((o) => o.phone === member.phone)).toMatchObject({ status: 'active', businessName: 'Village Creamery' });
        // One role per phone: not an owner of a second business, not staff.
        expect((await post(`/api/admin/locations/${OTHER}/owners`, { phone: member.phone })).status).toBe(409);
        const staff = await post(`/api/admin/locations/${OWN}/staff`, { phone: member.phone });
        expect([staff.status, staff.error?.message]).toEqual([409, 'This phone belongs to a business owner; remove the owner first']);

        const token = (await signInWithPhone(h().auth, member.phone)).access_token;
        expect((await h().call('GET', `/api/admin/metrics?location=${OWN}`, { token })).status).toBe(200);
        const revoked = bodyOf(await post(`/api/admin/locations/${OWN}/owners/revoke`, { phone: member.phone }), RevokeOwnerResponse);
        expect(revoked.sessionsEnded).toBeGreaterThanOrEqual(1);
        expect((await h().call('GET', `/api/admin/metrics?location=${OWN}`, { token })).status).toBe(401);
        expect((await post(`/api/admin/locations/${OWN}/owners/revoke`, { phone: member.phone })).status).toBe(404);
        expect((await audits('owner.grant', `+1${member.phone}`)).map((a) => a.location_id)).toEqual([OWN]);
        expect((await audits('owner.revoke', `+1${member.phone}`)).map((a) => a.location_id)).toEqual([OWN]);
      });

      it('the matrix: an owner of A gets A\'s answers, and 403 for B, for every business, and every admin-only endpoint', async () => {
        const owner = await createOwner(h(), OWN);
        const ownerEndpoints = endpointList.filter((e) => e.roles.includes('owner') && e.roles.includes('admin') && !e.roles.includes('member'));
        const byEndpoint = new Map(Object.entries(endpoints).map(([id, e]) => [e, id]));
        expect(ownerEndpoints.map((e) => byEndpoint.get(e)).sort()).toEqual([...Object.keys(OWNER_CASES), ...OWNER_CAMPAIGNS, ...OWNER_COUNTER].sort());

        const answers: string[] = [];
        for (const [id, cases] of Object.entries(OWNER_CASES)) {
          const endpoint = endpoints[id]!;
          answers.push(`${id} A ${(await send(endpoint, owner, cases.at(OWN))).status}`);
          answers.push(`${id} B ${(await send(endpoint, owner, cases.at(OTHER))).status}`);
          if (cases.none) answers.push(`${id} all ${(await send(endpoint, owner, cases.none)).status}`);
        }
        expect(answers).toEqual(Object.entries(OWNER_CASES).flatMap(([id, cases]) => [
          `${id} A 200`, `${id} B 403`, ...(cases.none ? [`${id} all 403`] : []),
        ]));

        const adminOnly = endpointList.filter((e) => e.roles.includes('admin') && !e.roles.includes('owner'));
        expect(adminOnly.length).toBeGreaterThan(20);
        for (const endpoint of adminOnly) {
          const response = await send(endpoint, owner, { params: { locationId: OWN }, query: { location: OWN, month: '2026-01' } });
          expect([`${endpoint.method} ${endpoint.path}`, response.status]).toEqual([`${endpoint.method} ${endpoint.path}`, 403]);
        }
      });

      it("an owner texts only their business's consenting visitors, and lists and cancels only their business's owner campaigns", async () => {
        const owner = await createOwner(h(), OWN);
        const otherOwner = await createOwner(h(), OTHER);
        // Three consenting visitors: an owner never texts, nor counts, fewer than 3 members.
        const visitors = [await signUp(h(), { smsConsent: true }), await signUp(h(), { smsConsent: true }), await signUp(h(), { smsConsent: true })];
        const visitor = visitors[0]!;
        const silent = await signUp(h());
        const elsewhere = await signUp(h(), { smsConsent: true });
        const elsewhereToo = [await signUp(h(), { smsConsent: true }), await signUp(h(), { smsConsent: true })];
        // They confirm the consent ticked on the form by replying YES (a pending one gets no campaign).
        for (const m of [...visitors, elsewhere, ...elsewhereToo]) {
          await h().db.sql`select private.record_sms_consent(${m.id}, true, 'SMS reply: YES', 'sms_reply')`;
        }
        for (const m of [...visitors, silent]) await recordVisit(h(), await admin(), m.id, OWN);
        for (const m of [elsewhere, ...elsewhereToo]) await recordVisit(h(), await admin(), m.id, OTHER);
        const message = `Owner offer ${nextPhone()}`;

        // Another business is refused with a clear message; none means theirs.
        const refused = await post('/api/admin/campaigns/preview', { message, segment: { locationId: OTHER } }, owner);
        expect([refused.status, refused.error?.message]).toEqual([403, 'An owner can only text members who visited their own business']);
        expect((await post('/api/admin/campaigns', { message, segment: { locationId: OTHER } }, owner)).status).toBe(403);
        const mine = bodyOf(await post('/api/admin/campaigns/preview', { message, segment: {} }, owner), CampaignPreviewResponse);
        const named = bodyOf(await post('/api/admin/campaigns/preview', { message, segment: { locationId: OWN } }, owner), CampaignPreviewResponse);
        expect(mine).toEqual(named);
        expect(mine.recipients).toBeGreaterThanOrEqual(3);

        const sent = bodyOf(await post('/api/admin/campaigns', { message, segment: {} }, owner), CampaignResponse, 201).campaign;
        expect(sent).toMatchObject({ status: 'started', locationId: OWN, segment: { locationId: OWN } });
        const texted = (await h().db.sql<{ customer_id: string; everyone: boolean }[]>`
          select t.customer_id::text, exists (select 1 from public.visits v where v.customer_id = t.customer_id
                   and v.location_id = ${OWN} and v.status = 'approved') and c.sms_consent as everyone
            from private.texts t join public.customers c on c.id = t.customer_id
           where t.campaign_id = ${sent.id}`);
        expect(texted.map((t) => t.customer_id)).toContain(visitor.id);
        expect(texted.map((t) => t.customer_id)).not.toContain(silent.id);
        expect(texted.map((t) => t.customer_id)).not.toContain(elsewhere.id);
        expect(texted.every((t) => t.everyone)).toBe(true);
        expect((await audits('campaign.send', sent.id)).map((a) => [a.actor_role, a.location_id])).toEqual([['owner', OWN]]);

        // Scheduled campaigns: an admin's (even aimed at A) and B's owner's are neither listed nor cancellable by A's owner.
        const later = new Date(Date.now() + 86_400_000).toISOString();
        const schedule = async (token: string, segment: object) =>
          bodyOf(await post('/api/admin/campaigns', { message, segment, sendAt: later }, token), CampaignResponse, 201).campaign;
        const ownScheduled = await schedule(owner, {});
        const adminsAtA = await schedule(await admin(), { locationId: OWN });
        const othersB = await schedule(otherOwner, {});
        const listed = bodyOf(await h().call('GET', '/api/admin/campaigns', { token: owner }), CampaignsResponse).campaigns;
        expect(listed.map((c) => c.id)).toEqual(expect.arrayContaining([sent.id, ownScheduled.id]));
        expect(listed.map((c) => c.id)).not.toContain(adminsAtA.id);
        expect(listed.map((c) => c.id)).not.toContain(othersB.id);
        expect(listed.every((c) => c.locationId === OWN)).toBe(true);
        for (const campaign of [adminsAtA, othersB]) {
          expect((await post(`/api/admin/campaigns/${campaign.id}/cancel`, {}, owner)).status).toBe(404);
        }
        expect(bodyOf(await post(`/api/admin/campaigns/${ownScheduled.id}/cancel`, {}, owner), CampaignResponse).campaign.status).toBe('cancelled');
        // The admin still sees and cancels everything.
        const adminList = bodyOf(await h().call('GET', '/api/admin/campaigns', { token: await admin() }), CampaignsResponse).campaigns;
        expect(adminList.map((c) => c.id)).toEqual(expect.arrayContaining([adminsAtA.id, othersB.id]));
        for (const campaign of [adminsAtA, othersB]) {
          expect((await post(`/api/admin/campaigns/${campaign.id}/cancel`, {})).status).toBe(200);
        }
      });

      it("an owner's figures are their business's: metrics, settlement line, staff and kiosks", async () => {
        const owner = await createOwner(h(), OWN);
        const member = await signUp(h());
        await recordVisit(h(), await admin(), member.id, OWN);
        await recordVisit(h(), await admin(), member.id, OTHER);
        const mine = bodyOf(await h().call('GET', `/api/admin/metrics?location=${OWN}`, { token: owner }), MetricsResponse);
        const adminView = bodyOf(await h().call('GET', `/api/admin/metrics?location=${OWN}`, { token: await admin() }), MetricsResponse);
        expect(mine).toEqual(adminView);
        const month = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' }).slice(0, 7);
        const line = bodyOf(await h().call('GET', `/api/admin/locations/${OWN}/settlement?month=${month}`, { token: owner }), BusinessSettlementResponse);
        expect(line.business.locationId).toBe(OWN);
        expect(line.pairs.every((p) => p.a === OWN || p.b === OWN)).toBe(true);

        // Owners manage their own business's staff; the audit row names the owner and the business.
        const phone = nextPhone();
        expect((await post(`/api/admin/locations/${OWN}/staff`, { phone }, owner)).status).toBe(200);
        expect((await audits('staff.grant', `+1${phone}`)).map((a) => [a.actor_role, a.location_id])).toEqual([['owner', OWN]]);
        expect((await post(`/api/admin/locations/${OTHER}/staff`, { phone: nextPhone() }, owner)).status).toBe(403);
        await createKiosk(h(), OWN);
        const kiosks = await h().call('GET', `/api/admin/locations/${OWN}/kiosks`, { token: owner });
        expect((kiosks.body as { locationId: string }[]).every((k) => k.locationId === OWN)).toBe(true);
        expect((kiosks.body as unknown[]).length).toBeGreaterThan(0);
      });
    });

    describe('contact messages', () => {
      it('marks a message handled and open again, counts the open ones, and audits each change', async () => {
        const subject = `Handled ${nextPhone()}`;
        expect((await h().call('POST', '/api/contact', { body: { name: 'Pat', email: 'pat@example.com', subject, message: 'Hi' } })).status).toBe(201);
        const read = async () => bodyOf(await h().call('GET', '/api/admin/messages?limit=200', { token: await admin() }), ContactMessagesResponse);
        const before = await read();
        const message = before.messages.find((m) => m.subject === subject)!;
        expect(message.handledAt).toBeNull();
        const handled = bodyOf(await post(`/api/admin/messages/${message.id}/handled`, { handled: true }), HandleMessageResponse);
        expect(handled.handledAt).toEqual(expect.any(String));
        expect(handled.handledBy).toBe(decodeJwt(await admin()).sub);
        expect((await read()).open).toBe(before.open - 1);
        // Marking it handled again changes nothing and records nothing.
        expect(bodyOf(await post(`/api/admin/messages/${message.id}/handled`, { handled: true }), HandleMessageResponse).handledAt).toBe(handled.handledAt);
        bodyOf(await post(`/api/admin/messages/${message.id}/handled`, { handled: false }), HandleMessageResponse);
        expect((await read()).open).toBe(before.open);
        expect(await audits('message.handle', message.id)).toHaveLength(1);
        expect(await audits('message.reopen', message.id)).toHaveLength(1);
        expect((await post(`/api/admin/messages/${SOME_ID}/handled`, { handled: true })).status).toBe(404);
        expect((await post(`/api/admin/messages/${message.id}/handled`, { handled: true }, await createOwner(h(), OWN))).status).toBe(403);
      });
    });

    describe('the record', () => {
      it('writes one audit row for each existing admin and staff-management action', async () => {
        const token = await admin();
        const adminId = decodeJwt(token).sub;
        const member = await signUp(h());
        const visit = await recordVisit(h(), token, member.id, OWN);

        // Void, adjust, enrolment code, kiosk revocation, flag dismissal, staff grant and revoke.
        expect((await post(`/api/admin/visits/${visit.visitId}/void`, { reason: 'Scanned twice' })).status).toBe(200);
        expect((await post(`/api/admin/customers/${member.id}/adjust-points`, { points: 7, reason: 'Goodwill' })).status).toBe(200);
        const kiosk = await createKiosk(h(), 'joanies');
        const kioskUser = decodeJwt(kiosk.token).sub!;
        const [row] = await h().db.sql<{ id: string }[]>`select id::text from public.kiosk_sessions where user_id = ${kioskUser}`;
        expect((await post(`/api/admin/kiosks/${row!.id}/revoke`, {})).status).toBe(200);
        const code = await h().call('PUT', '/api/admin/locations/joanies/enrolment-code', { token, body: { code: 'a-new-code-1234' } });
        expect(code.status).toBe(200);
        const [flag] = await h().db.sql<{ id: string }[]>`
          insert into private.velocity_flags (customer_id, day) values (${member.id}, current_date) returning id::text`;
        expect((await post(`/api/admin/flags/${flag!.id}/dismiss`, {})).status).toBe(200);
        expect((await post(`/api/admin/flags/${flag!.id}/dismiss`, {})).status).toBe(200);
        const phone = nextPhone();
        await post(`/api/admin/locations/${OWN}/staff`, { phone });
        await post(`/api/admin/locations/${OWN}/staff/revoke`, { phone });

        const expectOne = async (action: string, target: string, fields: Record<string, unknown>) => {
          const rows = await audits(action, target);
          expect([action, rows.length]).toEqual([action, 1]);
          expect(rows[0]).toMatchObject({ actor_id: adminId, actor_role: 'admin', ...fields });
        };
        await expectOne('visit.void', visit.visitId, { reason: 'Scanned twice', location_id: OWN, before: expect.objectContaining({ status: 'approved' }) });
        await expectOne('points.adjust', member.id, { reason: 'Goodwill', after: expect.objectContaining({ pointsAdjusted: 7 }) });
        await expectOne('kiosk.revoke', row!.id, { location_id: 'joanies', before: expect.objectContaining({ enrolled: true }) });
        expect((await audits('kiosk.enrolment_code_set', 'joanies')).length).toBeGreaterThanOrEqual(1);
        const codeRows = await audits('kiosk.enrolment_code_set', 'joanies');
        expect(JSON.stringify(codeRows)).not.toContain('a-new-code-1234');
        await expectOne('flag.dismiss', flag!.id, {});
        await expectOne('staff.grant', `+1${phone}`, { location_id: OWN });
        await expectOne('staff.revoke', `+1${phone}`, { location_id: OWN });
      });

      it('the Audit view: newest first, filtered, paginated; an owner reads only their business', async () => {
        const token = await admin();
        const phones = [nextPhone(), nextPhone(), nextPhone()];
        for (const phone of phones) await post(`/api/admin/locations/${OTHER}/staff`, { phone });
        const read = async (query: Record<string, string>, as = token) =>
          h().call('GET', `/api/admin/audit?${new URLSearchParams(query)}`, { token: as });
        const page1 = bodyOf(await read({ action: 'staff.grant', location: OTHER, limit: '2' }), AuditResponse);
        expect(page1.total).toBeGreaterThanOrEqual(3);
        expect(page1.entries).toHaveLength(2);
        expect(page1.entries[0]!.targetId).toBe(`+1${phones[2]}`);
        expect(page1.entries[1]!.targetId).toBe(`+1${phones[1]}`);
        const page2 = bodyOf(await read({ action: 'staff.grant', location: OTHER, limit: '2', page: '2' }), AuditResponse);
        expect(page2.entries[0]!.targetId).toBe(`+1${phones[0]}`);
        expect(page1.actions).toContain('staff.grant');
        const byKind = bodyOf(await read({ action: 'staff', target: phones[1]! }), AuditResponse);
        expect(byKind.entries.map((e) => e.action)).toEqual(['staff.grant']);
        const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
        expect(bodyOf(await read({ target: phones[0]!, from: today, to: today, actor: 'admin' }), AuditResponse).total).toBe(1);
        expect(bodyOf(await read({ target: phones[0]!, to: '2020-01-01' }), AuditResponse).total).toBe(0);
        expect((await read({ from: '2026-02-01', to: '2026-01-01' })).status).toBe(400);

        const owner = await createOwner(h(), OWN);
        expect((await read({ location: OTHER }, owner)).status).toBe(403);
        expect((await read({}, owner)).status).toBe(403);
        const own = bodyOf(await read({ location: OWN }, owner), AuditResponse);
        expect(own.entries.every((e) => e.locationId === OWN)).toBe(true);
      });
    });
  });
}
