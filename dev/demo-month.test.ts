// The demo village's month of life (dev/demo-month.ts) on the demo database (migrations and
// seeds, PGlite as `npm run dev` has it): the same month every time, spread over its 30 days, a
// ledger that adds up, the limits as they were, and the admin's dashboard, cross-shopping,
// settlement and campaigns showing it.
import { createPgliteDatabase, type TestDatabase } from '../tests/support/db.ts';
import { DEMO_MONTH_DAYS, hasMembers, playDemoMonth, type DemoMonth } from './demo-month.ts';

const ADMIN_CLAIMS = JSON.stringify({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', app_metadata: { role: 'admin' } });

describe('the demo month', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let played: DemoMonth;
  let settingsBefore: unknown;

  beforeAll(async () => {
    [first, second] = await Promise.all([createPgliteDatabase(), createPgliteDatabase()]);
    expect(await hasMembers(first.sql)).toBe(false);
    settingsBefore = (await first.sql`select * from private.settings`)[0];
    played = await playDemoMonth(first.sql);
  }, 180_000);

  afterAll(async () => {
    await first?.drop();
    await second?.drop();
  });

  it('is the same month on every demo database', async () => {
    expect(await playDemoMonth(second.sql)).toEqual(played);
    const perDay = (db: TestDatabase) =>
      db.sql`select private.programme_day(created_at)::text as day, location_id, count(*)::int as n
               from public.visits group by 1, 2 order by 1, 2`;
    expect(await perDay(second)).toEqual(await perDay(first));
    expect(played.members).toBeGreaterThan(10);
    expect(played.visits).toBeGreaterThan(3 * played.members);
    expect(played.redemptions).toBeGreaterThan(10);
    expect(played.campaigns).toBe(1);
    expect(await hasMembers(first.sql)).toBe(true);
  });

  it('spreads over the past month, never today, and the ledger adds up', async () => {
    const [span] = await first.sql`
      select count(distinct private.programme_day(v.created_at))::int as days,
             min(private.programme_day(v.created_at)) >= private.programme_day(now()) - ${DEMO_MONTH_DAYS}::int as within,
             max(private.programme_day(v.created_at)) < private.programme_day(now()) as before_today,
             count(*)::int as visits
        from public.visits v`;
    expect(span).toEqual({ days: DEMO_MONTH_DAYS, within: true, before_today: true, visits: played.visits });
    const wrong = await first.sql`
      select c.id from public.customers c
       where c.total_points <> coalesce((select sum(l.points) from public.points_ledger l where l.customer_id = c.id), 0)
          or c.visit_count <> (select count(*) from public.visits v where v.customer_id = c.id and v.status = 'approved')`;
    expect(wrong).toEqual([]);
    const [redeemed] = await first.sql`select count(*)::int as n from public.customer_rewards where status = 'redeemed'`;
    expect(redeemed!.n).toBe(played.redemptions);
    // The month's texts were sent then: nothing waits for the drain.
    expect(await first.sql`select 1 from private.texts where status in ('queued', 'held')`).toEqual([]);
  });

  it('leaves the limits as they were', async () => {
    expect((await first.sql`select * from private.settings`)[0]).toEqual(settingsBefore);
  });

  it("shows on the admin's dashboard, cross-shopping, settlement and campaigns", async () => {
    await first.sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${ADMIN_CLAIMS}, true)`;
      const [{ metrics }] = (await tx`select app.admin_metrics(null, '30days') as metrics`) as unknown as [
        { metrics: { totalVisits: number; activeMembers: number; redemptions: number } },
      ];
      expect(metrics.totalVisits).toBeGreaterThan(played.visits / 2);
      expect(metrics.activeMembers).toBeGreaterThan(played.members / 2);
      expect(metrics.redemptions).toBeGreaterThan(0);
      const [{ cross }] = (await tx`select app.admin_cross_shopping('30days') as cross`) as unknown as [{ cross: { pairs: unknown[] } }];
      expect(cross.pairs.length).toBeGreaterThan(3);
      const months = await tx`select distinct to_char(redeemed_at at time zone private.programme_time_zone(), 'YYYY-MM') as m
                                from public.customer_rewards where redeemed_at is not null order by 1`;
      const settled = [];
      for (const { m } of months) {
        const [{ s }] = (await tx`select app.admin_settlement(${m}) as s`) as unknown as [{ s: { pairs: unknown[] } }];
        settled.push(...s.pairs);
      }
      expect(settled.length).toBeGreaterThan(0);
      const [{ campaigns }] = (await tx`select app.campaigns() as campaigns`) as unknown as [
        { campaigns: { campaigns: { status: string; figures: { sent: number } }[] } },
      ];
      expect(campaigns.campaigns).toHaveLength(1);
      expect(campaigns.campaigns[0]!.figures.sent).toBeGreaterThan(0);
    });
  });
});
