-- The dashboard's metric cards, top locations and Locations tab read from the day rollups
-- (issue 14): with whole-day ranges (20261123002000) visits and redemptions are sums over
-- private.daily_rollup and active members come from private.visit_returns (20261123002010),
-- so no read scans a range's visits. Same contracts and the same exact figures.

-- Day-rollup sums per business and kind over the whole days [p_from, p_end), split at p_split
-- into before and after (a range and its previous period in one pass). Security definer: the
-- rollup is private; it checks the admin claim itself, like private.rollup_counts.
create function private.day_sums(p_from date, p_split date, p_end date, p_kinds text[])
returns table (location_id text, kind text, before bigint, after bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  return query
    select d.location_id, d.kind,
           coalesce(sum(d.n) filter (where d.day < p_split), 0)::bigint,
           coalesce(sum(d.n) filter (where d.day >= p_split), 0)::bigint
      from private.daily_rollup d
     where d.day >= p_from and d.day < p_end and d.kind = any (p_kinds)
     group by 1, 2;
end;
$$;
revoke execute on function private.day_sums(date, date, date, text[]) from public;
grant execute on function private.day_sums(date, date, date, text[]) to authenticated;

-- Dashboard metrics (SPEC §2 four cards) with their growth captions (DESIGN §8):
--   signupsToday  customers who joined today (programme time zone), vs yesterday;
--   totalVisits   approved visits in the range, vs the previous period of equal length;
--   redemptions   rewards redeemed in the range, vs the previous period;
--   activeMembers distinct customers with a visit in the range, vs the previous period.
-- With a location: sign-ups there, visits there, redemptions there, members who visited there.
create or replace function app.admin_metrics(p_location_id text default null, p_range text default '7days',
                                             p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  d record;
  v_zone text := private.programme_time_zone();
  v_today date := (now() at time zone v_zone)::date;
  v_today_start timestamptz := v_today::timestamp at time zone v_zone;
  v_yesterday_start timestamptz := (v_today - 1)::timestamp at time zone v_zone;
  v_today_end timestamptz := (v_today + 1)::timestamp at time zone v_zone;
  v_starts_at timestamptz; v_ends_at timestamptz; v_previous_starts_at timestamptz;
  v_signups bigint; v_signups_before bigint;
  v_visits bigint; v_visits_before bigint;
  v_redemptions bigint; v_redemptions_before bigint;
  v_active bigint; v_active_before bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  v_starts_at := d.first_day::timestamp at time zone v_zone;
  v_ends_at := d.end_day::timestamp at time zone v_zone;
  v_previous_starts_at := d.previous_first_day::timestamp at time zone v_zone;

  select count(*) filter (where c.created_at >= v_today_start),
         count(*) filter (where c.created_at < v_today_start)
    into v_signups, v_signups_before
    from public.customers c
   where c.created_at >= v_yesterday_start and c.created_at < v_today_end
     and (p_location_id is null or c.signup_location_id = p_location_id);

  select coalesce(sum(c.after) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.after) filter (where c.kind = 'redemptions'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'redemptions'), 0)
    into v_visits, v_visits_before, v_redemptions, v_redemptions_before
    from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits', 'redemptions']) c
   where p_location_id is null or c.location_id = p_location_id;

  v_active := private.active_members(coalesce(p_location_id, ''), d.first_day, d.end_day, v_visits);
  v_active_before := private.active_members(coalesce(p_location_id, ''), d.previous_first_day, d.first_day, v_visits_before);

  return jsonb_build_object(
    'signupsToday', v_signups,
    'totalVisits', v_visits,
    'redemptions', v_redemptions,
    'activeMembers', v_active,
    'growth', jsonb_build_object(
      'signupsToday', private.growth(v_signups, v_signups_before, 'yesterday'),
      'totalVisits', private.growth(v_visits, v_visits_before, 'previous_period'),
      'redemptions', private.growth(v_redemptions, v_redemptions_before, 'previous_period'),
      'activeMembers', private.growth(v_active, v_active_before, 'previous_period')),
    'range', jsonb_build_object('from', v_starts_at, 'to', v_ends_at),
    'previousRange', jsonb_build_object('from', v_previous_starts_at, 'to', v_starts_at),
    'today', jsonb_build_object('from', v_today_start, 'to', v_today_end, 'timeZone', v_zone));
end;
$$;

-- Top performing locations: visits in the range per business, with growth against the
-- previous period of equal length; businesses with no visit in the range are left out.
create or replace function app.admin_top_locations(p_range text default '7days', p_from date default null,
                                                   p_to date default null, p_limit integer default 5)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  d record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 50 then
    perform private.fail('400', 'limit is between 1 and 50');
  end if;
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.business_name, 'visits', x.visits, 'previousVisits', x.previous_visits,
             'growth', private.growth(x.visits, x.previous_visits, 'previous_period') -> 'percent',
             'icon', x.icon, 'color', x.color)
           order by x.visits desc, x.sort_order), '[]'::jsonb)
      from (
        select l.id, l.business_name, l.icon, l.color, l.sort_order, c.visits, c.previous_visits
          from public.locations l
          join (select c.location_id, c.after as visits, c.before as previous_visits
                  from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits']) c) c
            on c.location_id = l.id
         where c.visits > 0
         order by c.visits desc, l.sort_order
         limit p_limit
      ) x);
end;
$$;

-- The Locations tab: visits from the day rollup, distinct visiting members from the returns
-- rollup (all time: the members' first visits there), the rest from small tables.
create or replace function app.admin_locations(p_range text default '7days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_first date;
  v_end date;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  v_first := case when r.starts_at = '-infinity' then '-infinity'::date else private.programme_day(r.starts_at) end;
  v_end := case when r.ends_at = 'infinity' then 'infinity'::date else private.programme_day(r.ends_at) end;
  return (
    with visits as (select c.location_id, c.after as n from private.day_sums(v_first, v_first, v_end, array['visits']) c),
    signups as (select * from private.signups_by_location())
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', l.id, 'businessName', l.business_name, 'kind', l.kind, 'icon', l.icon, 'color', l.color,
             'visits', coalesce(v.n, 0),
             'members', private.active_members(l.id, v_first, v_end, coalesce(v.n, 0)),
             'signups', coalesce((select s.n from signups s where s.location_id = l.id), 0),
             'kiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id),
             'enrolledKiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id and k.enrolled_at is not null),
             'enrolmentCodeSetAt', (select e.set_at from private.location_enrolment_codes e where e.location_id = l.id),
             'staff', (select coalesce(jsonb_agg(jsonb_build_object(
                                'userId', u.id, 'phone', right(u.phone, 10), 'lastSignInAt', u.last_sign_in_at)
                              order by u.phone), '[]'::jsonb)
                         from auth.users u
                        where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = l.id))
           order by l.sort_order, l.id), '[]'::jsonb)
      from public.locations l
      left join visits v on v.location_id = l.id);
end;
$$;

alter function app.admin_visit_series(text, text, date, date) set jit = off;
alter function app.admin_activity(integer) set jit = off;
