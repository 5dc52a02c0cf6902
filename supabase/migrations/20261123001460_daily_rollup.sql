-- A daily rollup for the admin dashboard at 1M visits (issue 14): approved visits per day and
-- business, and reward unlocks and redemptions per day, business and reward, kept by triggers
-- in the same transaction as the change, so the chart and the Rewards tab sum a few thousand
-- rows instead of scanning every visit. Days are days in America/Chicago. Derived data: it can
-- be rebuilt from visits and customer_rewards at any time (private.rebuild_daily_rollup).

create table private.daily_rollup (
  day date not null,
  location_id text not null,
  kind text not null check (kind in ('visits', 'unlocks', 'redemptions')),
  -- The reward of an unlock or redemption; the nil uuid for visits (part of the key).
  reward_id uuid not null default '00000000-0000-0000-0000-000000000000',
  n integer not null default 0,
  primary key (day, location_id, kind, reward_id)
);
alter table private.daily_rollup enable row level security;
revoke all on private.daily_rollup from anon, authenticated, service_role;

create function private.programme_day(p_at timestamptz)
returns date
language sql immutable
set search_path = ''
as $$
  select (p_at at time zone 'America/Chicago')::date
$$;

create function private.bump_rollup(p_at timestamptz, p_location_id text, p_kind text, p_reward_id uuid, p_delta integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.daily_rollup as d (day, location_id, kind, reward_id, n)
  select private.programme_day(p_at), p_location_id, p_kind,
         coalesce(p_reward_id, '00000000-0000-0000-0000-000000000000'), p_delta
   where p_at is not null and p_location_id is not null
  on conflict (day, location_id, kind, reward_id) do update set n = d.n + excluded.n
$$;

create function private.roll_up_daily_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    perform private.bump_rollup(old.created_at, old.location_id, 'visits', null, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    perform private.bump_rollup(new.created_at, new.location_id, 'visits', null, 1);
  end if;
  return null;
end;
$$;

create trigger visits_roll_up_daily
  after insert or delete or update of status, created_at, location_id on public.visits
  for each row execute function private.roll_up_daily_visits();

-- Where a reward was unlocked: its business for a welcome reward, else the unlocking visit's.
create function private.unlock_location(p_welcome_location_id text, p_visit_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(p_welcome_location_id, (select v.location_id from public.visits v where v.id = p_visit_id))
$$;

-- An unlock counts unless revoked; a redemption counts where and when it happened.
create function private.roll_up_daily_rewards()
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
    perform private.bump_rollup(old.redeemed_at, old.redeemed_location_id, 'redemptions', old.reward_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status <> 'revoked' then
      perform private.bump_rollup(new.unlocked_at, private.unlock_location(new.welcome_location_id, new.unlocked_by_visit_id),
                                  'unlocks', new.reward_id, 1);
    end if;
    perform private.bump_rollup(new.redeemed_at, new.redeemed_location_id, 'redemptions', new.reward_id, 1);
  end if;
  return null;
end;
$$;

create trigger customer_rewards_roll_up_daily
  after insert or delete or update of status, unlocked_at, unlocked_by_visit_id, welcome_location_id, reward_id,
    redeemed_at, redeemed_location_id on public.customer_rewards
  for each row execute function private.roll_up_daily_rewards();

-- Rebuilds the rollup from the tables (after a bulk load with the triggers off).
create function private.rebuild_daily_rollup()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.daily_rollup where true;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(v.created_at), v.location_id, 'visits', '00000000-0000-0000-0000-000000000000', count(*)
    from public.visits v where v.status = 'approved' group by 1, 2;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.unlocked_at), coalesce(cr.welcome_location_id, v.location_id), 'unlocks', cr.reward_id, count(*)
    from public.customer_rewards cr left join public.visits v on v.id = cr.unlocked_by_visit_id
   where cr.status <> 'revoked' and cr.reward_id is not null and coalesce(cr.welcome_location_id, v.location_id) is not null
   group by 1, 2, 4;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions', cr.reward_id, count(*)
    from public.customer_rewards cr
   where cr.redeemed_at is not null and cr.redeemed_location_id is not null and cr.reward_id is not null
   group by 1, 2, 4;
$$;
select private.rebuild_daily_rollup();

-- Splits [p_start, p_end) into the whole programme days it covers (first_day..last_day, read
-- from the rollup) and the partial edges [p_start, head_end) and [tail_start, p_end), counted
-- from the tables: a rolling range starts mid-day.
create function private.whole_days(p_start timestamptz, p_end timestamptz,
                                   out first_day date, out last_day date,
                                   out head_end timestamptz, out tail_start timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  v_zone text := private.programme_time_zone();
begin
  if p_start = '-infinity' then
    first_day := '-infinity';
    head_end := p_start;
  else
    first_day := private.programme_day(p_start);
    if first_day::timestamp at time zone v_zone < p_start then
      first_day := first_day + 1;
    end if;
    head_end := least(first_day::timestamp at time zone v_zone, p_end);
  end if;
  if p_end = 'infinity' then
    last_day := 'infinity';
    tail_start := p_end;
  else
    tail_start := greatest(private.programme_day(p_end)::timestamp at time zone v_zone, head_end);
    last_day := private.programme_day(p_end) - 1;
  end if;
  if first_day > last_day then
    head_end := p_end;
    tail_start := p_end;
  end if;
end;
$$;

-- Counts in [p_start, p_end) by (day, location, kind, reward): whole days from the rollup,
-- the edges from the tables. Security definer: the rollup is private; callers are admin
-- functions that have already checked the admin claim.
create function private.rollup_counts(p_start timestamptz, p_end timestamptz, p_kinds text[])
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
      from private.daily_rollup d
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
    select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'redemptions' = any (p_kinds) and cr.reward_id is not null and cr.redeemed_location_id is not null
       and ((cr.redeemed_at >= p_start and cr.redeemed_at < w.head_end) or (cr.redeemed_at >= w.tail_start and cr.redeemed_at < p_end))
     group by 1, 2, 4;
end;
$$;

revoke execute on function
  private.programme_day(timestamptz),
  private.bump_rollup(timestamptz, text, text, uuid, integer),
  private.roll_up_daily_visits(),
  private.unlock_location(text, uuid),
  private.roll_up_daily_rewards(),
  private.rebuild_daily_rollup(),
  private.whole_days(timestamptz, timestamptz),
  private.rollup_counts(timestamptz, timestamptz, text[])
from public;
grant execute on function
  private.programme_day(timestamptz),
  private.whole_days(timestamptz, timestamptz),
  private.rollup_counts(timestamptz, timestamptz, text[])
to authenticated;

-- The Rewards tab, the chart and the Locations tab's visit counts, read from the rollup.
create or replace function app.admin_rewards(p_range text default 'all', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    with counts as (
      select c.reward_id, c.location_id,
             sum(c.n) filter (where c.kind = 'unlocks') as unlocks,
             sum(c.n) filter (where c.kind = 'redemptions') as redemptions
        from private.rollup_counts(r.starts_at, r.ends_at, array['unlocks', 'redemptions']) c
       group by 1, 2),
    -- Unlocked and not used now: every unrevoked unlock ever, less every redemption ever.
    outstanding as (
      select c.reward_id, coalesce(sum(c.n) filter (where c.kind = 'unlocks'), 0)
                          - coalesce(sum(c.n) filter (where c.kind = 'redemptions'), 0) as n
        from private.rollup_counts('-infinity', 'infinity', array['unlocks', 'redemptions']) c
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

create or replace function app.admin_visit_series(p_location_id text default null, p_range text default '7days',
                                                  p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_zone text := private.programme_time_zone();
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return jsonb_build_object(
    'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
    'timeZone', v_zone,
    'locations', (
      select jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name, 'color', l.color)
                       order by l.sort_order, l.id)
        from public.locations l where p_location_id is null or l.id = p_location_id),
    'days', (
      with counts as (
        select c.day, c.location_id, sum(c.n) as n
          from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c
         where p_location_id is null or c.location_id = p_location_id
         group by 1, 2)
      select jsonb_agg(jsonb_build_object(
               'day', to_char(g.day, 'YYYY-MM-DD'),
               'total', coalesce((select sum(c.n) from counts c where c.day = g.day), 0),
               'visits', (select coalesce(jsonb_object_agg(l.id, coalesce(c.n, 0)), '{}'::jsonb)
                            from public.locations l
                            left join counts c on c.day = g.day and c.location_id = l.id
                           where p_location_id is null or l.id = p_location_id))
             order by g.day)
        from generate_series(private.programme_day(r.starts_at),
                             private.programme_day(r.ends_at - interval '1 microsecond'), interval '1 day') as s(d)
        cross join lateral (select s.d::date as day) g));
end;
$$;

-- Heavy read-only aggregates: just-in-time compilation costs more than it saves at this size.
alter function app.admin_locations(text, date, date) set jit = off;
alter function app.admin_cross_shopping(text, date, date) set jit = off;
alter function app.admin_business_report(text, text) set jit = off;
alter function app.admin_settlement(text) set jit = off;
alter function app.admin_customers(text, text, text, date, date, integer, integer, text, text) set jit = off;
alter function app.admin_customers_count(text, text, text, date, date) set jit = off;
