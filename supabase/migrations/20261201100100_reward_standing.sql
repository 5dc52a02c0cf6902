-- The Rewards tab and the programme's catalogue read every reward's standing (held, unlocked,
-- redeemed, expired) from the day rollup's counters and small partial indexes, through one
-- function, instead of counting every unlock ever: the catalogue took ~600 ms and the Rewards tab
-- ~66 ms at the bench's scale (docs/PERFORMANCE.md). The same as supabase/schemas/50_redemption.sql,
-- 70_admin_reads.sql and 78_catalogue.sql.

create index if not exists customer_rewards_expired_idx on public.customer_rewards (reward_id, expired_at)
  where status = 'expired';
create index if not exists customer_rewards_unfiled_idx on public.customer_rewards (reward_id)
  where welcome_location_id is null and unlocked_by_visit_id is null and status <> 'revoked';

create or replace function private.reward_standing()
returns table (reward_id uuid, unlocked bigint, redeemed bigint, expired bigint, held bigint)
language sql stable
security definer
set search_path = ''
set jit = off
as $$
  with
  rolled as (
    select d.reward_id,
           coalesce(sum(d.n) filter (where d.kind = 'unlocks'), 0) as unlocks,
           coalesce(sum(d.n) filter (where d.kind = 'redemptions'), 0) as redemptions
      from (select x.kind, x.reward_id, x.n from private.daily_rollup x
             where x.kind in ('unlocks', 'redemptions')
            union all
            select p.kind, p.reward_id, p.n from private.daily_rollup_pending p
             where p.kind in ('unlocks', 'redemptions')) d
     group by 1),
  unfiled as (
    select cr.reward_id, count(*) as n from public.customer_rewards cr
     where cr.welcome_location_id is null and cr.unlocked_by_visit_id is null and cr.status <> 'revoked'
     group by 1),
  expired as (
    select cr.reward_id, count(*) as n from public.customer_rewards cr where cr.status = 'expired' group by 1),
  forgotten_unused as (
    select cr.reward_id, count(*) as n
      from public.customers c
      join public.customer_rewards cr on cr.customer_id = c.id
     where c.forgotten_at is not null and cr.status = 'unlocked'
     group by 1)
  select rw.id,
         coalesce(ro.unlocks, 0) + coalesce(u.n, 0),
         coalesce(ro.redemptions, 0),
         coalesce(e.n, 0),
         coalesce(ro.unlocks, 0) + coalesce(u.n, 0) - coalesce(ro.redemptions, 0) - coalesce(e.n, 0) - coalesce(f.n, 0)
    from public.rewards rw
    left join rolled ro on ro.reward_id = rw.id
    left join unfiled u on u.reward_id = rw.id
    left join expired e on e.reward_id = rw.id
    left join forgotten_unused f on f.reward_id = rw.id
$$;
revoke execute on function private.reward_standing() from public;

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
    -- Unlocked and still usable now, and expired unused (private.reward_standing).
    standing as (select * from private.reward_standing()),
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
             'outstanding', coalesce(o.held, 0),
             'expired', coalesce(o.expired, 0),
             'byBusiness', coalesce(pb.rows, '[]'::jsonb))
           order by rw.kind desc, l.sort_order, t.min_points, rw.name), '[]'::jsonb)
      from public.rewards rw
      left join public.locations l on l.id = rw.location_id
      left join public.tiers t on t.name = rw.tier
      left join standing o on o.reward_id = rw.id
      left join per_business pb on pb.reward_id = rw.id);
end;
$$;
revoke execute on function app.admin_rewards(text, date, date) from public;
grant execute on function app.admin_rewards(text, date, date) to authenticated;

create or replace function app.admin_catalogue()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can see the programme settings');
  return jsonb_build_object(
    'businesses', (
      select coalesce(jsonb_agg(private.location_json(l) || jsonb_build_object(
               'welcomeRewardId', (select r.id from public.rewards r
                                    where r.location_id = l.id and r.kind = 'welcome' and r.retired_at is null))
             order by l.archived_at nulls first, l.sort_order, l.id), '[]'::jsonb)
        from public.locations l),
    'rewards', (
      select coalesce(jsonb_agg(private.reward_json(r) || jsonb_build_object(
               'businessName', l.business_name,
               -- Held unused now, unlocked ever, and expired unused (counted apart, never as held):
               -- private.reward_standing, the Rewards tab's figures.
               'holders', coalesce(st.held, 0),
               'unlocked', coalesce(st.unlocked, 0),
               'expired', coalesce(st.expired, 0))
             order by r.kind desc, l.sort_order, r.location_id, r.tier, r.retired_at nulls first, r.created_at), '[]'::jsonb)
        from public.rewards r
        left join public.locations l on l.id = r.location_id
        left join private.reward_standing() st on st.reward_id = r.id));
end;
$$;
revoke execute on function app.admin_catalogue() from public;
grant execute on function app.admin_catalogue() to authenticated;
