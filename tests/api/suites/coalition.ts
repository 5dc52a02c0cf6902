// The coalition views against data each test inserts, in a month no other test uses:
// the settlement statement (JSON and CSV), cross-shopping and a business's monthly report.
import { describe, expect, it } from 'vitest';
import { BusinessReportResponse, CrossShoppingResponse, SettlementResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { parseCsv } from './csv.ts';
import { useHarness } from './harness.ts';
import { nonAdminTokens } from './tokens.ts';

let phone = 8_000_000_000;

export function coalitionSuite(kind: DatabaseKind) {
  describe(`coalition views (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const get = async (path: string) => h().call('GET', path, { token: await h().adminToken() });

    async function customer(options: { joinedAt?: string; joinedAt_location?: string } = {}): Promise<string> {
      phone += 1;
      const [row] = await h().db.sql<{ id: string }[]>`
        insert into public.customers (name, phone, signup_channel, signup_location_id, created_at)
        values (${`Coalition ${phone}`}, ${`+1${phone}`}, 'web', ${options.joinedAt_location ?? null},
                ${options.joinedAt ?? '2020-01-15T18:00:00Z'})
        returning id`;
      return row!.id;
    }
    async function visit(customerId: string, locationId: string, at: string, status = 'approved'): Promise<string> {
      const [row] = await h().db.sql<{ id: string }[]>`
        insert into public.visits (customer_id, location_id, points, approved_via, created_at, status, voided_at, void_reason)
        values (${customerId}, ${locationId}, 5, 'admin', ${at}, ${status},
                ${status === 'voided' ? at : null}, ${status === 'voided' ? 'test' : null})
        returning id`;
      return row!.id;
    }
    /** A reward (a tier, or a business's welcome reward) unlocked by `visitId` and redeemed at `honouredAt`. */
    async function redeemed(customerId: string, reward: { tier?: string; welcome?: string }, visitId: string, honouredAt: string | null, at: string) {
      await h().db.sql`
        insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at,
                                             unlocked_by_visit_id, redeemed_at, redeemed_location_id)
        select ${customerId}, r.id, r.location_id, 'redeemed', ${at}::timestamptz - interval '1 day', ${visitId}, ${at}, ${honouredAt}
          from public.rewards r
         where (r.tier = ${reward.tier ?? null}) or (r.kind = 'welcome' and r.location_id = ${reward.welcome ?? null})`;
    }
    /** A tier reward earned by a visit at `earnedAt` and honoured at `honouredAt` in April 2021. */
    async function crossed(tier: string, earnedAt: string, honouredAt: string, at = '2021-04-10T18:00:00Z') {
      const c = await customer();
      await redeemed(c, { tier }, await visit(c, earnedAt, '2021-04-01T18:00:00Z'), honouredAt, at);
    }

    it('nets rewards honoured across businesses per pair, $5 Silver and $10 Gold, welcome rewards at zero', async () => {
      await crossed('Silver', 'creamery', 'joanies');
      await crossed('Silver', 'creamery', 'joanies');
      await crossed('Gold', 'joanies', 'creamery');
      await crossed('Silver', 'museum', 'snackco');
      await crossed('Gold', 'museum', 'museum');
      await crossed('Silver', 'chatterbox', 'museum', '2021-05-01T04:30:00Z'); // 23:30 CT on 30 April: April
      await crossed('Silver', 'snackco', 'museum', '2021-05-01T06:00:00Z'); // 01:00 CT on 1 May: not April
      const w = await customer();
      await redeemed(w, { welcome: 'creamery' }, await visit(w, 'creamery', '2021-04-02T18:00:00Z'), 'creamery', '2021-04-03T18:00:00Z');

      const statement = bodyOf(await get('/api/admin/coalition/settlement?month=2021-04'), SettlementResponse);
      expect(statement.totals).toEqual({ redemptions: 7, crossBusiness: 5, crossBusinessCents: 3000, unattributed: 0, unattributedCents: 0 });
      expect(Date.parse(statement.from)).toBe(Date.parse('2021-04-01T05:00:00Z'));
      const row = (id: string) => statement.businesses.find((b) => b.locationId === id);
      expect(row('creamery')).toMatchObject({ honoured: 2, welcomeRedeemed: 1, honouredForOthers: 1, honouredForOthersCents: 1000, earnedHonouredElsewhere: 2, earnedHonouredElsewhereCents: 1000, netCents: 0 });
      expect(row('joanies')).toMatchObject({ honoured: 2, honouredForOthers: 2, honouredForOthersCents: 1000, earnedHonouredElsewhere: 1, earnedHonouredElsewhereCents: 1000, netCents: 0 });
      expect(row('museum')).toMatchObject({ honoured: 2, honouredForOthers: 1, honouredForOthersCents: 500, earnedHonouredElsewhere: 1, netCents: 0 });
      expect(row('snackco')).toMatchObject({ honoured: 1, honouredForOthersCents: 500, earnedHonouredElsewhere: 0, netCents: 500 });
      expect(row('chatterbox')).toMatchObject({ honoured: 0, earnedHonouredElsewhere: 1, earnedHonouredElsewhereCents: 500, netCents: -500 });
      expect(row('broken-bridge')).toMatchObject({ honoured: 0, netCents: 0 });
      expect(statement.businesses.reduce((sum, b) => sum + b.netCents, 0)).toBe(0);
      expect(statement.pairs).toEqual([
        { a: 'chatterbox', b: 'museum', aHonouredForB: 0, aHonouredForBCents: 0, bHonouredForA: 1, bHonouredForACents: 500, payer: 'chatterbox', payee: 'museum', amountCents: 500 },
        { a: 'creamery', b: 'joanies', aHonouredForB: 1, aHonouredForBCents: 1000, bHonouredForA: 2, bHonouredForACents: 1000, payer: null, payee: null, amountCents: 0 },
        { a: 'museum', b: 'snackco', aHonouredForB: 0, aHonouredForBCents: 0, bHonouredForA: 1, bHonouredForACents: 500, payer: 'museum', payee: 'snackco', amountCents: 500 },
      ]);

      const csv = await get('/api/admin/coalition/settlement.csv?month=2021-04');
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="settlement-2021-04.csv"');
      expect(parseCsv(csv.body as string)).toEqual([
        ['Month', 'Payer ID', 'Payer', 'Payee ID', 'Payee', 'Amount (USD)', 'Rewards Payee Honoured For Payer', 'Rewards Payer Honoured For Payee'],
        ['2021-04', 'chatterbox', 'The Chatterbox', 'museum', 'Village Heritage Museum', '5.00', '1', '0'],
        ['2021-04', 'museum', 'Village Heritage Museum', 'snackco', 'SnackCo', '5.00', '1', '0'],
        ['2021-04', 'creamery', 'Village Creamery', 'joanies', "Joanie's Pizzeria", '0.00', '2', '1'],
      ]);
      const empty = bodyOf(await get('/api/admin/coalition/settlement?month=2021-02'), SettlementResponse);
      expect(empty.pairs).toEqual([]);
      expect(empty.totals.redemptions).toBe(0);
    });

    it('shows redemptions recorded without a business as unattributed, never dropped, and counts every redemption', async () => {
      const c = await customer();
      // A member's own Redeem from before redemptions happened at a counter: no business.
      await redeemed(c, { tier: 'Silver' }, await visit(c, 'creamery', '2023-03-02T18:00:00Z'), null, '2023-03-05T18:00:00Z');
      const d = await customer();
      await redeemed(d, { tier: 'Gold' }, await visit(d, 'museum', '2023-03-02T18:00:00Z'), 'joanies', '2023-03-06T18:00:00Z');
      const statement = bodyOf(await get('/api/admin/coalition/settlement?month=2023-03'), SettlementResponse);
      const [sql] = await h().db.sql<{ all: number; unattributed: number }[]>`
        select count(*)::int as all, count(*) filter (where redeemed_location_id is null)::int as unattributed
          from public.customer_rewards
         where redeemed_at >= '2023-03-01T06:00:00Z' and redeemed_at < '2023-04-01T05:00:00Z'`;
      expect(statement.totals).toEqual({
        redemptions: sql!.all, crossBusiness: 1, crossBusinessCents: 1000, unattributed: sql!.unattributed, unattributedCents: 500,
      });
      expect(sql).toEqual({ all: 2, unattributed: 1 });
      expect(statement.businesses.reduce((sum, b) => sum + b.honoured, 0)).toBe(1);
    });

    it('counts members shared by each pair of businesses and the share active at two or more', async () => {
      const june = (day: number) => `2021-06-${String(day).padStart(2, '0')}T18:00:00Z`;
      const [m1, m2, m3, m4, m5, m6] = [await customer(), await customer(), await customer(), await customer(), await customer(), await customer()];
      for (const location of ['creamery', 'joanies', 'museum']) await visit(m1, location, june(3));
      await visit(m1, 'creamery', june(4)); // a second visit changes nothing
      await visit(m2, 'creamery', june(5));
      await visit(m2, 'joanies', june(6));
      await visit(m3, 'creamery', june(7));
      await visit(m4, 'snackco', june(8));
      await visit(m5, 'creamery', june(9));
      await visit(m5, 'museum', june(9), 'voided');
      await visit(m6, 'creamery', june(10));
      await visit(m6, 'joanies', '2021-07-02T18:00:00Z');

      const view = bodyOf(await get('/api/admin/coalition/cross-shopping?range=custom&from=2021-06-01&to=2021-06-30'), CrossShoppingResponse);
      expect(view).toMatchObject({ activeMembers: 6, multiBusinessMembers: 2, multiBusinessPercent: 33.3 });
      expect(view.distribution).toEqual([1, 2, 3, 4, 5, 6].map((businesses) => ({ businesses, members: [4, 1, 1, 0, 0, 0][businesses - 1] })));
      expect(Object.fromEntries(view.businesses.map((b) => [b.locationId, b.members]))).toEqual({
        chatterbox: 0, creamery: 5, joanies: 2, museum: 1, snackco: 1, 'broken-bridge': 0,
      });
      expect(view.pairs).toHaveLength(15);
      expect(view.pairs.slice(0, 4)).toEqual([
        { a: 'creamery', b: 'joanies', members: 2 },
        { a: 'creamery', b: 'museum', members: 1 },
        { a: 'joanies', b: 'museum', members: 1 },
        { a: 'broken-bridge', b: 'chatterbox', members: 0 },
      ]);
      const nobody = bodyOf(await get('/api/admin/coalition/cross-shopping?range=custom&from=2021-01-01&to=2021-01-31'), CrossShoppingResponse);
      expect(nobody).toMatchObject({ activeMembers: 0, multiBusinessMembers: 0, multiBusinessPercent: null });
    });

    it("reports a business's month: visits, new members, welcome rewards and where its members also shop", async () => {
      const sept = (day: number) => `2021-09-${String(day).padStart(2, '0')}T18:00:00Z`;
      const a = await customer();
      const b = await customer();
      const joined = await customer({ joinedAt: sept(2), joinedAt_location: 'creamery' });
      for (const location of ['creamery', 'joanies', 'museum']) await visit(a, location, sept(3));
      await visit(b, 'creamery', '2021-08-20T18:00:00Z'); // August: the month before, and not a first visit in September
      await visit(b, 'creamery', sept(5));
      await visit(b, 'joanies', sept(6));
      const first = await visit(joined, 'creamery', sept(2));
      await redeemed(joined, { welcome: 'creamery' }, first, 'creamery', sept(4));
      const tierVisit = await visit(a, 'joanies', '2021-08-05T18:00:00Z');
      await redeemed(a, { tier: 'Silver' }, tierVisit, 'creamery', sept(8));

      const report = bodyOf(await get('/api/admin/coalition/business-report?location=creamery&month=2021-09'), BusinessReportResponse);
      expect(report).toMatchObject({
        locationId: 'creamery', businessName: 'Village Creamery', month: '2021-09', visits: 3, previousMonthVisits: 1,
        members: 3, newMembers: 1, firstVisits: 2, welcomeRewardsRedeemed: 1, tierRewardsHonoured: 1, tierRewardsHonouredCents: 500,
      });
      expect(report.alsoShopAt).toEqual([
        { locationId: 'joanies', businessName: "Joanie's Pizzeria", members: 2, percent: 66.7 },
        { locationId: 'museum', businessName: 'Village Heritage Museum', members: 1, percent: 33.3 },
        { locationId: 'chatterbox', businessName: 'The Chatterbox', members: 0, percent: 0 },
        { locationId: 'snackco', businessName: 'SnackCo', members: 0, percent: 0 },
        { locationId: 'broken-bridge', businessName: 'Broken Bridge Sweets', members: 0, percent: 0 },
      ]);
    });

    it('refuses everyone but admins, and bad months or locations', async () => {
      const tokens = await nonAdminTokens(h());
      const paths = [
        '/api/admin/coalition/settlement?month=2021-04', '/api/admin/coalition/settlement.csv?month=2021-04',
        '/api/admin/coalition/cross-shopping', '/api/admin/coalition/business-report?location=creamery&month=2021-04',
      ];
      for (const path of paths) {
        expect((await h().call('GET', path)).status).toBe(401);
        for (const token of Object.values(tokens)) expect((await h().call('GET', path, { token })).status).toBe(403);
      }
      for (const path of ['/api/admin/coalition/settlement?month=2021-13', '/api/admin/coalition/settlement', '/api/admin/coalition/business-report?month=2021-04']) {
        expect((await get(path)).status).toBe(400);
      }
      expect((await get('/api/admin/coalition/business-report?location=atlantis&month=2021-04')).status).toBe(404);
    });
  });
}
