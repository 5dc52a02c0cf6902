-- The Rewards tab's outstanding rewards leave out the ones that expired unused (docs/RULES.md
-- "Reward expiry"), which it counts apart; the same change as supabase/schemas/70_admin_reads.sql.

-- The catalogue with, per reward and per business, the unlocks (where the unlocking visit
-- was; revoked unlocks not counted) and the redemptions (where it was honoured) in the range,
-- and how many are unlocked and still unused now. Every redemption is counted: those without a
-- business (before counter-confirmed redemption) are in the reward's total and its
-- unattributedRedemptions (the rollup's '' business), never in a business's row.
--
-- As in 20261123002100_admin_reads_at_scale.sql, reading the counters and the pending deltas.
create or replace function app.admin_rewards(p_range text default 'all', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    with
    -- Every day of the rollup summed per reward and business (all time: nothing is outside it).
    totals as (
      select d.reward_id, d.location_id,
             sum(d.n) filter (where d.kind = 'unlocks') as unlocks,
             sum(d.n) filter (where d.kind = 'redemptions') as redemptions
        from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
       where d.kind in ('unlocks', 'redemptions')
       group by 1, 2),
    counts as (
      select * from totals where r.starts_at = '-infinity' and r.ends_at = 'infinity'
      union all
      select c.reward_id, c.location_id,
             sum(c.n) filter (where c.kind = 'unlocks') as unlocks,
             sum(c.n) filter (where c.kind = 'redemptions') as redemptions
        from private.rollup_counts(r.starts_at, r.ends_at, array['unlocks', 'redemptions']) c
       where not (r.starts_at = '-infinity' and r.ends_at = 'infinity')
       group by 1, 2),
    -- Unlocked and not used now: every unrevoked unlock ever, less every redemption ever, less
    -- the unused rewards of forgotten members (nobody can use them any more), less the rewards
    -- that expired unused (95_reward_expiry.sql; counted apart as expired).
    forgotten_unused as (
      select cr.reward_id, count(*) as n
        from public.customers c
        join public.customer_rewards cr on cr.customer_id = c.id
       where c.forgotten_at is not null and cr.status = 'unlocked'
       group by 1),
    expired as (
      select cr.reward_id, count(*) as n from public.customer_rewards cr where cr.status = 'expired' group by 1),
    outstanding as (
      select t.reward_id, coalesce(sum(t.unlocks), 0) - coalesce(sum(t.redemptions), 0)
               - coalesce(max(f.n), 0) - coalesce(max(e.n), 0) as n
        from totals t
        left join forgotten_unused f on f.reward_id = t.reward_id
        left join expired e on e.reward_id = t.reward_id
       group by 1),
    per_business as (
      select rw.id as reward_id,
             jsonb_agg(jsonb_build_object('locationId', l.id, 'businessName', l.business_name,
                                          'unlocks', coalesce(c.unlocks, 0), 'redemptions', coalesce(c.redemptions, 0))
                       order by l.sort_order, l.id) as rows
        from public.rewards rw
        cross join public.locations l
        left join counts c on c.reward_id = rw.id and c.location_id = l.id
       where rw.location_id is null or rw.location_id = l.id
       group by rw.id)
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', rw.id, 'name', rw.name, 'description', rw.description, 'kind', rw.kind, 'scope', rw.scope,
             'tier', rw.tier, 'locationId', rw.location_id, 'businessName', l.business_name,
             'valueCents', t.reward_value_cents,
             'unlocks', (select coalesce(sum(c.unlocks), 0) from counts c where c.reward_id = rw.id),
             'redemptions', (select coalesce(sum(c.redemptions), 0) from counts c where c.reward_id = rw.id),
             'unattributedRedemptions', (select coalesce(sum(c.redemptions), 0) from counts c
                                          where c.reward_id = rw.id and c.location_id = ''),
             'outstanding', coalesce(o.n, 0),
             'expired', coalesce((select e.n from expired e where e.reward_id = rw.id), 0),
             'byBusiness', coalesce(pb.rows, '[]'::jsonb))
           order by rw.kind desc, l.sort_order, t.min_points, rw.name), '[]'::jsonb)
      from public.rewards rw
      left join public.locations l on l.id = rw.location_id
      left join public.tiers t on t.name = rw.tier
      left join outstanding o on o.reward_id = rw.id
      left join per_business pb on pb.reward_id = rw.id);
end;
$$;
