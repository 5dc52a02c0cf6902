// An owner serves at their own business's counter, on real Postgres: a one-person shop has no
// other clerk. The owner approves a member's card there, finds a member by name, and confirms a
// redemption with the card seen; the ledger records them as the counter's clerk by user id; at
// another business they are refused and nothing changes.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApproveVisitResponse } from '../../supabase/functions/_shared/contract.ts';
import { bodyOf } from '../support/api-client.ts';
import { createOwner, signUp } from '../support/api-factories.ts';
import { useHarness } from './suites/harness.ts';

const h = useHarness('postgres');
const OWN = 'snackco';

describe('an owner at their own counter', { timeout: 120_000 }, () => {
  it('approves a card, finds a member by name, and confirms a redemption there, recorded as its clerk', async () => {
    const owner = await createOwner(h(), OWN);
    const ownerId = decodeJwt(owner).sub!;
    const member = await signUp(h(), { name: 'Sunny Snacker' });

    const approved = bodyOf(
      await h().call('POST', '/api/visits/approve', { token: owner, body: { token: `customer:${member.id}` } }),
      ApproveVisitResponse,
    );
    expect(approved.pointsEarned).toBe(5);
    expect(approved.unlockedRewards.length).toBeGreaterThan(0);

    const search = await h().call('GET', '/api/staff/members?q=Sunny', { token: owner });
    expect(search.status).toBe(200);

    // The card was seen at this counter just now: the welcome reward is redeemed here.
    const [reward] = await h().db.sql<{ id: string }[]>`
      select cr.id from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = ${member.id} and r.location_id = ${OWN} and cr.status = 'unlocked'`;
    const redeemed = await h().call('POST', '/api/rewards/redeem', { token: owner, body: { customerRewardId: reward!.id } });
    expect(redeemed.status).toBe(200);

    const ledger = await h().db.sql<{ event: string; actor_role: string; actor_user_id: string; location_id: string }[]>`
      select event, actor_role, actor_user_id::text, location_id from public.points_ledger
       where customer_id = ${member.id} and event in ('visit_approved', 'reward_redeemed') order by id`;
    expect(ledger).toEqual([
      { event: 'visit_approved', actor_role: 'staff', actor_user_id: ownerId, location_id: OWN },
      { event: 'reward_redeemed', actor_role: 'staff', actor_user_id: ownerId, location_id: OWN },
    ]);
    const [visit] = await h().db.sql<{ approved_by: string; approved_via: string }[]>`
      select approved_by::text, approved_via from public.visits where customer_id = ${member.id}`;
    expect(visit).toEqual({ approved_by: ownerId, approved_via: 'staff' });
  });

  it('is refused at another business, and nothing is recorded', async () => {
    const owner = await createOwner(h(), OWN);
    const member = await signUp(h());
    const elsewhere = await h().call('POST', '/api/visits/approve', {
      token: owner, body: { token: `customer:${member.id}`, locationId: 'creamery' },
    });
    expect(elsewhere.status).toBe(403);
    const [row] = await h().db.sql<{ visits: number; events: number }[]>`
      select (select count(*)::int from public.visits where customer_id = ${member.id}) as visits,
             (select count(*)::int from public.points_ledger where customer_id = ${member.id}) as events`;
    expect(row).toEqual({ visits: 0, events: 0 });
  });
});
