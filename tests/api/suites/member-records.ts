// Member records and the member's own data: forget keeps every total
// and erases name and phone everywhere; suspension refuses check-ins and redemptions; an admin's
// phone correction is a 409 on another member's phone; the member's phone change needs the code
// texted to the new number; every admin action writes one audit row.
import { describe, expect, it } from 'vitest';
import {
  ConfirmMyPhoneResponse,
  MemberRecord,
  MyDataExport,
  MyDetails,
  SMS_CONSENT_TEXT,
  SMS_OPT_OUT_TEXT,
  StartRedemptionResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, nextPhone, recordVisit, signUp } from '../../support/api-factories.ts';
import { latestSmsCode } from '../../support/auth-client.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

const LOCATIONS = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'];
const SUSPENDED = "This membership is suspended. Please speak to the programme's operator.";

export function memberRecordsSuite(kind: DatabaseKind) {
  describe(`member records and self-service (${kind})`, { timeout: 120_000 }, () => {
    const h = useHarness(kind);
    const admin = () => h().adminToken();
    const post = async (path: string, body: unknown, token?: string) =>
      h().call('POST', path, { token: token ?? (await admin()), body });
    const auditRows = async (customerId: string) =>
      h().db.sql<{ action: string; reason: string | null; before: unknown; after: unknown }[]>`
        select action, reason, before, after from private.audit_log where target_id = ${customerId} order by id`;

    // Everything the programme's numbers are made of, read straight from SQL and the admin reads.
    async function figures() {
      const [sums] = await h().db.sql<Record<string, string>[]>`
        select (select coalesce(sum(points), 0) from public.points_ledger)::text as ledger,
               (select coalesce(sum(total_points), 0) from public.customers)::text as total_points,
               (select count(*) from public.customers)::text as customers,
               (select count(*) from public.visits where status = 'approved')::text as visits,
               (select count(*) from public.customer_rewards)::text as rewards,
               (select coalesce(sum(visit_count), 0) from public.customers)::text as visit_counts`;
      const [settlement] = await h().db.sql<{ s: unknown }[]>`
        select to_jsonb(x) as s from (
          select (select count(*) from public.customer_rewards where status = 'redeemed') as redeemed) x`;
      const token = await admin();
      const metrics = (await h().call('GET', '/api/admin/metrics?range=30days', { token })).body;
      const month = new Date().toISOString().slice(0, 7);
      const settle = (await h().call('GET', `/api/admin/coalition/settlement?month=${month}`, { token })).body;
      return { sums, settlement, metrics, settle };
    }

    it('forgets a member: totals, ledger and settlement keep their numbers; name and phone are gone everywhere', async () => {
      const member = await createMember(h(), { name: 'Forgettable Fern', email: 'fern@example.com', smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT });
      for (const location of LOCATIONS.slice(0, 3)) await recordVisit(h(), await admin(), member.id, location);
      const before = await figures();
      expect(Number(before.sums!.ledger)).toBeGreaterThan(0);

      const forgotten = bodyOf(await post(`/api/admin/customers/${member.id}/forget`, { reason: 'Asked by email' }), MemberRecord);
      expect(forgotten).toMatchObject({ id: member.id, name: 'Forgotten member', phone: null });
      expect(forgotten.forgottenAt).not.toBeNull();
      expect(await figures()).toEqual(before);

      // No name or phone left in the customer row, its consents, or any admin read or export.
      const [row] = await h().db.sql`select name, phone, email, user_id, sms_consent from public.customers where id = ${member.id}`;
      expect(row).toEqual({ name: 'Forgotten member', phone: null, email: null, user_id: null, sms_consent: false });
      const leaks = await h().db.sql`
        select 1 from public.consents where customer_id = ${member.id} and wording like '%agree%'`;
      expect(leaks).toHaveLength(0);
      const token = await admin();
      const reads = await Promise.all([
        h().call('GET', '/api/admin/customers?search=Fern', { token }),
        h().call('GET', `/api/admin/customers?search=${member.phone.slice(-4)}`, { token }),
        h().call('GET', '/api/admin/customers?search=Forgotten', { token }),
        h().call('GET', '/api/admin/exports/customers.csv', { token }),
        h().call('GET', '/api/admin/exports/visits.csv?range=30days', { token }),
        h().call('GET', '/api/admin/activity', { token }),
        h().call('GET', `/api/admin/customers/${member.id}`, { token }),
        h().call('GET', '/api/staff/members?q=Forgotten', { token }),
        h().call('GET', `/api/staff/members?q=${member.phone}`, { token }),
      ]);
      for (const read of reads) {
        expect(read.status).toBe(200);
        const text = JSON.stringify(read.body);
        expect(text).not.toContain('Fern');
        expect(text).not.toContain(member.phone);
        expect(text).not.toContain('fern@example.com');
      }
      expect(JSON.stringify(reads[2]!.body)).not.toContain(member.id);
      expect(JSON.stringify(reads[7]!.body)).not.toContain(member.id);
      // The member's sign-in is over, and the phone may join again as a new member.
      expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(401);
      const again = await signUp(h(), { name: 'Fern Again', phone: member.phone });
      expect(again.id).not.toBe(member.id);
      // One audit row, without the erased values.
      const audit = await auditRows(member.id);
      expect(audit.map((a) => a.action)).toEqual(['member.forget']);
      expect(JSON.stringify(audit)).not.toContain('Fern');
      expect((await post(`/api/admin/customers/${member.id}/forget`, { reason: 'Again' })).status).toBe(409);
    });

    it('suspends a member: no check-in start, approval, redemption code or redemption; unsuspending lifts it', async () => {
      const member = await createMember(h(), { name: 'Suspended Sam' });
      for (const location of LOCATIONS.slice(0, 2)) await recordVisit(h(), await admin(), member.id, location);
      const [reward] = await h().db.sql<{ id: string; at: string }[]>`
        select id, welcome_location_id as at from public.customer_rewards
         where customer_id = ${member.id} and status = 'unlocked' and welcome_location_id is not null limit 1`;
      const suspended = bodyOf(await post(`/api/admin/customers/${member.id}/suspend`, { reason: 'Shared card' }), MemberRecord);
      expect(suspended.suspensionReason).toBe('Shared card');

      const kiosk = await createKiosk(h(), 'museum');
      const refusals = [
        await h().call('POST', '/api/checkin/start', { token: kiosk.token, body: { locationId: 'museum', phone: member.phone } }),
        await h().call('POST', '/api/checkin/start', { token: member.token, body: {} }),
        await post('/api/visits/approve', { token: `customer:${member.id}`, locationId: 'museum' }),
        await post('/api/rewards/redemption-code', { customerRewardId: reward!.id }, member.token),
        await post('/api/rewards/redeem', { customerRewardId: reward!.id, locationId: reward!.at }),
      ];
      for (const refused of refusals) {
        expect(refused.status).toBe(403);
        expect(JSON.stringify(refused.body)).toContain(SUSPENDED);
      }
      expect(await h().db.sql`select 1 from public.visits where customer_id = ${member.id} and location_id = 'museum'`).toHaveLength(0);
      expect(bodyOf(await h().call('GET', '/api/me/details', { token: member.token }), MyDetails).suspended).toBe(true);
      expect((await post(`/api/admin/customers/${member.id}/suspend`, { reason: 'Twice' })).status).toBe(409);

      bodyOf(await post(`/api/admin/customers/${member.id}/unsuspend`, { reason: 'Sorted out' }), MemberRecord);
      bodyOf(await post('/api/rewards/redemption-code', { customerRewardId: reward!.id }, member.token), StartRedemptionResponse, 201);
      const audit = await auditRows(member.id);
      expect(audit.map((a) => [a.action, a.reason])).toEqual([['member.suspend', 'Shared card'], ['member.unsuspend', 'Sorted out']]);
    });

    it('corrects a name and a phone with a reason (409 on another member\'s phone), one audit row each', async () => {
      const member = await createMember(h(), { name: 'Typo Tom' });
      const other = await signUp(h());
      const renamed = bodyOf(await post(`/api/admin/customers/${member.id}/name`, { name: 'Tom Taylor', reason: 'Spelling' }), MemberRecord);
      expect(renamed.name).toBe('Tom Taylor');
      const taken = await post(`/api/admin/customers/${member.id}/phone`, { phone: other.phone, reason: 'New number' });
      expect(taken.status).toBe(409);
      const phone = nextPhone();
      const moved = bodyOf(await post(`/api/admin/customers/${member.id}/phone`, { phone, reason: 'New number' }), MemberRecord);
      expect(moved.phone).toBe(phone);
      // The old sign-in ended with the old phone.
      expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(401);
      expect((await post(`/api/admin/customers/${member.id}/name`, { name: 'X', reason: '' })).status).toBe(400);
      const audit = await auditRows(member.id);
      expect(audit.map((a) => a.action)).toEqual(['member.rename', 'member.phone_change']);
      expect(JSON.stringify(audit)).not.toContain('Typo');
    });

    it("a corrected phone has agreed to nothing: a confirmed consent becomes pending and the new phone is asked once", async () => {
      const member = await createMember(h(), { name: 'Moving Mo', smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT });
      await h().db.sql`select private.record_sms_consent(${member.id}, true, 'SMS reply: YES', 'sms_reply')`;
      const state = async () =>
        (await h().db.sql<{ confirmed: boolean; pending: boolean }[]>`
          select sms_consent as confirmed, sms_consent_pending as pending from public.customers where id = ${member.id}`)[0];
      expect(await state()).toEqual({ confirmed: true, pending: false });
      const phone = nextPhone();
      bodyOf(await post(`/api/admin/customers/${member.id}/phone`, { phone, reason: 'Lost their phone' }), MemberRecord);
      expect(await state()).toEqual({ confirmed: false, pending: true });
      const history = await h().db.sql<{ granted: boolean; pending: boolean; source: string }[]>`
        select granted, pending, source from public.consents where customer_id = ${member.id} and channel = 'sms'
         order by created_at, id`;
      expect(history.at(-1)).toEqual({ granted: true, pending: true, source: 'admin' });
      expect(history.some((k) => k.granted && !k.pending)).toBe(true); // the old phone's confirmed step stays
      const requests = await h().db.sql<{ phone: string; status: string }[]>`
        select phone, status from private.texts where customer_id = ${member.id} and kind = 'consent_request'
           and status in ('queued', 'held')`;
      expect(requests.map((r) => r.phone)).toEqual([`+1${phone}`]); // queued, or held in quiet hours
      // No campaign or reward text reaches the new number before it says YES.
      const [audience] = await h().db.sql<{ n: number }[]>`
        select count(*)::int as n from public.customers where id = ${member.id} and sms_consent`;
      expect(audience!.n).toBe(0);
    });

    it('refuses the admin doors to members (403) and bad bodies (400)', async () => {
      const member = await createMember(h());
      const target = await signUp(h());
      for (const path of ['name', 'phone', 'suspend', 'unsuspend', 'forget']) {
        expect((await post(`/api/admin/customers/${target.id}/${path}`, { reason: 'Because' }, member.token)).status).toBe(403);
        expect((await post(`/api/admin/customers/${target.id}/${path}`, { reason: 'Because', extra: 1 })).status).toBe(400);
      }
      expect((await post(`/api/admin/customers/${crypto.randomUUID()}/suspend`, { reason: 'Because' })).status).toBe(404);
    });

    it('lets a member change their name, turn texts off with the wording shown, and download their data', async () => {
      const member = await createMember(h(), { name: 'Self Sara', smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT });
      await recordVisit(h(), await admin(), member.id, 'creamery');
      // The download says whether the consent is confirmed or still waits for the phone's YES.
      const [state] = await h().db.sql<{ pending: boolean; confirmed: boolean }[]>`
        select sms_consent_pending as pending, sms_consent as confirmed from public.customers where id = ${member.id}`;
      const before = bodyOf(await h().call('GET', '/api/me/export', { token: member.token }), MyDataExport);
      expect(before.member).toMatchObject({ smsConsentPending: state!.pending, smsConsent: state!.confirmed });
      expect(before.consents.some((k) => k.granted)).toBe(true);
      const named = bodyOf(await post('/api/me/name', { name: '  Sara Self ' }, member.token), MyDetails);
      expect(named).toMatchObject({ name: 'Sara Self', smsConsent: true });
      expect((await post('/api/me/sms-consent', { smsConsent: false, wording: SMS_CONSENT_TEXT }, member.token)).status).toBe(400);
      const off = bodyOf(await post('/api/me/sms-consent', { smsConsent: false, wording: SMS_OPT_OUT_TEXT }, member.token), MyDetails);
      expect(off.smsConsent).toBe(false);
      const exported = bodyOf(await h().call('GET', '/api/me/export', { token: member.token }), MyDataExport);
      const consents = await h().db.sql<{ id: string; granted: boolean; pending: boolean; wording: string; source: string }[]>`
        select id, granted, pending, wording, source from public.consents where customer_id = ${member.id} order by created_at, id`;
      expect(
        exported.consents.map((k) => ({ id: k.id, granted: k.granted, pending: k.pending, wording: k.wording, source: k.source })),
      ).toEqual(consents);
      expect(consents.at(-1)).toMatchObject({ granted: false, wording: SMS_OPT_OUT_TEXT, source: 'account' });
      const ledger = await h().db.sql<{ id: string; points: number }[]>`
        select id::int as id, points from public.points_ledger where customer_id = ${member.id} order by id`;
      expect(exported.ledger.map((e) => ({ id: e.id, points: e.points }))).toEqual(ledger);
      expect(exported.member).toMatchObject({
        id: member.id, name: 'Sara Self', phone: `+1${member.phone}`, smsConsent: false, smsConsentPending: false,
      });
      expect(exported.visits).toHaveLength(1);
    });

    it('changes a member\'s phone only with the code texted to the new number', async () => {
      const member = await createMember(h(), { name: 'Mover Max' });
      const other = await signUp(h());
      expect((await post('/api/me/phone', { phone: other.phone }, member.token)).status).toBe(409);
      expect((await post('/api/me/phone', { phone: member.phone }, member.token)).status).toBe(400);
      const phone = nextPhone();
      expect((await post('/api/me/phone', { phone }, member.token)).status).toBe(200);
      // Nothing moves before the code.
      expect((await h().db.sql`select phone from public.customers where id = ${member.id}`)[0]!.phone).toBe(`+1${member.phone}`);
      expect((await post('/api/me/phone/verify', { phone, code: '000000' }, member.token)).status).toBe(401);
      const code = await latestSmsCode(h().auth, phone);
      const confirmed = bodyOf(await post('/api/me/phone/verify', { phone, code }, member.token), ConfirmMyPhoneResponse);
      expect(confirmed.details.phone).toBe(phone);
      expect((await h().db.sql`select phone from public.customers where id = ${member.id}`)[0]!.phone).toBe(`+1${phone}`);
      // The new session works; the old phone is free to join.
      expect((await h().call('GET', '/api/me', { token: confirmed.session.access_token })).status).toBe(200);
      expect((await signUp(h(), { phone: member.phone })).id).not.toBe(member.id);
    });

    it('deletes a member\'s own account: the session ends, totals stay, the phone may join again', async () => {
      const member = await createMember(h(), { name: 'Leaving Lena' });
      await recordVisit(h(), await admin(), member.id, 'joanies');
      const before = await figures();
      expect((await post('/api/me/delete', {}, member.token)).status).toBe(400);
      expect((await post('/api/me/delete', { confirm: true }, member.token)).status).toBe(200);
      expect(await figures()).toEqual(before);
      expect((await h().call('GET', '/api/me', { token: member.token })).status).toBe(401);
      const [row] = await h().db.sql`select name, phone, forgotten_at is not null as forgotten from public.customers where id = ${member.id}`;
      expect(row).toEqual({ name: 'Forgotten member', phone: null, forgotten: true });
      expect(await h().db.sql`select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.phone = ${'1' + member.phone}`).toHaveLength(0);
      expect((await signUp(h(), { phone: member.phone })).id).not.toBe(member.id);
    });
  });
}
