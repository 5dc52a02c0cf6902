// The member's own account: GET /api/me, GET /api/me/visits, POST /api/rewards/redeem, and the
// redemption code a member shows at a counter.
import { describe, expect, it } from 'vitest';
import {
  CheckRedemptionCodeResponse,
  MeResponse,
  MyVisitsResponse,
  RedeemCodeResponse,
  StartRedemptionResponse,
  VelocityFlagsResponse,
} from '../../../supabase/functions/_shared/contract.ts';
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
        recentRedemptions: [],
        programmeNews: [],
      });
    });

    it('moves through the tiers and goals of PRODUCT §4 as visits add points', async () => {
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

    it('refuses a member redeeming on their own, with or without a locationId: a member never bills a business', async () => {
      const member = await memberWithRewards();
      for (const body of [{ customerRewardId: member.silver }, { customerRewardId: member.silver, locationId: 'snackco' }]) {
        const refused = await redeem(body, member.token);
        expect(refused.status).toBe(403);
        expect(refused.error?.message).toBe('Rewards are redeemed at the counter: press Redeem and show the code to the staff');
      }
      expect(await statusOf(member.silver)).toBe('unlocked');
      const [events] = await h().db.sql<{ n: number }[]>`
        select count(*)::int as n from public.points_ledger where customer_reward_id = ${member.silver} and event = 'reward_redeemed'`;
      expect(events?.n).toBe(0);
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

    it("lets staff redeem at the counter only where the reward is valid, once they scanned the member's card", async () => {
      const member = await memberWithRewards();
      const museumStaff = await createStaff(h(), 'museum');
      const scan = (token: string) =>
        h().call('POST', '/api/rewards/scan-card', { token, body: { token: `customer:${member.id}` } });
      // No card scanned here: the member may not be at the counter.
      const unseen = await redeem({ customerRewardId: member.silver }, museumStaff);
      expect(unseen.status).toBe(403);
      expect(unseen.error?.message).toBe('The member must be at the counter: ask for the code on their phone or scan their card');
      expect(await statusOf(member.silver)).toBe('unlocked');
      expect((await scan(museumStaff)).status).toBe(200);
      expect((await redeem({ customerRewardId: member.scoop }, museumStaff)).status).toBe(403);
      expect(await statusOf(member.scoop)).toBe('unlocked');
      expect((await redeem({ customerRewardId: member.silver }, museumStaff)).status).toBe(200);
      const creameryStaff = await createStaff(h(), 'creamery');
      expect((await scan(creameryStaff)).status).toBe(200);
      expect((await redeem({ customerRewardId: member.scoop }, creameryStaff)).status).toBe(200);
    });

    it('answers 404 for an unknown reward and 400 for bad bodies', async () => {
      const member = await createMember(h());
      expect((await redeem({ customerRewardId: '00000000-0000-4000-8000-00000000beef' }, member.token)).status).toBe(404);
      for (const body of [{}, { customerRewardId: 'abc' }, { customerRewardId: 7 }, { customerRewardId: '00000000-0000-4000-8000-00000000beef', status: 'unlocked' }]) {
        expect((await redeem(body, member.token)).status).toBe(400);
      }
    });
  });

  describe(`Redemption codes: a member's Redeem, confirmed at a counter (${kind})`, { timeout: 60_000 }, () => {
    const h = useHarness(kind);
    async function memberWithRewards() {
      const member = await createMember(h());
      const admin = await h().adminToken();
      await recordVisit(h(), admin, member.id, 'creamery');
      await recordVisit(h(), admin, member.id, 'museum');
      const account = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      const rewardId = (name: string) => account.rewards.find((r) => r.reward.name === name)!.id;
      return { ...member, scoop: rewardId('Free Ice Cream Scoop'), silver: rewardId('$5 Off Any Business') };
    }
    const startCode = async (token: string, customerRewardId: string) =>
      bodyOf(await h().call('POST', '/api/rewards/redemption-code', { token, body: { customerRewardId } }), StartRedemptionResponse, 201);
    const check = (token: string, code: string, locationId?: string) =>
      h().call('GET', `/api/rewards/redemption-code?${new URLSearchParams({ code, ...(locationId ? { locationId } : {}) })}`, { token });
    const confirm = (token: string, code: string, locationId?: string, key?: string) =>
      h().call('POST', '/api/rewards/redeem-code', {
        token,
        body: { code, ...(locationId ? { locationId } : {}) },
        headers: key ? { 'Idempotency-Key': key } : {},
      });
    const redemptionOf = async (id: string) =>
      (await h().db.sql<{ status: string; redeemed_location_id: string | null; redeemed_by: string | null }[]>`
        select status, redeemed_location_id, redeemed_by from public.customer_rewards where id = ${id}`)[0];

    it('gives a member a 6-character code valid 2 minutes; staff read it, confirm it, and the redemption records business and clerk', async () => {
      const member = await memberWithRewards();
      const started = await startCode(member.token, member.silver);
      expect(started.code).toMatch(/^[A-HJKMNP-Z]{3}[2-9]{3}$/);
      expect(started.qrValue).toBe(`redeem:${started.code}`);
      const seconds = (Date.parse(started.expiresAt) - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(100);
      expect(seconds).toBeLessThanOrEqual(121);
      const staff = await createStaff(h(), 'snackco');
      // Typed in lower case with a space: the same code.
      const typed = `${started.code.slice(0, 3).toLowerCase()} ${started.code.slice(3)}`;
      const seen = bodyOf(await check(staff, typed), CheckRedemptionCodeResponse);
      expect(seen).toMatchObject({ locationId: 'snackco', reward: { id: member.silver, name: '$5 Off Any Business' } });
      // A code on the member's phone never tells the counter their card's value.
      expect(seen.customer.id).toBeUndefined();
      expect(JSON.stringify(seen)).not.toContain(member.id);
      expect(await redemptionOf(member.silver)).toMatchObject({ status: 'unlocked' });
      const done = bodyOf(await confirm(staff, started.qrValue), RedeemCodeResponse);
      expect(done).toMatchObject({ locationId: 'snackco', customerReward: { status: 'redeemed' } });
      expect(JSON.stringify(done)).not.toContain(member.id);
      const clerk = (JSON.parse(Buffer.from(staff.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
      expect(await redemptionOf(member.silver)).toEqual({ status: 'redeemed', redeemed_location_id: 'snackco', redeemed_by: clerk });
      expect((await confirm(staff, started.code)).status).toBe(409);
      const used = await h().call('POST', '/api/rewards/redemption-code', { token: member.token, body: { customerRewardId: member.silver } });
      expect(used.status).toBe(409);
    });

    it('tells the member of the redemption in their account; "not you?" flags it for the operator, naming the clerk', async () => {
      const member = await memberWithRewards();
      const { code } = await startCode(member.token, member.scoop);
      const clerk = await createStaff(h(), 'creamery');
      expect((await confirm(clerk, code)).status).toBe(200);
      const account = bodyOf(await h().call('GET', '/api/me', { token: member.token }), MeResponse);
      expect(account.recentRedemptions).toEqual([expect.objectContaining({
        customerRewardId: member.scoop, rewardName: 'Free Ice Cream Scoop', businessName: 'Village Creamery', reportedAt: null,
        notice: expect.stringMatching(/^Your Free Ice Cream Scoop was redeemed at Village Creamery at \d{1,2}:\d\d [AP]M — not you\?$/),
      })]);
      const other = await createMember(h());
      const notMe = (token: string, id: string) => h().call('POST', `/api/me/rewards/${id}/not-me`, { token });
      expect((await notMe(other.token, member.scoop)).status).toBe(404);
      expect((await notMe(member.token, member.silver)).status).toBe(409);
      // Reported twice at once: one flag.
      const both = await Promise.all([notMe(member.token, member.scoop), notMe(member.token, member.scoop)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const flags = bodyOf(await h().call('GET', '/api/admin/flags', { token: await h().adminToken() }), VelocityFlagsResponse);
      const mine = flags.filter((f) => f.customerId === member.id);
      expect(mine).toEqual([expect.objectContaining({ kind: 'not_me', customerRewardId: member.scoop, businessName: 'Village Creamery' })]);
      const [clerkPhone] = await h().db.sql<{ phone: string }[]>`
        select right(u.phone, 10) as phone from auth.users u join public.customer_rewards cr on cr.redeemed_by = u.id where cr.id = ${member.scoop}`;
      expect(mine[0]).toMatchObject({ redeemedBy: clerkPhone!.phone });
    });

    it('keeps a welcome reward to its own business, and refuses members, other members and expired codes', async () => {
      const member = await memberWithRewards();
      const { code } = await startCode(member.token, member.scoop);
      const museum = await createStaff(h(), 'museum');
      const wrongPlace = await check(museum, code);
      expect(wrongPlace.status).toBe(403);
      expect(wrongPlace.error?.message).toBe('This reward can only be used at its own business');
      expect((await confirm(museum, code)).status).toBe(403);
      expect((await confirm(member.token, code, 'creamery')).status).toBe(403);
      const other = await createMember(h());
      expect((await h().call('POST', '/api/rewards/redemption-code', { token: other.token, body: { customerRewardId: member.scoop } })).status).toBe(404);
      expect((await check(museum, 'ZZZ999')).status).toBe(404);
      await h().db.sql`update private.redemption_codes set created_at = now() - interval '3 minutes', expires_at = now() - interval '1 minute' where code = ${code}`;
      const creamery = await createStaff(h(), 'creamery');
      expect((await confirm(creamery, code)).status).toBe(410);
      // A new press of Redeem gives a new code that works at the creamery.
      const again = await startCode(member.token, member.scoop);
      expect((await confirm(creamery, again.code)).status).toBe(200);
      expect(await redemptionOf(member.scoop)).toMatchObject({ status: 'redeemed', redeemed_location_id: 'creamery' });
    });

    it('lets an admin confirm at the business they name, and an enrolled kiosk at its own', async () => {
      const member = await memberWithRewards();
      const admin = await h().adminToken();
      const first = await startCode(member.token, member.silver);
      expect((await confirm(admin, first.code)).status).toBe(400);
      expect(bodyOf(await confirm(admin, first.code, 'joanies'), RedeemCodeResponse).locationId).toBe('joanies');
      const kiosk = await createKiosk(h(), 'creamery');
      const scoop = await startCode(member.token, member.scoop);
      expect((await confirm(kiosk.token, scoop.code, 'museum')).status).toBe(403);
      expect(bodyOf(await confirm(kiosk.token, scoop.code), RedeemCodeResponse).locationId).toBe('creamery');
      const unenrolled = await createKiosk(h(), 'creamery', { enrolled: false });
      expect((await check(unenrolled.token, scoop.code)).status).toBe(403);
    });

    it('redeems once when the counter retries with the same Idempotency-Key', async () => {
      const member = await memberWithRewards();
      const staff = await createStaff(h(), 'chatterbox');
      const { code } = await startCode(member.token, member.silver);
      const first = await confirm(staff, code, undefined, 'counter-retry-0001');
      const retry = await confirm(staff, code, undefined, 'counter-retry-0001');
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      const [events] = await h().db.sql<{ n: number }[]>`
        select count(*)::int as n from public.points_ledger where customer_reward_id = ${member.silver} and event = 'reward_redeemed'`;
      expect(events?.n).toBe(1);
    });
  });
}
