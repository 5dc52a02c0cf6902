// The funder's report endpoints on real Postgres: the operator sets the village's population, the
// report of this month answers the visits made through the API (figures about fewer than 3 members
// withheld until a third member visits), and only admins read or change it.
import { FunderReportResponse, VillagePopulationResponse } from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createMember, recordVisit, signUp } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');
const month = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' }).format(new Date());

describe("the funder's report endpoints", { timeout: 120_000 }, () => {
  it('reads the month as the visits made it, withholding figures about 1 or 2 members', async () => {
    const admin = await h().adminToken();
    const set = await h().call('PUT', '/api/admin/funder-report/population', { token: admin, body: { villagePopulation: 800 } });
    expect(bodyOf(set, VillagePopulationResponse)).toEqual({ villagePopulation: 800 });
    expect((await h().call('PUT', '/api/admin/funder-report/population', { token: admin, body: { villagePopulation: 0 } })).status).toBe(400);

    const first = await signUp(h());
    await recordVisit(h(), admin, first.id, 'creamery');
    await recordVisit(h(), admin, first.id, 'museum');
    const few = bodyOf(await h().call('GET', `/api/admin/funder-report?month=${month()}`, { token: admin }), FunderReportResponse);
    expect(few).toMatchObject({ villagePopulation: 800, activeMembers: null, visits: null, newMembers: null,
                                crossShopping: { twoOrMore: null }, draw: null });

    for (let i = 0; i < 2; i++) {
      const member = await signUp(h());
      await recordVisit(h(), admin, member.id, 'creamery');
      await recordVisit(h(), admin, member.id, 'museum');
    }
    const r = bodyOf(await h().call('GET', `/api/admin/funder-report?month=${month()}`, { token: admin }), FunderReportResponse);
    const [sql] = await h().db.sql<{ members: number; visits: number; fresh: number }[]>`
      select (select count(*)::int from public.customers where forgotten_at is null) as members,
             (select count(*)::int from public.visits where status = 'approved') as visits,
             (select count(*)::int from public.customers where created_at > now() - interval '1 hour') as fresh`;
    expect(r).toMatchObject({ activeMembers: 3, visits: sql!.visits, members: sql!.members, newMembers: sql!.fresh,
                              crossShopping: { twoOrMore: 3, threeOrMore: 0, twoOrMorePercent: 100 } });
    expect(r.membersPercentOfVillage).toBe(Math.round((sql!.members * 1000) / 800) / 10);
    expect(r.businesses.find((b) => b.locationId === 'creamery')).toMatchObject({ visits: 3, members: 3, firstVisits: 3 });
    expect(r.businesses.find((b) => b.locationId === 'museum')).toMatchObject({ firstVisitsFromOtherBusinesses: 3 });
  });

  it('is for admins only', async () => {
    const member = await createMember(h());
    expect((await h().call('GET', `/api/admin/funder-report?month=${month()}`, { token: member.token })).status).toBe(403);
    expect((await h().call('GET', `/api/admin/funder-report?month=${month()}`)).status).toBe(401);
    expect((await h().call('PUT', '/api/admin/funder-report/population', { token: member.token, body: { villagePopulation: 5 } })).status).toBe(403);
    expect((await h().call('GET', '/api/admin/funder-report?month=May', { token: await h().adminToken() })).status).toBe(400);
  });
});
