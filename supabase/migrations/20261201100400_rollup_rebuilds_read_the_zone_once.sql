-- The rollups' rebuilds read each row's programme day with the zone read once per statement, not
-- a function call per row (private.programme_day): ten times faster over millions of rows, which
-- the bench's 10-million-visit seed and a change of the programme's time zone rebuild. The same as
-- supabase/schemas/67_rollups.sql.

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
  select (v.created_at at time zone (select private.programme_time_zone()))::date, v.location_id, 'visits', '00000000-0000-0000-0000-000000000000', count(*)
    from public.visits v where v.status = 'approved' group by 1, 2;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select (cr.unlocked_at at time zone (select private.programme_time_zone()))::date, coalesce(cr.welcome_location_id, v.location_id), 'unlocks',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr left join public.visits v on v.id = cr.unlocked_by_visit_id
   where cr.status <> 'revoked' and cr.unlocked_at is not null and coalesce(cr.welcome_location_id, v.location_id) is not null
   group by 1, 2, 4;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select (cr.redeemed_at at time zone (select private.programme_time_zone()))::date, coalesce(cr.redeemed_location_id, ''), 'redemptions',
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

create or replace function private.rebuild_visit_returns()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.visit_returns_pending where true;
  delete from private.visit_returns where true;
  insert into private.visit_returns (scope, prev_day, day, n)
  select p.scope, p.prev_day, p.day, count(*)
    from (select '' as scope, v.day,
                 coalesce(lag(v.day) over (partition by v.customer_id order by v.created_at, v.id), '-infinity') as prev_day
            from (select x.*, (x.created_at at time zone (select private.programme_time_zone()))::date as day from public.visits x where x.status = 'approved') v
          union all
          select v.location_id, v.day,
                 coalesce(lag(v.day) over (partition by v.customer_id, v.location_id order by v.created_at, v.id), '-infinity')
            from (select x.*, (x.created_at at time zone (select private.programme_time_zone()))::date as day from public.visits x where x.status = 'approved') v) p
   group by 1, 2, 3
   order by 1, 2, 3;
  delete from private.visit_returns_weekly where true;
  insert into private.visit_returns_weekly (scope, prev_week, week, n)
  select r.scope, private.week_of(r.prev_day), private.week_of(r.day), sum(r.n)
    from private.visit_returns r
   group by 1, 2, 3
   order by 1, 2, 3;
$$;

create or replace function private.rebuild_cross_shopping()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.cross_shopping_pending where true;
  delete from private.cross_shopping_days where true;
  insert into private.cross_shopping_days (day, mask, n)
  with days as (
    select l.customer_id, l.day, bit_or(l.flag) as flags
      from (select v.customer_id, (max(v.created_at) at time zone (select private.programme_time_zone()))::date as day, 1::bigint << b.bit as flag
              from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
             where v.status = 'approved'
             group by v.customer_id, v.location_id, b.bit) l
     group by 1, 2),
  events as (
    select d.day, bit_or(d.flags) over w as mask, lead(d.day) over w as lower
      from days d
    window w as (partition by d.customer_id order by d.day desc))
  select x.day, x.mask, sum(x.n)::integer
    from (select e.day, e.mask, 1 as n from events e
          union all
          select e.lower, e.mask, -1 from events e where e.lower is not null) x
   group by 1, 2
  having sum(x.n) <> 0
   order by 1, 2;
$$;

create or replace function private.rebuild_member_month_masks()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.member_month_masks where true;
  insert into private.member_month_masks (customer_id, month, mask)
  select v.customer_id, date_trunc('month', (v.created_at at time zone (select private.programme_time_zone()))::date)::date, bit_or(1::bigint << b.bit)
    from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
   where v.status = 'approved'
   group by 1, 2;
$$;
