// The member's own account: GET /api/me, GET /api/me/visits, POST /api/rewards/redeem.
import { describe, expect, it } from 'vitest';
import { MeResponse, MyVisitsResponse, RedeemRewardResponse } from '../../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../../support/api-client.ts';
import { createKiosk, createMember, createStaff, recordVisit } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

const LOCATIONS = ['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge'];

export function accountSuite(kind: DatabaseKind) {
  describe(`GET /api/me and /api/me/visits (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const me = async (token: string) => bodyOf(await h().call('GET', '/api/me', { token }), MeResponse);
    const visit = async (customerId: string, locationId: string) =>
      recordVisit(h(), await h().adminToken(), customerId, locationId);

    it('shows a new member as Bronze, 10 points from the Silver goal, with nothing yet', async () => {
      const member = await createMember(h(), { name: 'Lou', email: 'lou@example.com' });
      expect(await me(member.token)).toEqual({
        customer: { id: member.id, name: 'Lou', phone: member.phone, email: 'lou@example.com' },
        totalPoints: 0,
        tier: { name: 'Bronze', minPoints: 0 },
        nextGoal: { target: 10, label: '$5 Off - Silver Status', pointsNeeded: 10 },
        rewards: [],
        visitedLocations: [],
        totalVisits: 0,
      });
    });

    it('moves through the tiers and goals of SPEC §4 as visits add points', async () => {
      const member = await createMember(h());
      const seen: [number, string, number, string][] = [];
      for (const location of LOCATIONS) {
        await visit(member.id, location);
        const account = await me(member.token);
        seen.push([account.totalPoints, account.tier.name, account.nextGoal.target, account.nextGoal.label]);
      }
      expect(seen).toEqual([
        [5, 'Bronze', 10, '$5 Off - Silver Status'],
        [10, 'Silver', 20, '$10 Off - Gold Status'],
        [15, 'Silver', 20, '$10 Off - Gold Status'],
        // Past the top tier the goal is Gold itself, reached: never a reward that does not exist.
        [20, 'Gold', 20, '$10 Off - Gold Status'],
        [25, 'Gold', 20, '$10 Off - Gold Status'],
        [30, 'Gold', 20, '$10 Off - Gold Status'],
      ]);
      const account = await me(member.token);
      expect(account.nextGoal.pointsNeeded).toBe(0);
      expect(account.totalVisits).toBe(6);
      expect(account.visitedLocations.map((l) => l.id).sort()).toEqual([...LOCATIONS].sort());
      expect(account.rewards).toHaveLength(8);
      const silver = account.rewards.find((r) => r.reward.name === '$5 Off Any Business');
      expect(silver).toMatchObject({ status: 'unlocked', redeemedAt: null, reward: { scope: 'network', locationId: null } });
      const scoop = account.rewards.find((r) => r.reward.name === 'Free Ice Cream Scoop');
      expect(scoop?.reward).toMatchObject({ scope: 'location', locationId: 'creamery', businessName: 'Village Creamery' });
    });

    it('shows each member only their own account', async () => {
      const ann = await createMember(h());
      const ben = await createMember(h());
      await visit(ann.id, 'museum');
      expect((await me(ben.token)).customer.id).toBe(ben.id);
      expect((await me(ben.token)).totalPoints).toBe(0);
      expect((await me(ann.token)).totalPoints).toBe(5);
    });

    it('answers 401 to nobody, 403 to a kiosk, 404 to staff without a customer account', async () => {
      expect((await h().call('GET', '/api/me')).status).toBe(401);
      const kiosk = await createKiosk(h(), 'museum', { enrolled: false });
      expect((await h().call('GET', '/api/me', { token: kiosk.token })).status).toBe(403);
      const staff = await createStaff(h(), 'museum');
      const response = await h().call('GET', '/api/me', { token: staff });
      expect(response.status).toBe(404);
      expect((await h().call('GET', '/api/me/visits', { token: staff })).status).toBe(404);
    });

    it('lists the visit history newest first, up to the limit', async () => {
      const member = await createMember(h());
      for (const location of ['joanies', 'museum', 'snackco']) await visit(member.id, location);
      const all = bodyOf(await h().call('GET', '/api/me/visits', { token: member.token }), MyVisitsResponse);
      expect(all.visits.map((v) => v.locationId)).toEqual(['snackco', 'museum', 'joanies']);
      expect(all.visits[0]).toMatchObject({ businessName: 'SnackCo', points: 5 });
      const two = bodyOf(await h().call('GET', '/api/me/visits?limit=2', { token: member.token }), MyVisitsResponse);
      expect(two.visits).toHaveLength(2);
    });

    it('answers 400 for a bad limit or unknown query parameters', async () => {
      const member = await createMember(h());
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2&customerId=x']) {
        expect((await h().call('GET', `/api/me/visits?${query}`, { token: member.token })).status).toBe(400);
      }
      expect((await h().call('GET', '/api/me?customerId=x', { token: member.token })).status).toBe(400);
    });
  });

  describe(`POST /api/rewards/redeem (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    const redeem = (body: unknown, token?: string) => h().call('POST', '/api/rewards/redeem', { token, body });
    /** A member with the creamery welcome reward and the Silver reward unlocked. */
    async function memberWithRewards() {
      const member = await createMember(h());
      const admin = await h().adminToken();
      await recordVisit(h(), admin, member.id, 'creamery');
      await recordVisit(h(), admin, member.id, 'museum');
      const account = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      const rewardId = (name: string) => account.rewards.find((r) => r.reward.name === name)!.id;
      return { ...member, scoop: rewardId('Free Ice Cream Scoop'), silver: rewardId('$5 Off Any Business') };
    }
    const statusOf = async (id: string) =>
      (await h().db.sql<{ status: string }[]>`select status from public.customer_rewards where id = ${id}`)[0]?.status;

    it('lets a member redeem their own reward once (409 the second time)', async () => {
      const member = await memberWithRewards();
      const redeemed = bodyOf(await redeem({ customerRewardId: member.silver }, member.token), RedeemRewardResponse);
      expect(redeemed.customerReward).toMatchObject({ id: member.silver, status: 'redeemed', reward: { name: '$5 Off Any Business' } });
      const again = await redeem({ customerRewardId: member.silver }, member.token);
      expect(again.status).toBe(409);
      const account = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      expect(account.rewards.find((r) => r.id === member.silver)?.status).toBe('redeemed');
    });

    it("hides another member's reward (404) and refuses a kiosk (403) and nobody (401)", async () => {
      const owner = await memberWithRewards();
      const other = await createMember(h());
      expect((await redeem({ customerRewardId: owner.silver }, other.token)).status).toBe(404);
      const kiosk = await createKiosk(h(), 'creamery', { enrolled: false });
      expect((await redeem({ customerRewardId: owner.silver }, kiosk.token)).status).toBe(403);
      expect((await redeem({ customerRewardId: owner.silver })).status).toBe(401);
      expect(await statusOf(owner.silver)).toBe('unlocked');
    });

    it("lets staff redeem at the counter only where the reward is valid", async () => {
      const member = await memberWithRewards();
      const museumStaff = await createStaff(h(), 'museum');
      expect((await redeem({ customerRewardId: member.scoop }, museumStaff)).status).toBe(403);
      expect(await statusOf(member.scoop)).toBe('unlocked');
      expect((await redeem({ customerRewardId: member.silver }, museumStaff)).status).toBe(200);
      const creameryStaff = await createStaff(h(), 'creamery');
      expect((await redeem({ customerRewardId: member.scoop }, creameryStaff)).status).toBe(200);
    });

    it('keeps a welcome reward to its own business', async () => {
      const member = await memberWithRewards();
      expect((await redeem({ customerRewardId: member.scoop, locationId: 'museum' }, member.token)).status).toBe(403);
      expect((await redeem({ customerRewardId: member.scoop, locationId: 'creamery' }, member.token)).status).toBe(200);
    });

    it('answers 404 for an unknown reward and 400 for bad bodies', async () => {
      const member = await createMember(h());
      expect((await redeem({ customerRewardId: '00000000-0000-4000-8000-00000000beef' }, member.token)).status).toBe(404);
      for (const body of [{}, { customerRewardId: 'abc' }, { customerRewardId: 7 }, { customerRewardId: '00000000-0000-4000-8000-00000000beef', status: 'unlocked' }]) {
        expect((await redeem(body, member.token)).status).toBe(400);
      }
    });
  });
}
