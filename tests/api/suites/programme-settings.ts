// The operator's tiers, limits and public content — validation, admin only, one
// audit row per change, and each change in force for the very next request.
import { describe, expect, it } from 'vitest';
import {
  MeResponse, ProgrammeContent, ProgrammeResponse, SettingsResponse, TierPreviewResponse, TiersResponse,
} from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, recordVisit } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

const TIERS_AS_SEEDED = {
  Silver: {
    minPoints: 10, goalLabel: '$5 Off - Silver Status', rewardValueCents: 500, rewardName: '$5 Off Any Business',
    rewardDescription: '$5 off at any participating business, unlocked when you reach Silver status (10 points).',
  },
  Gold: {
    minPoints: 20, goalLabel: '$10 Off - Gold Status', rewardValueCents: 1000, rewardName: '$10 Off Any Business',
    rewardDescription: '$10 off at any participating business, unlocked when you reach Gold status (20 points).',
  },
};

export function programmeSettingsSuite(kind: DatabaseKind) {
  describe(`programme settings: tiers, limits, public content (${kind})`, { timeout: 90_000 }, () => {
    const h = useHarness(kind);
    const admin = async (method: string, path: string, body?: unknown) =>
      h().call(method, path, { token: await h().adminToken(), body });
    const auditRows = async (action: string) =>
      h().db.sql<{ before: unknown; after: unknown; actor_role: string; target_id: string | null }[]>`
        select before, after, actor_role, target_id from private.audit_log where action = ${action} order by id`;
    const tiers = (silver: number, gold: number) => ({
      Silver: { ...TIERS_AS_SEEDED.Silver, minPoints: silver },
      Gold: { ...TIERS_AS_SEEDED.Gold, minPoints: gold },
    });

    it('answers the tiers and the public content to anyone (GET /api/programme)', async () => {
      const programme = bodyOf(await h().call('GET', '/api/programme'), ProgrammeResponse);
      expect(programme.tiers.map((t) => [t.name, t.minPoints, t.reward?.name ?? null])).toEqual([
        ['Bronze', 0, null],
        ['Silver', 10, '$5 Off Any Business'],
        ['Gold', 20, '$10 Off Any Business'],
      ]);
      expect(programme.content.featured).toEqual({ businesses: ['creamery', 'joanies'], tiers: ['Silver'] });
      expect(programme.content.testimonials).toHaveLength(3);
      expect(programme.content.contact?.email).toBe('hello@villagerewards.example');
      expect(programme.content.privacy?.terms.join(' ')).toContain('Silver ({silver} points)');
    });

    it('refuses every change to callers who are not admins (403) and to nobody (401)', async () => {
      const requests: [string, string, unknown][] = [
        ['GET', '/api/admin/settings', undefined],
        ['PUT', '/api/admin/settings', { maxVisitsPerHour: 9 }],
        ['GET', '/api/admin/tiers/preview?silver=15&gold=20', undefined],
        ['PUT', '/api/admin/tiers', tiers(15, 20)],
        ['PUT', '/api/admin/content', { testimonials: [] }],
      ];
      const tokens = await nonAdminTokens(h());
      for (const [method, path, body] of requests) {
        expect((await h().call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
        for (const [who, token] of Object.entries(tokens)) {
          expect((await h().call(method, path, { token, body })).status, `${method} ${path} as ${who}`).toBe(403);
        }
      }
      const [settings] = await h().db.sql<{ max_visits_per_hour: number }[]>`select max_visits_per_hour from private.settings`;
      expect(settings!.max_visits_per_hour).not.toBe(9);
      expect(await auditRows('settings.update')).toEqual([]);
    });

    it('lists every limit with its meaning, default and range, and refuses values outside it', async () => {
      const settings = bodyOf(await admin('GET', '/api/admin/settings'), SettingsResponse);
      expect(settings.fields.map((f) => f.key)).toEqual(Object.keys(settings.values));
      expect(settings.fields.find((f) => f.key === 'minVisitIntervalMinutes')).toMatchObject({ default: 60, min: 0, max: 1440 });
      for (const field of settings.fields) expect(field.meaning.length).toBeGreaterThan(10);

      const bad: [unknown, string][] = [
        [{ minVisitIntervalMinutes: -1 }, 'minVisitIntervalMinutes'],
        [{ minVisitIntervalMinutes: 1441 }, 'minVisitIntervalMinutes'],
        [{ maxVisitsPerHour: 2.5 }, 'maxVisitsPerHour'],
        [{ maxVisitsPerHour: '4' }, 'maxVisitsPerHour'],
        [{ lunchBreak: 4 }, 'lunchBreak'],
      ];
      for (const [body, field] of bad) {
        const response = await admin('PUT', '/api/admin/settings', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.error?.fields?.[field]?.[0], JSON.stringify(body)).toBeTruthy();
      }
      const empty = await admin('PUT', '/api/admin/settings', {});
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('Send at least one setting to change');
      // The database says the same when called without the API.
      await expect(h().db.sql`select app.admin_update_settings('{"maxVisitsPerHour": 61}')`).rejects.toThrow();
      expect(await auditRows('settings.update')).toEqual([]);
    });

    it('enforces a changed limit at the very next check-in and records it once with before and after', async () => {
      const member = await createMember(h());
      const kiosk = await createKiosk(h(), 'creamery');
      const start = () =>
        h().call('POST', '/api/checkin/start', { token: kiosk.token, body: { locationId: 'creamery', phone: member.phone } });
      const put = async (minutes: number) =>
        bodyOf(await admin('PUT', '/api/admin/settings', { minVisitIntervalMinutes: minutes }), SettingsResponse);

      expect((await put(0)).values.minVisitIntervalMinutes).toBe(0);
      await recordVisit(h(), await h().adminToken(), member.id, 'creamery');
      expect((await start()).status).toBe(201);

      const changed = await put(30);
      expect(changed.values.minVisitIntervalMinutes).toBe(30);
      const refused = await start();
      expect(refused.status).toBe(429);
      expect(JSON.stringify(refused.body)).toMatch(/check in again/i);

      await put(0);
      expect((await start()).status).toBe(201);

      const rows = await auditRows('settings.update');
      const thirty = rows.find((r) => (r.after as { minVisitIntervalMinutes: number }).minVisitIntervalMinutes === 30)!;
      expect(thirty).toMatchObject({ actor_role: 'admin', before: { minVisitIntervalMinutes: 0 } });
      // Sending the value it already has changes nothing and records nothing.
      const count = rows.length;
      await put(0);
      expect(await auditRows('settings.update')).toHaveLength(count);
      await put(60);
    });

    it('previews how many members new thresholds move, and refuses thresholds out of order', async () => {
      const member = await createMember(h());
      await recordVisit(h(), await h().adminToken(), member.id, 'creamery');
      await recordVisit(h(), await h().adminToken(), member.id, 'joanies'); // 10 points: Silver
      const preview = bodyOf(await admin('GET', '/api/admin/tiers/preview?silver=15&gold=20'), TierPreviewResponse);
      const [counts] = await h().db.sql<{ at_ten: number; members: number }[]>`
        select count(*) filter (where total_points between 10 and 14)::int as at_ten, count(*)::int as members from public.customers`;
      expect(preview).toMatchObject({ silver: 15, gold: 20, members: counts!.members, up: 0, down: counts!.at_ten });
      expect(preview.down).toBeGreaterThanOrEqual(1);

      for (const [query, field] of [['silver=20&gold=20', 'gold'], ['silver=0&gold=20', 'silver'], ['silver=10&gold=1001', 'gold']]) {
        const response = await admin('GET', `/api/admin/tiers/preview?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.error?.fields?.[field!], query).toBeTruthy();
      }
      const disorder = await admin('PUT', '/api/admin/tiers', tiers(20, 15));
      expect(disorder.status).toBe(400);
      expect(disorder.error?.fields?.['Gold.minPoints']).toEqual(['Gold needs more points than Silver']);
      const noLabel = await admin('PUT', '/api/admin/tiers', { ...tiers(15, 20), Gold: { ...TIERS_AS_SEEDED.Gold, goalLabel: ' ' } });
      expect(noLabel.error?.fields?.['Gold.goalLabel']).toEqual(['The goal label is required']);
      await expect(h().db.sql`select app.admin_update_tiers(${JSON.stringify(tiers(20, 15))}::jsonb)`).rejects.toThrow();
      expect(await auditRows('tier.update')).toEqual([]);
    });

    it('moves Silver from 10 to 15: members move at once, unlocked rewards stay, the next visit reaching 15 unlocks', async () => {
      const adminToken = await h().adminToken();
      const before = await createMember(h()); // Silver under the old threshold
      await recordVisit(h(), adminToken, before.id, 'creamery');
      await recordVisit(h(), adminToken, before.id, 'joanies');
      const after = await createMember(h());
      await recordVisit(h(), adminToken, after.id, 'creamery');

      const changed = bodyOf(await admin('PUT', '/api/admin/tiers', {
        ...tiers(15, 25),
        Silver: { ...TIERS_AS_SEEDED.Silver, minPoints: 15, rewardDescription: '$5 off anywhere, at 15 points.' },
      }), TiersResponse);
      expect(changed.map((t) => t.minPoints)).toEqual([0, 15, 25]);
      expect(changed[1]!.reward?.description).toBe('$5 off anywhere, at 15 points.');

      const me = async (token: string) => bodyOf(await h().call('GET', '/api/me', { token }), MeResponse);
      const kept = await me(before.token);
      expect(kept.tier.name).toBe('Bronze');
      expect(kept.nextGoal).toMatchObject({ target: 15, pointsNeeded: 5 });
      expect(kept.rewards.map((r) => r.reward.name)).toContain('$5 Off Any Business');

      await recordVisit(h(), adminToken, after.id, 'joanies'); // 10 points: nothing under the new rule
      const ten = await me(after.token);
      expect(ten.tier.name).toBe('Bronze');
      expect(ten.rewards.map((r) => r.reward.name)).not.toContain('$5 Off Any Business');
      const third = await recordVisit(h(), adminToken, after.id, 'museum'); // 15 points
      expect(third.unlockedRewards.map((r) => r.name)).toContain('$5 Off Any Business');
      expect((await me(after.token)).tier.name).toBe('Silver');

      const [row, ...more] = await auditRows('tier.update');
      expect(more).toEqual([]);
      expect(row).toMatchObject({ actor_role: 'admin' });
      expect((row!.before as { minPoints: number }[]).map((t) => t.minPoints)).toEqual([0, 10, 20]);
      expect((row!.after as { minPoints: number }[]).map((t) => t.minPoints)).toEqual([0, 15, 25]);

      // Silver above the old Gold (the unique thresholds are moved in a safe order), then back.
      bodyOf(await admin('PUT', '/api/admin/tiers', tiers(30, 40)), TiersResponse);
      const programme = bodyOf(await h().call('GET', '/api/programme'), ProgrammeResponse);
      expect(programme.tiers.map((t) => t.minPoints)).toEqual([0, 30, 40]);
      bodyOf(await admin('PUT', '/api/admin/tiers', TIERS_AS_SEEDED), TiersResponse);
      expect(await auditRows('tier.update')).toHaveLength(3);
    });

    it('changes the public content by part, validated, with one audit row each', async () => {
      const none = bodyOf(await admin('PUT', '/api/admin/content', { testimonials: [] }), ProgrammeContent);
      expect(none.testimonials).toEqual([]);
      const programme = bodyOf(await h().call('GET', '/api/programme'), ProgrammeResponse);
      expect(programme.content.testimonials).toEqual([]);
      const [row] = await auditRows('content.update');
      expect(row).toMatchObject({ target_id: 'testimonials', after: [] });
      expect(row!.before).toHaveLength(3);

      const badEmail = await admin('PUT', '/api/admin/content', { contact: { ...programme.content.contact, email: 'nope' } });
      expect(badEmail.status).toBe(400);
      expect(badEmail.error?.fields?.['contact.email']).toEqual(['Give a valid email address']);
      const unknownBusiness = await admin('PUT', '/api/admin/content', { featured: { businesses: ['atlantis'], tiers: [] } });
      expect(unknownBusiness.status).toBe(400);
      expect(JSON.stringify(unknownBusiness.body)).toContain('Unknown business: atlantis');
      const unknownPart = await admin('PUT', '/api/admin/content', { banner: {} });
      expect(unknownPart.error?.fields?.banner).toEqual(['Unknown field']);
      const twoParts = await admin('PUT', '/api/admin/content', { testimonials: [], contact: programme.content.contact });
      expect(JSON.stringify(twoParts.body)).toContain('Send exactly one part');
      const emptyQuote = await admin('PUT', '/api/admin/content', { testimonials: [{ quote: '', who: 'Ann' }] });
      expect(emptyQuote.error?.fields?.['testimonials.0.quote']).toEqual(['The quote is required']);

      const contact = { ...programme.content.contact!, phone: '(555) 010-0199' };
      const saved = bodyOf(await admin('PUT', '/api/admin/content', { contact }), ProgrammeContent);
      expect(saved.contact?.phone).toBe('(555) 010-0199');
      expect((await auditRows('content.update')).map((r) => r.target_id)).toEqual(['testimonials', 'contact']);
    });
  });
}
