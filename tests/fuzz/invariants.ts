// the invariants of docs/RULES.md as SQL, checked on the whole database after a fuzz or fault run:
// each query lists the rows that break one rule, so a failure names what went wrong.
import type { Sql } from '../../dev/db.ts';

const CHECKS: Record<string, string> = {
  // §3.1 + §3.8: the stored total is the ledger's sum, and 5 × approved (not voided) visits plus
  // the admins' adjustments and the neighbour bonuses (given and taken back).
  'total_points = ledger sum': `
    select c.id, c.total_points, coalesce(sum(l.points), 0)::int as ledger
      from public.customers c left join public.points_ledger l on l.customer_id = c.id
     group by c.id having c.total_points <> coalesce(sum(l.points), 0)`,
  'total_points = 5 × approved visits + adjustments + neighbour bonuses': `
    select c.id, c.total_points,
           (select count(*) from public.visits v where v.customer_id = c.id and v.status = 'approved') as visits,
           (select coalesce(sum(l.points), 0) from public.points_ledger l where l.customer_id = c.id and l.event in ('adjustment', 'referral_bonus', 'referral_bonus_voided')) as adjusted
      from public.customers c
     where c.total_points <> 5 * (select count(*) from public.visits v where v.customer_id = c.id and v.status = 'approved')
                            + (select coalesce(sum(l.points), 0) from public.points_ledger l where l.customer_id = c.id and l.event in ('adjustment', 'referral_bonus', 'referral_bonus_voided'))`,
  'one approval event per visit, one void event per voided visit': `
    select v.id, v.status from public.visits v
     where (select count(*) from public.points_ledger l where l.visit_id = v.id and l.event = 'visit_approved') <> 1
        or (select count(*) from public.points_ledger l where l.visit_id = v.id and l.event = 'visit_voided') <> (v.status = 'voided')::int`,
  // §3.2: a token approves at most one visit, and only a used token has one.
  'check-in token used at most once': `
    select t.id from public.checkin_tokens t
     where (select count(*) from public.visits v where v.checkin_token_id = t.id) > 1
        or ((select count(*) from public.visits v where v.checkin_token_id = t.id) = 1) <> (t.used_at is not null)`,
  // §3.3, §3.4: no reward held twice (revoked ones are history), one unlock event each.
  'no customer reward twice': `
    select customer_id, reward_id, count(*) from public.customer_rewards where status <> 'revoked'
     group by customer_id, reward_id having count(*) > 1`,
  'one unlock event per customer reward': `
    select cr.id from public.customer_rewards cr
     where (select count(*) from public.points_ledger l where l.customer_reward_id = cr.id and l.event = 'reward_unlocked') <> 1`,
  // §3.5: redeemed once, and the ledger says so.
  'one redemption event per redeemed reward': `
    select cr.id, cr.status from public.customer_rewards cr
     where (select count(*) from public.points_ledger l where l.customer_reward_id = cr.id and l.event = 'reward_redeemed')
           <> (cr.status = 'redeemed' or exists (select 1 from public.points_ledger l where l.customer_reward_id = cr.id and l.event = 'reward_clawed_back'))::int`,
  // §3.6: one customer per phone (a forgotten member's phone is null: it may join again).
  'one customer per phone': `select phone, count(*) from public.customers where phone is not null group by phone having count(*) > 1`,
  // §3.8: a retried key never awarded twice (keys belong to their caller, as in
  // private.idempotency_keys: two staff members may each use 'key-1').
  'one award per idempotency key': `
    select actor_user_id, idempotency_key, count(*) from public.points_ledger
     where idempotency_key is not null and event = 'visit_approved'
     group by actor_user_id, idempotency_key having count(*) > 1`,
};

/** Every invariant with the rows that break it; all empty when the database is sound. */
export async function brokenInvariants(sql: Sql): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(CHECKS)) result[name] = [...(await sql.unsafe(query))];
  return result;
}

/** What brokenInvariants answers for a sound database, to compare against. */
export const SOUND: Record<string, unknown[]> = Object.fromEntries(Object.keys(CHECKS).map((name) => [name, []]));
