// Kiosk devices: POST /api/kiosk/session, POST /api/kiosk/enrol, and the admin's
// PUT /api/admin/locations/:locationId/enrolment-code.
import { describe, expect, it } from 'vitest';
import { KioskSessionResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf, callApp } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { signInAnonymously } from '../../support/auth-client.ts';
import { HUGE_TEXT, useHarness } from './harness.ts';

export function kioskSuite(kind: DatabaseKind) {
  describe(`kiosk sessions and enrolment (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);

    it('opens a session for an anonymous kiosk user, not yet enrolled', async () => {
      const { access_token: token } = await signInAnonymously(h().auth);
      const response = await h().call('POST', '/api/kiosk/session', {
        token,
        body: { locationId: 'snackco', deviceFingerprint: 'Mozilla/5.0 (kiosk)' },
      });
      const { session } = bodyOf(response, KioskSessionResponse);
      expect(session).toMatchObject({ locationId: 'snackco', enrolled: false });
      const [row] = await h().db.sql`select location_id, device_fingerprint from public.kiosk_sessions where id = ${session.id}`;
      expect(row).toEqual({ location_id: 'snackco', device_fingerprint: 'Mozilla/5.0 (kiosk)' });
    });

    it('refuses a session to nobody (401) and to a signed-in member (403)', async () => {
      expect((await h().call('POST', '/api/kiosk/session', { body: { locationId: 'snackco' } })).status).toBe(401);
      const member = await createMember(h());
      const response = await h().call('POST', '/api/kiosk/session', { token: member.token, body: { locationId: 'snackco' } });
      expect(response.status).toBe(403);
    });

    it('answers 404 for an unknown location and 400 for bad bodies', async () => {
      const { access_token: token, user } = await signInAnonymously(h().auth);
      expect((await h().call('POST', '/api/kiosk/session', { token, body: { locationId: 'atlantis' } })).status).toBe(404);
      for (const body of [{}, { locationId: 7 }, { locationId: 'snackco', deviceFingerprint: HUGE_TEXT }, { locationId: 'snackco', enrolled: true }]) {
        expect((await h().call('POST', '/api/kiosk/session', { token, body })).status).toBe(400);
      }
      const [row] = await h().db.sql`select count(*)::int as n from public.kiosk_sessions where user_id = ${user.id}`;
      expect(row?.n).toBe(0);
    });

    it('enrols a kiosk with the code an admin set, and refuses a wrong code', async () => {
      const kiosk = await createKiosk(h(), 'chatterbox', { enrolled: false });
      const code = await h().enrolmentCode('chatterbox');
      const wrong = await h().call('POST', '/api/kiosk/enrol', { token: kiosk.token, body: { code: `${code}x` } });
      expect(wrong.status).toBe(403);
      const right = await h().call('POST', '/api/kiosk/enrol', { token: kiosk.token, body: { code } });
      expect(bodyOf(right, KioskSessionResponse).session).toEqual({ id: kiosk.sessionId, locationId: 'chatterbox', enrolled: true });
    });

    it('drops the enrolment when a kiosk moves to another location', async () => {
      const kiosk = await createKiosk(h(), 'chatterbox');
      const moved = await h().call('POST', '/api/kiosk/session', { token: kiosk.token, body: { locationId: 'museum' } });
      expect(bodyOf(moved, KioskSessionResponse).session.enrolled).toBe(false);
    });

    it('keeps the code secret: only a salted hash is stored', async () => {
      const code = await h().enrolmentCode('broken-bridge');
      const rows = await h().db.sql`
        select 1 from private.location_enrolment_codes
         where location_id = 'broken-bridge' and position(convert_to(${code}, 'UTF8') in code_hash) = 0`;
      expect(rows).toHaveLength(1);
    });

    it('lets only kiosks enrol: 401 for nobody, 403 for a member, 404 before a session', async () => {
      expect((await h().call('POST', '/api/kiosk/enrol', { body: { code: '12345678' } })).status).toBe(401);
      const member = await createMember(h());
      expect((await h().call('POST', '/api/kiosk/enrol', { token: member.token, body: { code: '12345678' } })).status).toBe(403);
      const { access_token: token } = await signInAnonymously(h().auth);
      expect((await h().call('POST', '/api/kiosk/enrol', { token, body: { code: '12345678' } })).status).toBe(404);
      expect((await h().call('POST', '/api/kiosk/enrol', { token, body: { code: 'short' } })).status).toBe(400);
    });

    it('limits enrolment attempts per kiosk (no brute-forcing codes)', async () => {
      const tight = h().appWith({ rateLimits: { enrolPerKiosk: { limit: 2, windowSeconds: 3600 } } });
      const kiosk = await createKiosk(h(), 'joanies', { enrolled: false });
      const attempt = () => callApp(tight, 'POST', '/api/kiosk/enrol', { token: kiosk.token, body: { code: 'guess-0000' } });
      expect((await attempt()).status).toBe(403);
      expect((await attempt()).status).toBe(403);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    describe('PUT /api/admin/locations/:locationId/enrolment-code', () => {
      const put = (locationId: string, body: unknown, token?: string) =>
        h().call('PUT', `/api/admin/locations/${locationId}/enrolment-code`, { token, body });

      it('lets an admin set a code, which un-enrols the kiosks of that location', async () => {
        // snackco: no later test here needs an enrolled kiosk there (the harness's code goes stale).
        const kiosk = await createKiosk(h(), 'snackco');
        const response = await put('snackco', { code: 'a-brand-new-code' }, await h().adminToken());
        expect(response.body).toEqual({ locationId: 'snackco', enrolmentCodeSet: true });
        const [row] = await h().db.sql`select enrolled_at from public.kiosk_sessions where id = ${kiosk.sessionId}`;
        expect(row?.enrolled_at).toBeNull();
      });

      it('refuses everyone but admins', async () => {
        expect((await put('creamery', { code: 'staff-made-code' })).status).toBe(401);
        const member = await createMember(h());
        expect((await put('creamery', { code: 'member-made-code' }, member.token)).status).toBe(403);
        const staff = await createStaff(h(), 'creamery');
        expect((await put('creamery', { code: 'staff-made-code' }, staff)).status).toBe(403);
        const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
        expect((await put('creamery', { code: 'kiosk-made-code' }, kiosk.token)).status).toBe(403);
      });

      it('answers 404 for an unknown location and 400 for a bad code or path', async () => {
        const admin = await h().adminToken();
        expect((await put('atlantis', { code: 'good-enough-code' }, admin)).status).toBe(404);
        expect((await put('creamery', { code: 'short' }, admin)).status).toBe(400);
        expect((await put('creamery', { code: 'x'.repeat(129) }, admin)).status).toBe(400);
        expect((await put('creamery', { code: 'good-enough-code', extra: 1 }, admin)).status).toBe(400);
        expect((await put('NOT_A_SLUG', { code: 'good-enough-code' }, admin)).status).toBe(400);
      });
    });
  });
}
