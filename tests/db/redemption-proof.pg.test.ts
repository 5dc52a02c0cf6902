// A reward is redeemed only with its member at the counter, on real Postgres: the member's code,
// or their card or phone scanned by this clerk at this business in the last 2 minutes; a name or
// phone search is no proof. An admin redeems without proof only with a reason. Every approval and
// redemption names the person; an admin undoes a mistaken redemption; the member is told, and
// "not you?" flags the clerk. Each refusal is proved in SQL to have changed nothing.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  approveVisit,
  createAuthUser,
  createKiosk,
  createMember,
  createStaff,
  disableVisitLimits,
  outcome,
  redeemReward,
  redeemWithCode,
  setEnrolmentCode,
  enrolKiosk,
  startCheckin,
  startMobileCheckin,
  startRedemption,
  type Claims,
  type Member,
  type Staff,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let admin: { id: string; claims: Claims };

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 16 });
  sql = db.sql;
  await disableVisitLimits(sql);
  admin = await createAuthUser(sql, { phone: '13125550990', appMetadata: { provider: 'phone', role: 'admin' } });
  await sql`update auth.users set raw_user_meta_data = '{"name": "Olive Operator"}' where id = ${admin.id}`;
});

afterAll(async () => {
  await db?.drop();
});

/** A clerk at a business, with a name on their Auth user (what the admin's views show). */
async function clerk(locationId: string, name: string): Promise<Staff> {
  const staff = await createStaff(sql, locationId);
  await sql`update auth.users set raw_user_meta_data = ${sql.json({ name })} where id = ${staff.userId}`;
  return staff;
}

/** A member with the Creamery's welcome reward unlocked (a first visit there by another clerk's scan). */
async function memberWithScoop(name = 'Ana Proof'): Promise<{ member: Member; rewardId: string }> {
  const member = await createMember(sql, name);
  const unlocker = await createStaff(sql, 'creamery');
  await approveVisit(sql, unlocker.claims, `customer:${member.customerId}`);
  const [row] = await sql`
    select cr.id from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
     where cr.customer_id = ${member.customerId} and r.name = 'Free Ice Cream Scoop'`;
  return { member, rewardId: row!.id as string };
}

async function rewardRow(id: string) {
  const [row] = await sql`
    select status, redeemed_by, redeemed_proof, redeemed_location_id from public.customer_rewards where id = ${id}`;
  return row!;
}

async function ledger(id: string) {
  return sql`select event, actor_user_id, actor_role, reason from public.points_ledger
              where customer_reward_id = ${id} order by id`;
}

const redeem = (claims: Claims, id: string, locationId?: string, reason?: string) =>
  actAs(sql, claims, (tx) => tx`select app.redeem_reward(${id}, ${locationId ?? null}, null, ${reason ?? null})`);

const search = async (claims: Claims, q: string) => {
  const [row] = await actAs(sql, claims, (tx) => tx`select app.counter_search(${q}) as r`);
  return row!.r as { customers: { lookupId: string; name: string }[]; more: boolean };
};

describe('proof that the member is at the counter', () => {
  it('refuses a clerk who only searched by name; the search never tells the card', async () => {
    const { member, rewardId } = await memberWithScoop('Anastasia Searchonly');
    const carla = await clerk('creamery', 'Carla Clerk');
    const found = await search(carla.claims, 'anastasia search');
    expect(found.customers).toHaveLength(1);
    expect(JSON.stringify(found)).not.toContain(member.customerId);
    const before = await ledger(rewardId);

    expect(await outcome(redeem(carla.claims, rewardId))).toBe('LY403');
    await expect(redeem(carla.claims, rewardId)).rejects.toThrow(/ask for the code on their phone or scan their card/);
    expect(await rewardRow(rewardId)).toMatchObject({ status: 'unlocked', redeemed_by: null });
    expect(await ledger(rewardId)).toEqual(before);
  });

  it('approves a visit from a search, records the clerk and the search, and still refuses the redemption', async () => {
    const { member, rewardId } = await memberWithScoop('Bea Lookup');
    const carla = await clerk('creamery', 'Carla Lookup');
    const [lookup] = (await search(carla.claims, 'Bea Lookup')).customers;
    // Another clerk cannot use Carla's lookup.
    const other = await clerk('creamery', 'Other Clerk');
    expect(await outcome(approveVisit(sql, other.claims, `lookup:${lookup!.lookupId}`))).toBe('LY404');

    const approved = await approveVisit(sql, carla.claims, `lookup:${lookup!.lookupId}`);
    expect(approved).toMatchObject({ customer: { name: 'Bea Lookup' }, foundBySearch: true, memberSeen: false, pointsEarned: 5 });
    expect(JSON.stringify(approved)).not.toContain(member.customerId);
    const [visit] = await sql`select approved_by, found_by_search from public.visits where id = ${approved.visitId}`;
    expect(visit).toEqual({ approved_by: carla.userId, found_by_search: true });
    const [audit] = await sql`select actor_id, actor_role, location_id from private.audit_log
                               where action = 'visit.approve_by_search' and target_id = ${member.customerId}`;
    expect(audit).toEqual({ actor_id: carla.userId, actor_role: 'staff', location_id: 'creamery' });

    expect(await outcome(redeem(carla.claims, rewardId))).toBe('LY403');
    expect((await rewardRow(rewardId)).status).toBe('unlocked');
  });

  it('expires a lookup after 10 minutes', async () => {
    await createMember(sql, 'Cleo Stale');
    const carla = await clerk('creamery', 'Carla Stale');
    const [lookup] = (await search(carla.claims, 'Cleo Stale')).customers;
    await sql`update private.counter_sightings set created_at = now() - interval '11 minutes' where id = ${lookup!.lookupId}`;
    expect(await outcome(approveVisit(sql, carla.claims, `lookup:${lookup!.lookupId}`))).toBe('LY404');
  });

  it('redeems after this clerk scanned the card here, and records the clerk as a person', async () => {
    const { member, rewardId } = await memberWithScoop();
    const carla = await clerk('creamery', 'Carla Card');
    const dana = await clerk('creamery', 'Dana Nocard');
    expect(await approveVisit(sql, carla.claims, `customer:${member.customerId}`)).toMatchObject({ memberSeen: true });
    // The scan was Carla's: Dana at the same counter has no proof.
    expect(await outcome(redeem(dana.claims, rewardId))).toBe('LY403');
    expect(await outcome(redeem(carla.claims, rewardId))).toBe('ok');
    expect(await rewardRow(rewardId)).toEqual({
      status: 'redeemed', redeemed_by: carla.userId, redeemed_proof: 'card', redeemed_location_id: 'creamery',
    });
    expect((await ledger(rewardId)).at(-1)).toMatchObject({ event: 'reward_redeemed', actor_user_id: carla.userId, actor_role: 'staff' });
  });

  it('refuses a card scanned more than 2 minutes ago, or at another business', async () => {
    const member = await createMember(sql, 'Eve Network');
    const museum = await clerk('museum', 'Mo Museum');
    const snack = await clerk('snackco', 'Sam Snack');
    // 15 points and a visit here: the tier rewards, valid anywhere, unlock.
    await sql`update public.customers set total_points = 15 where id = ${member.customerId}`;
    await approveVisit(sql, museum.claims, `customer:${member.customerId}`);
    const [network] = await sql`
      select cr.id from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = ${member.customerId} and r.scope = 'network'`;
    expect(await outcome(redeem(snack.claims, network!.id))).toBe('LY403');
    await sql`update private.counter_sightings set created_at = now() - interval '121 seconds'
               where customer_id = ${member.customerId}`;
    expect(await outcome(redeem(museum.claims, network!.id))).toBe('LY403');
    expect((await rewardRow(network!.id)).status).toBe('unlocked');
    // A card scanned again without a visit (too soon for one) is fresh proof.
    const [scanned] = await actAs(sql, museum.claims, (tx) => tx`select app.scan_card(${`customer:${member.customerId}`}) as r`);
    expect(scanned!.r.redeemableRewards.map((r: { id: string }) => r.id)).toContain(network!.id);
    expect(await outcome(redeem(museum.claims, network!.id))).toBe('ok');
    expect((await rewardRow(network!.id)).redeemed_proof).toBe('card');
  });

  it('takes the member\'s phone check-in code as proof, but not a kiosk\'s code typed in by phone number', async () => {
    const { member, rewardId } = await memberWithScoop('Fay Phone');
    const carla = await clerk('creamery', 'Carla Phone');
    const kiosk = await createKiosk(sql, 'creamery');
    await setEnrolmentCode(sql, 'creamery', 'CREAM-PROOF-1');
    await enrolKiosk(sql, kiosk, 'CREAM-PROOF-1');
    const kioskToken = await startCheckin(sql, kiosk.claims, 'creamery', { phone: member.phone });
    expect(await approveVisit(sql, carla.claims, kioskToken.token)).toMatchObject({ memberSeen: false });
    expect(await outcome(redeem(carla.claims, rewardId))).toBe('LY403');
    await approveVisit(sql, carla.claims, await startMobileCheckin(sql, member.claims, 'creamery'));
    expect(await outcome(redeem(carla.claims, rewardId))).toBe('ok');
    expect((await rewardRow(rewardId)).redeemed_proof).toBe('phone');
  });

  it('lets an admin redeem without proof only with a written reason, audited', async () => {
    const { rewardId } = await memberWithScoop('Gus Admin');
    expect(await outcome(redeem(admin.claims, rewardId, 'creamery'))).toBe('LY403');
    expect(await outcome(redeem(admin.claims, rewardId, 'creamery', '   '))).toBe('LY403');
    expect((await rewardRow(rewardId)).status).toBe('unlocked');
    expect(await outcome(redeem(admin.claims, rewardId, 'creamery', 'Member phoned: redeemed on paper at the fair'))).toBe('ok');
    expect(await rewardRow(rewardId)).toMatchObject({ redeemed_by: admin.id, redeemed_proof: 'admin_reason' });
    expect((await ledger(rewardId)).at(-1)).toMatchObject({
      event: 'reward_redeemed', actor_role: 'admin', reason: 'Member phoned: redeemed on paper at the fair',
    });
    const audit = await sql`select actor_id, reason from private.audit_log
                             where action = 'reward.redeem_without_member' and target_id = ${rewardId}`;
    expect(audit).toEqual([{ actor_id: admin.id, reason: 'Member phoned: redeemed on paper at the fair' }]);
  });

  it('redeems with the member\'s code and records the confirming clerk', async () => {
    const { member, rewardId } = await memberWithScoop('Hal Code');
    const carla = await clerk('creamery', 'Carla Code');
    const { code } = await startRedemption(sql, member.claims, rewardId);
    await redeemWithCode(sql, carla.claims, code);
    expect(await rewardRow(rewardId)).toMatchObject({ redeemed_by: carla.userId, redeemed_proof: 'code' });
  });

  it('redeems once for 12 parallel redemptions after one scan', async () => {
    const { member, rewardId } = await memberWithScoop('Ivy Race');
    const carla = await clerk('creamery', 'Carla Race');
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => outcome(redeem(carla.claims, rewardId))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'LY409')).toHaveLength(11);
    expect((await ledger(rewardId)).filter((e) => e.event === 'reward_redeemed')).toHaveLength(1);
  });
});

describe('who served, as the admin sees it', () => {
  it('names the clerk of each visit and redemption in the customer detail', async () => {
    const { member, rewardId } = await memberWithScoop('Jo Detail');
    const carla = await clerk('creamery', 'Carla Detail');
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    await redeemReward(sql, carla.claims, rewardId);
    const [row] = await actAs(sql, admin.claims, (tx) => tx`select app.admin_customer(${member.customerId}) as r`);
    const detail = row!.r;
    expect(detail.redemptions[0]).toMatchObject({ customerRewardId: rewardId, redeemedBy: 'Carla Detail', proof: 'card' });
    expect(detail.visits[0]).toMatchObject({ approvedBy: 'Carla Detail', foundBySearch: false });
    expect(detail.ledger.find((e: { event: string }) => e.event === 'reward_redeemed')).toMatchObject({ actor: 'Carla Detail' });
  });

  it("shows a business's owner who served at its counter, in counts that name no member", async () => {
    const { member, rewardId } = await memberWithScoop('Nell Owner');
    const carla = await clerk('creamery', 'Carla Owned');
    const [lookup] = (await search(carla.claims, 'Nell Owner')).customers;
    await approveVisit(sql, carla.claims, `lookup:${lookup!.lookupId}`);
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    await redeemReward(sql, carla.claims, rewardId);
    const owner = await createAuthUser(sql, { phone: '13125550991', appMetadata: { provider: 'phone', role: 'owner', location_id: 'creamery' } });
    const [row] = await actAs(sql, owner.claims, (tx) => tx`select app.counter_people('creamery') as r`);
    const people = row!.r as { person: string; visits: number; visitsFoundBySearch: number; redemptions: number }[];
    expect(people.find((p) => p.person === 'Carla Owned')).toEqual({
      person: 'Carla Owned', visits: 2, visitsFoundBySearch: 1, redemptions: 1,
    });
    expect(JSON.stringify(people)).not.toContain('Nell Owner');
    expect(await outcome(actAs(sql, owner.claims, (tx) => tx`select app.counter_people('museum')`))).toBe('LY403');
    expect(await outcome(actAs(sql, carla.claims, (tx) => tx`select app.counter_people('creamery')`))).toBe('LY403');
  });

  it('tells nobody but admins and owners who a user is', async () => {
    const carla = await clerk('creamery', 'Carla Secret');
    const [row] = await actAs(sql, carla.claims, (tx) => tx`select private.person_label(${carla.userId}) as l`);
    expect(row!.l).toBeNull();
  });
});

describe('undoing a mistaken redemption', () => {
  it('unlocks the reward again with a ledger event and a reason, once for parallel undos; settlement follows', async () => {
    const { member, rewardId } = await memberWithScoop('Kim Undo');
    const carla = await clerk('creamery', 'Carla Undo');
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    await redeemReward(sql, carla.claims, rewardId);
    const month = (await sql`select to_char(now() at time zone private.programme_time_zone(), 'YYYY-MM') as m`)[0]!.m as string;
    const counted = async () =>
      (await sql`select count(*)::int as n from private.month_redemptions(${month}) where customer_reward_id = ${rewardId}`)[0]!.n;
    expect(await counted()).toBe(1);

    const undo = (claims: Claims, reason: string | null) =>
      actAs(sql, claims, (tx) => tx`select app.undo_redemption(${rewardId}, ${reason}) as r`);
    expect(await outcome(undo(carla.claims, 'mistake'))).toBe('LY403');
    expect(await outcome(undo(admin.claims, ' '))).toBe('LY400');
    expect((await rewardRow(rewardId)).status).toBe('redeemed');

    const outcomes = await Promise.all(Array.from({ length: 8 }, () => outcome(undo(admin.claims, 'Pressed the wrong reward'))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'LY409')).toHaveLength(7);
    expect(await rewardRow(rewardId)).toEqual({ status: 'unlocked', redeemed_by: null, redeemed_proof: null, redeemed_location_id: null });
    const events = await ledger(rewardId);
    expect(events.map((e) => e.event)).toEqual(['reward_unlocked', 'reward_redeemed', 'redemption_undone']);
    expect(events.at(-1)).toMatchObject({ actor_user_id: admin.id, reason: 'Pressed the wrong reward' });
    // The reward_redeemed event still says who redeemed it.
    expect(events[1]).toMatchObject({ actor_user_id: carla.userId });
    expect(await counted()).toBe(0);
    const audit = await sql`select count(*)::int as n from private.audit_log
                             where action = 'reward.undo_redemption' and target_id = ${rewardId}`;
    expect(audit[0]!.n).toBe(1);

    // Unlocked again: the member's code redeems it.
    const { code } = await startRedemption(sql, member.claims, rewardId);
    await redeemWithCode(sql, carla.claims, code);
    expect(await counted()).toBe(1);
  });
});

describe('the member is told', () => {
  it('queues a text when they agreed to texts, shows it in their account, and "not you?" flags the clerk', async () => {
    const { member, rewardId } = await memberWithScoop('Lu Told');
    await sql`update public.customers set sms_consent = true where id = ${member.customerId}`;
    const carla = await clerk('creamery', 'Carla Told');
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    await redeemReward(sql, carla.claims, rewardId);

    const texts = await sql`select body from private.texts where customer_id = ${member.customerId} and kind = 'reward_redeemed'`;
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/Your Free Ice Cream Scoop was redeemed at Village Creamery at \d{1,2}:\d\d [AP]M — not you\?/);

    const [me] = await actAs(sql, member.claims, (tx) => tx`select app.me() as r`);
    expect(me!.r.recentRedemptions).toEqual([
      expect.objectContaining({ customerRewardId: rewardId, rewardName: 'Free Ice Cream Scoop', reportedAt: null,
                                notice: expect.stringMatching(/^Your Free Ice Cream Scoop was redeemed at Village Creamery at .+ — not you\?$/) }),
    ]);

    const stranger = await createMember(sql, 'Not Lu');
    expect(await outcome(actAs(sql, stranger.claims, (tx) => tx`select app.report_redemption(${rewardId})`))).toBe('LY404');
    await actAs(sql, member.claims, (tx) => tx`select app.report_redemption(${rewardId})`);
    await actAs(sql, member.claims, (tx) => tx`select app.report_redemption(${rewardId})`);
    const [flags] = await actAs(sql, admin.claims, (tx) => tx`select app.admin_velocity_flags() as r`);
    const mine = flags!.r.filter((f: { customerId: string }) => f.customerId === member.customerId);
    expect(mine).toEqual([expect.objectContaining({
      kind: 'not_me', customerRewardId: rewardId, rewardName: 'Free Ice Cream Scoop',
      businessName: 'Village Creamery', redeemedBy: 'Carla Told', dismissedAt: null,
    })]);
    const [again] = await actAs(sql, member.claims, (tx) => tx`select app.me() as r`);
    expect(again!.r.recentRedemptions[0].reportedAt).not.toBeNull();

    const [dismissed] = await actAs(sql, admin.claims, (tx) => tx`select app.dismiss_velocity_flag(${mine[0].id}) as r`);
    expect(dismissed!.r).toMatchObject({ kind: 'not_me', redeemedBy: 'Carla Told' });
    expect(dismissed!.r.dismissedAt).not.toBeNull();
  });

  it('sends no text to a member who did not agree to texts', async () => {
    const { member, rewardId } = await memberWithScoop('Mo Quiet');
    const carla = await clerk('creamery', 'Carla Quiet');
    await approveVisit(sql, carla.claims, `customer:${member.customerId}`);
    await redeemReward(sql, carla.claims, rewardId);
    const texts = await sql`select 1 from private.texts where customer_id = ${member.customerId} and kind = 'reward_redeemed'`;
    expect(texts).toHaveLength(0);
  });
});
