-- Every redemption is counted by the dashboard and the Rewards tab (issue 20 §3). Redemptions
-- without a business (pressed on /account before counter-confirmed redemption) were left out of
-- the day rollup, so the Redemptions card and the Rewards tab skipped them. They are now rolled
-- up under the business '' (unattributed): the all-locations total counts them, a business's
-- figures do not, and the Rewards tab gives each reward's unattributedRedemptions.

create or replace function private.roll_up_daily_rewards()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if old.status <> 'revoked' then
      perform private.bump_rollup(old.unlocked_at, private.unlock_location(old.welcome_location_id, old.unlocked_by_visit_id),
                                  'unlocks', old.reward_id, -1);
    end if;
    perform private.bump_rollup(old.redeemed_at, coalesce(old.redeemed_location_id, ''), 'redemptions', old.reward_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status <> 'revoked' then
      perform private.bump_rollup(new.unlocked_at, private.unlock_location(new.welcome_location_id, new.unlocked_by_visit_id),
                                  'unlocks', new.reward_id, 1);
    end if;
    perform private.bump_rollup(new.redeemed_at, coalesce(new.redeemed_location_id, ''), 'redemptions', new.reward_id, 1);
  end if;
  if tg_op <> 'INSERT' then
    perform private.maybe_fold_rollups();
  end if;
  return null;
end;
$$;
revoke execute on function private.roll_up_daily_rewards() from public;

create or replace function private.rollup_counts(p_start timestamptz, p_end timestamptz, p_kinds text[])
returns table (day date, location_id text, kind text, reward_id uuid, n bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  w record;
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  select * into w from private.whole_days(p_start, p_end);
  return query
    select d.day, d.location_id, d.kind, d.reward_id, sum(d.n)::bigint
      from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
     where d.day between w.first_day and w.last_day and d.kind = any (p_kinds)
     group by 1, 2, 3, 4
    union all
    select private.programme_day(v.created_at), v.location_id, 'visits', '00000000-0000-0000-0000-000000000000'::uuid, count(*)
      from public.visits v
     where 'visits' = any (p_kinds) and v.status = 'approved'
       and ((v.created_at >= p_start and v.created_at < w.head_end) or (v.created_at >= w.tail_start and v.created_at < p_end))
     group by 1, 2
    union all
    select private.programme_day(cr.unlocked_at), private.unlock_location(cr.welcome_location_id, cr.unlocked_by_visit_id),
           'unlocks', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'unlocks' = any (p_kinds) and cr.status <> 'revoked' and cr.reward_id is not null
       and ((cr.unlocked_at >= p_start and cr.unlocked_at < w.head_end) or (cr.unlocked_at >= w.tail_start and cr.unlocked_at < p_end))
     group by 1, 2, 4
    union all
    select private.programme_day(cr.redeemed_at), coalesce(cr.redeemed_location_id, ''), 'redemptions', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'redemptions' = any (p_kinds) and cr.reward_id is not null
       and ((cr.redeemed_at >= p_start and cr.redeemed_at < w.head_end) or (cr.redeemed_at >= w.tail_start and cr.redeemed_at < p_end))
     group by 1, 2, 4;
end;
$$;
revoke execute on function private.rollup_counts(timestamptz, timestamptz, text[]) from public;
grant execute on function private.rollup_counts(timestamptz, timestamptz, text[]) to authenticated;

create or replace function private.rebuild_daily_rollup()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.daily_rollup_pending where true;
  delete from private.daily_rollup where true;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(v.created_at), v.location_id, 'visits', '00000000-0000-0000-0000-000000000000', count(*)
    from public.visits v where v.status = 'approved' group by 1, 2;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.unlocked_at), coalesce(cr.welcome_location_id, v.location_id), 'unlocks',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr left join public.visits v on v.id = cr.unlocked_by_visit_id
   where cr.status <> 'revoked' and cr.unlocked_at is not null and coalesce(cr.welcome_location_id, v.location_id) is not null
   group by 1, 2, 4;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.redeemed_at), coalesce(cr.redeemed_location_id, ''), 'redemptions',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr
   where cr.redeemed_at is not null
   group by 1, 2, 4;
  select private.rebuild_visit_returns();
  select private.rebuild_signup_counts();
  select private.rebuild_cross_shopping();
  select private.rebuild_member_first_visits();
  select private.rebuild_member_month_masks();
$$;
revoke execute on function private.rebuild_daily_rollup() from public;

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
    -- Unlocked and not used now: every unrevoked unlock ever, less every redemption ever.
    outstanding as (
      select t.reward_id, coalesce(sum(t.unlocks), 0) - coalesce(sum(t.redemptions), 0) as n
        from totals t
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
             'byBusiness', coalesce(pb.rows, '[]'::jsonb))
           order by rw.kind desc, l.sort_order, t.min_points, rw.name), '[]'::jsonb)
      from public.rewards rw
      left join public.locations l on l.id = rw.location_id
      left join public.tiers t on t.name = rw.tier
      left join outstanding o on o.reward_id = rw.id
      left join per_business pb on pb.reward_id = rw.id);
end;
$$;
revoke execute on function app.admin_rewards(text, date, date) from public;
grant execute on function app.admin_rewards(text, date, date) to authenticated;

-- The unattributed redemptions so far into the rollup (the trigger skipped them).
insert into private.daily_rollup as t (day, location_id, kind, reward_id, n)
select private.programme_day(cr.redeemed_at), '', 'redemptions',
       coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
  from public.customer_rewards cr
 where cr.redeemed_at is not null and cr.redeemed_location_id is null
 group by 1, 4
on conflict (day, location_id, kind, reward_id) do update set n = t.n + excluded.n;
