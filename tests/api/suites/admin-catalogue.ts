// The operator's catalogue: businesses and welcome rewards added, edited,
// archived, retired and replaced through /api/admin/..., validated, audited once each, and the
// welcome rule ("the first approved visit there unlocks the business's current welcome reward")
// across a replacement. Only admins (403 for everyone else).
import { describe, expect, it } from 'vitest';
import {
  AdminCatalogue, ApproveVisitResponse, CatalogueBusiness, CatalogueChanges, CatalogueReward, CreateCustomerResponse,
  LocationList, RESERVED_SLUGS, RedeemRewardResponse, type CreateBusinessRequest,
} from '../../../supabase/functions/_shared/contract.ts';
import type { RouteObject } from 'react-router';
import { staticFirstSegment } from '../../../supabase/functions/_shared/contract/pages.ts';
import { routes } from '../../../src/app/router.tsx';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, nextPhone, recordVisit, signUp } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

/** Every fixed first path segment of the router's own route table (/goodbye → goodbye). */
function routerFirstSegments(list: RouteObject[] = routes): string[] {
  const found = list.flatMap((route) => [
    ...(route.path ? [staticFirstSegment(route.path)] : []),
    ...routerFirstSegments(route.children ?? []),
  ]);
  return [...new Set(found.filter(Boolean))];
}

let counter = 0;
/** A fresh slug per test (the harness's database lives for the whole suite). */
const slug = (stem: string) => `${stem}-${Date.now().toString(36)}${(counter++).toString(36)}`;

const business = (id: string, fields: Partial<CreateBusinessRequest> = {}): CreateBusinessRequest => ({
  slug: id, businessName: 'Mill Street Hardware', kind: 'hardware store', description: 'Nails, paint and advice.',
  address: '3 Mill Street', hours: 'Mon–Sat 8am–6pm', logoUrl: '', icon: 'store', color: 'green', ...fields,
});

export function adminCatalogueSuite(kind: DatabaseKind) {
  describe(`the operator's catalogue (${kind})`, { timeout: 90_000 }, () => {
    const h = useHarness(kind);
    const admin = () => h().adminToken();
    const post = async (path: string, body: unknown) => h().call('POST', path, { token: await admin(), body });
    const put = async (path: string, body: unknown) => h().call('PUT', path, { token: await admin(), body });
    const addBusiness = async (id: string, fields: Partial<CreateBusinessRequest> = {}) =>
      bodyOf(await post('/api/admin/businesses', business(id, fields)), CatalogueBusiness, 201);
    const addReward = async (locationId: string, name: string) =>
      bodyOf(await post('/api/admin/rewards', { locationId, name, description: `${name} on your first visit.` }), CatalogueReward, 201);
    const audit = (targetId: string) => h().db.sql<{ action: string; target_type: string; before: unknown; after: unknown; reason: string | null }[]>`
      select action, target_type, before, after, reason from private.audit_log where target_id = ${targetId} order by id`;
    const publicList = async () => bodyOf(await h().call('GET', '/api/locations'), LocationList);

    it('adds a business with its welcome reward: listed publicly, joinable, audited once each', async () => {
      const id = slug('hardware');
      const added = await addBusiness(id);
      expect(added).toMatchObject({ id, slug: id, businessName: 'Mill Street Hardware', hours: 'Mon–Sat 8am–6pm', archivedAt: null });
      // Without a welcome reward it is listed with none.
      expect((await publicList()).find((l) => l.id === id)?.welcomeReward).toBeNull();
      const reward = await addReward(id, 'Free Key Cut');
      expect(reward).toMatchObject({ kind: 'welcome', locationId: id, name: 'Free Key Cut', retiredAt: null, replacedBy: null });
      const listed = (await publicList()).find((l) => l.id === id);
      expect(listed).toMatchObject({ businessName: 'Mill Street Hardware', hours: 'Mon–Sat 8am–6pm', icon: 'store', color: 'green',
        welcomeReward: { name: 'Free Key Cut' } });
      expect((await publicList()).at(-1)?.id).toBe(id);

      const joined = bodyOf(await h().call('POST', '/api/customers', {
        body: { name: 'Hank', phone: nextPhone(), smsConsent: false, locationId: id },
      }), CreateCustomerResponse, 201);
      expect(joined.welcomeReward?.name).toBe('Free Key Cut');

      expect(await audit(id)).toEqual([
        { action: 'business.create', target_type: 'location', before: null, after: expect.objectContaining({ id, hours: 'Mon–Sat 8am–6pm' }), reason: null },
      ]);
      expect(await audit(reward.id)).toEqual([
        { action: 'reward.create', target_type: 'reward', before: null, after: expect.objectContaining({ name: 'Free Key Cut' }), reason: null },
      ]);
      const catalogue = bodyOf(await h().call('GET', '/api/admin/catalogue', { token: await admin() }), AdminCatalogue);
      expect(catalogue.businesses.find((b) => b.id === id)?.welcomeRewardId).toBe(reward.id);
      expect(catalogue.rewards.find((r) => r.id === reward.id)).toMatchObject({ businessName: 'Mill Street Hardware', holders: 0 });
    });

    it('refuses a bad slug, a site word, a taken slug and bad fields, in plain words, writing nothing', async () => {
      for (const bad of ['Hardware', 'x', '9lives', 'two--dashes', 'ends-', 'a'.repeat(42), 'has space']) {
        const response = await post('/api/admin/businesses', business(bad));
        expect(response.status, bad).toBe(400);
      }
      for (const word of ['admin', 'join', 'kiosk', 'business', 'privacy', 'staff', 'account', 'mobile']) {
        const response = await post('/api/admin/businesses', business(word));
        expect(response.status, word).toBe(400);
        expect(JSON.stringify(response.body)).toContain('used by a page of the site');
      }
      const taken = await post('/api/admin/businesses', business('creamery'));
      expect(taken.status).toBe(409);
      expect(JSON.stringify(taken.body)).toContain('already has that web address');
      expect((await post('/api/admin/businesses', business(slug('x'), { businessName: '   ' }))).status).toBe(400);
      expect((await post('/api/admin/businesses', business(slug('x'), { logoUrl: 'javascript:alert(1)' }))).status).toBe(400);
      expect((await post('/api/admin/businesses', { ...business(slug('x')), icon: 'rocket' })).status).toBe(400);
      expect((await post('/api/admin/businesses', { ...business(slug('x')), color: '#ff0000' })).status).toBe(400);
      const { n } = (await h().db.sql<{ n: number }[]>`
        select count(*)::int as n from private.audit_log where action = 'business.create' and target_id in ('admin', 'creamery')`)[0]!;
      expect(n).toBe(0);
    });

    it("refuses every fixed first path segment of the router's table as a slug, in the contract and in SQL", async () => {
      const segments = routerFirstSegments();
      expect(segments).toEqual(expect.arrayContaining(['goodbye', 'how-it-works', 'kiosk', 'admin', 'owner', 'staff']));
      for (const word of segments) {
        const response = await post('/api/admin/businesses', business(word));
        expect(response.status, word).toBe(400);
        expect(JSON.stringify(response.body), word).toContain('used by a page of the site');
      }
      const { words } = (await h().db.sql<{ words: string[] }[]>`select private.reserved_slugs() as words`)[0]!;
      expect(words).toEqual(expect.arrayContaining(segments));
      const { n } = (await h().db.sql<{ n: number }[]>`select count(*)::int as n from public.locations where id = any(${segments})`)[0]!;
      expect(n).toBe(0);
    });

    it('holds the SQL and the front end to one list of reserved words', async () => {
      const { words } = (await h().db.sql<{ words: string[] }[]>`select private.reserved_slugs() as words`)[0]!;
      expect([...words].sort()).toEqual([...RESERVED_SLUGS].sort());
    });

    it('edits a business (slug fixed) with before and after on record', async () => {
      const id = slug('bakery');
      await addBusiness(id, { businessName: 'Rise Bakery', icon: 'cookie', color: 'amber' });
      const edited = bodyOf(await put(`/api/admin/businesses/${id}`, {
        businessName: 'Rise & Shine Bakery', kind: 'bakery', description: 'Bread at dawn.', address: '5 Oven Lane',
        hours: 'Daily 6am–1pm', logoUrl: 'https://example.org/rise.png', icon: 'cookie', color: 'orange',
      }), CatalogueBusiness);
      expect(edited).toMatchObject({ id, businessName: 'Rise & Shine Bakery', color: 'orange', logoUrl: 'https://example.org/rise.png' });
      const rows = await audit(id);
      expect(rows.map((r) => r.action)).toEqual(['business.create', 'business.update']);
      expect(rows[1]).toMatchObject({ before: { businessName: 'Rise Bakery', color: 'amber' }, after: { businessName: 'Rise & Shine Bakery', color: 'orange' } });
      expect((await put('/api/admin/businesses/no-such-shop', business('x'))).status).toBe(400); // slug is not an edit field
      const { slug: _ignored, ...fields } = business('x');
      expect((await put('/api/admin/businesses/no-such-shop', fields)).status).toBe(404);
    });

    it('archives a business: gone from the public list, join and kiosks; its history and settlement stay; unarchive brings it back', async () => {
      const id = slug('florist');
      await addBusiness(id, { businessName: 'Petal Florist' });
      await addReward(id, 'Free Posy');
      const customer = await signUp(h(), { locationId: id });
      await recordVisit(h(), await admin(), customer.id, id);

      const archived = bodyOf(await post(`/api/admin/businesses/${id}/archive`, { reason: 'Closed for good' }), CatalogueBusiness);
      expect(archived.archivedAt).toEqual(expect.any(String));
      expect((await publicList()).some((l) => l.id === id)).toBe(false);
      expect((await post(`/api/admin/businesses/${id}/archive`, {})).status).toBe(409);
      // No new members, kiosk sessions or visits there.
      expect((await h().call('POST', '/api/customers', {
        body: { name: 'Late', phone: nextPhone(), smsConsent: false, locationId: id },
      })).status).toBe(404);
      await expect(createKiosk(h(), id, { enrolled: false })).rejects.toThrow();
      const newcomer = await signUp(h());
      expect((await h().call('POST', '/api/visits/approve', {
        token: await admin(), body: { token: `customer:${newcomer.id}`, locationId: id },
      })).status).toBe(404);
      // The settlement still has its line, and the admin catalogue still lists it.
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' })
        .format(new Date()).slice(0, 7);
      const settlement = await h().call('GET', `/api/admin/coalition/settlement?month=${month}`, { token: await admin() });
      expect(settlement.status).toBe(200);
      expect(JSON.stringify(settlement.body)).toContain(id);
      const report = await h().call('GET', `/api/admin/coalition/business-report?location=${id}&month=${month}`, { token: await admin() });
      expect(report.status).toBe(200);
      expect(JSON.stringify(report.body)).toContain('Petal Florist');
      const catalogue = bodyOf(await h().call('GET', '/api/admin/catalogue', { token: await admin() }), AdminCatalogue);
      expect(catalogue.businesses.find((b) => b.id === id)?.archivedAt).toEqual(expect.any(String));

      bodyOf(await post(`/api/admin/businesses/${id}/unarchive`, { reason: 'Reopened' }), CatalogueBusiness);
      expect((await publicList()).some((l) => l.id === id)).toBe(true);
      expect((await post(`/api/admin/businesses/${id}/unarchive`, {})).status).toBe(409);
      expect((await audit(id)).map((r) => [r.action, r.reason])).toEqual([
        ['business.create', null], ['business.archive', 'Closed for good'], ['business.unarchive', 'Reopened'],
      ]);
    });

    it('replaces a welcome reward: holders keep the old one (and redeem it), never get the new one; later first visits get the new one', async () => {
      const id = slug('deli');
      await addBusiness(id, { businessName: 'Corner Deli' });
      const old = await addReward(id, 'Free Pickle');
      const early = await signUp(h());
      const first = await recordVisit(h(), await admin(), early.id, id);
      expect(first.unlockedRewards.map((r) => r.name)).toEqual(['Free Pickle']);

      // One active welcome reward per business: a second is refused.
      expect((await post('/api/admin/rewards', { locationId: id, name: 'Another' })).status).toBe(409);
      const replacement = bodyOf(await post(`/api/admin/rewards/${old.id}/replace`, {
        name: 'Free Sandwich', description: 'A sandwich on your first visit.', reason: 'Pickles ran out',
      }), CatalogueReward);
      expect(replacement).toMatchObject({ name: 'Free Sandwich', locationId: id, retiredAt: null });
      expect((await publicList()).find((l) => l.id === id)?.welcomeReward?.name).toBe('Free Sandwich');

      // The early member's next visits unlock nothing at the deli; they keep the pickle and can use it.
      const again = await h().withSettings({ min_visit_interval: '0' }, async () => recordVisit(h(), await admin(), early.id, id));
      expect(again.unlockedRewards.filter((r) => r.scope === 'location')).toEqual([]);
      const held = again.redeemableRewards?.find((r) => r.name === 'Free Pickle');
      expect(held).toBeDefined();
      const redeemed = bodyOf(await h().call('POST', '/api/rewards/redeem', {
        token: await admin(), body: { customerRewardId: held!.id, locationId: id },
      }), RedeemRewardResponse);
      expect(redeemed.customerReward.reward.name).toBe('Free Pickle');

      // A member whose first visit comes after the replacement gets the new reward.
      const late = await signUp(h());
      expect((await recordVisit(h(), await admin(), late.id, id)).unlockedRewards.map((r) => r.name)).toEqual(['Free Sandwich']);

      const catalogue = bodyOf(await h().call('GET', '/api/admin/catalogue', { token: await admin() }), AdminCatalogue);
      expect(catalogue.rewards.find((r) => r.id === old.id)).toMatchObject({ retiredAt: expect.any(String), replacedBy: replacement.id, unlocked: 1 });
      expect(catalogue.rewards.find((r) => r.id === replacement.id)).toMatchObject({ holders: 1 });
      expect(await audit(old.id)).toEqual([
        expect.objectContaining({ action: 'reward.create' }),
        { action: 'reward.replace', target_type: 'reward', reason: 'Pickles ran out',
          before: expect.objectContaining({ name: 'Free Pickle', retiredAt: null }),
          after: { retired: expect.objectContaining({ replacedBy: replacement.id }), replacement: expect.objectContaining({ name: 'Free Sandwich' }) } },
      ]);
      // A retired reward is neither replaced nor reworded again.
      expect((await post(`/api/admin/rewards/${old.id}/replace`, { name: 'Again' })).status).toBe(409);
      expect((await put(`/api/admin/rewards/${old.id}`, { name: 'Again' })).status).toBe(409);
      const changes = bodyOf(await h().call('GET', '/api/admin/catalogue/changes', { token: await admin() }), CatalogueChanges);
      expect(changes.find((c) => c.targetId === old.id && c.action === 'reward.replace')?.reason).toBe('Pickles ran out');
    });

    it('retires a welcome reward: nobody unlocks one there until a new one is added; rewords an active reward', async () => {
      const id = slug('cafe');
      await addBusiness(id, { businessName: 'Quiet Cafe', icon: 'coffee' });
      const reward = await addReward(id, 'Free Tea');
      const reworded = bodyOf(await put(`/api/admin/rewards/${reward.id}`, { name: 'Free Pot of Tea', description: 'For one.' }), CatalogueReward);
      expect(reworded).toMatchObject({ id: reward.id, name: 'Free Pot of Tea' });
      bodyOf(await post(`/api/admin/rewards/${reward.id}/retire`, { reason: 'Season over' }), CatalogueReward);
      expect((await publicList()).find((l) => l.id === id)?.welcomeReward).toBeNull();
      const member = await signUp(h());
      expect((await recordVisit(h(), await admin(), member.id, id)).unlockedRewards.filter((r) => r.scope === 'location')).toEqual([]);
      expect((await post(`/api/admin/rewards/${reward.id}/retire`, {})).status).toBe(409);
      // A tier reward is changed with its tier, not retired here.
      const { id: silver } = (await h().db.sql<{ id: string }[]>`select id::text from public.rewards where tier = 'Silver'`)[0]!;
      expect((await post(`/api/admin/rewards/${silver}/retire`, {})).status).toBe(409);
      expect((await audit(reward.id)).map((r) => r.action)).toEqual(['reward.create', 'reward.update', 'reward.retire']);
      expect((await post('/api/admin/rewards', { locationId: 'no-such-shop', name: 'X' })).status).toBe(404);
      expect((await put('/api/admin/rewards/00000000-0000-4000-8000-000000000000', { name: 'X' })).status).toBe(404);
    });

    it('answers 403 to a member, staff and a kiosk, and 401 to nobody, on every catalogue endpoint', async () => {
      const tokens = await nonAdminTokens(h());
      const { id: reward } = (await h().db.sql<{ id: string }[]>`select id::text from public.rewards where location_id = 'creamery' limit 1`)[0]!;
      const calls: [string, string, unknown][] = [
        ['GET', '/api/admin/catalogue', undefined],
        ['GET', '/api/admin/catalogue/changes', undefined],
        ['POST', '/api/admin/businesses', business(slug('nope'))],
        ['PUT', '/api/admin/businesses/creamery', (({ slug: _s, ...rest }) => rest)(business('x'))],
        ['POST', '/api/admin/businesses/creamery/archive', {}],
        ['POST', '/api/admin/businesses/creamery/unarchive', {}],
        ['POST', '/api/admin/rewards', { locationId: 'creamery', name: 'X' }],
        ['PUT', `/api/admin/rewards/${reward}`, { name: 'X' }],
        ['POST', `/api/admin/rewards/${reward}/retire`, {}],
        ['POST', `/api/admin/rewards/${reward}/replace`, { name: 'X' }],
      ];
      for (const [method, path, body] of calls) {
        expect((await h().call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
        for (const [who, token] of Object.entries(tokens)) {
          expect((await h().call(method, path, { token, body })).status, `${method} ${path} as ${who}`).toBe(403);
        }
      }
      const { n } = (await h().db.sql<{ n: number }[]>`select count(*)::int as n from public.rewards where name = 'X'`)[0]!;
      expect(n).toBe(0);
    });
  });
}

// Keep the contract's approve response in the suite's imports honest (recordVisit returns it).
export type { ApproveVisitResponse };
