-- Reads behind the admin dashboard (SPEC §2; DESIGN §8). Security invoker, so RLS decides what
-- each caller sees; they also check the admin claim and raise LY403, so a non-admin gets a
-- refusal rather than an empty dashboard. Voided visits do not count.

-- A dashboard date range (SPEC §9: 7days, 30days, 3months, custom) as [starts_at, ends_at),
-- and the start of the equally long period just before it, which growth figures compare to.
-- Rolling ranges end now; a custom range runs from the start of `from` to the end of `to`,
-- both days in the programme's time zone.
create function private.dashboard_range(p_range text, p_from date default null, p_to date default null)
returns table (starts_at timestamptz, ends_at timestamptz, previous_starts_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  v_zone text := private.programme_time_zone();
  v_start timestamptz;
  v_end timestamptz := now();
begin
  case coalesce(p_range, '7days')
    when '7days' then v_start := v_end - interval '7 days';
    when '30days' then v_start := v_end - interval '30 days';
    when '3months' then v_start := v_end - interval '3 months';
    when 'custom' then
      if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 731
         or p_from < date '2000-01-01' or p_to > date '2100-12-31' then
        perform private.fail('400', 'A custom range needs from <= to, at most two years apart');
      end if;
      v_start := p_from::timestamp at time zone v_zone;
      v_end := (p_to + 1)::timestamp at time zone v_zone;
    else
      perform private.fail('400', 'Unknown date range');
  end case;
  if p_range is distinct from 'custom' and (p_from is not null or p_to is not null) then
    perform private.fail('400', 'from and to belong to a custom range');
  end if;
  return query select v_start, v_end, v_start - (v_end - v_start);
end;
$$;

-- Growth of a figure against its comparison period: whole percent, null when there was nothing before.
create function private.growth(p_current bigint, p_previous bigint, p_period text)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'previous', p_previous,
    'percent', case when p_previous = 0 then null else round((p_current - p_previous) * 100.0 / p_previous)::integer end,
    'period', p_period)
$$;

-- Dashboard metrics (SPEC §2 four cards) with their growth captions (DESIGN §8):
--   signupsToday  customers who joined today (programme time zone), vs yesterday;
--   totalVisits   approved visits in the range, vs the previous period of equal length;
--   redemptions   rewards redeemed in the range, vs the previous period;
--   activeMembers distinct customers with a visit in the range, vs the previous period.
-- With a location: sign-ups there, visits there, redemptions there.
create function app.admin_metrics(p_location_id text default null, p_range text default '7days',
                                  p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_zone text := private.programme_time_zone();
  v_today_start timestamptz := ((now() at time zone v_zone)::date)::timestamp at time zone v_zone;
  v_yesterday_start timestamptz := ((now() at time zone v_zone)::date - 1)::timestamp at time zone v_zone;
  v_today_end timestamptz := ((now() at time zone v_zone)::date + 1)::timestamp at time zone v_zone;
  v_signups bigint; v_signups_before bigint;
  v_visits bigint; v_visits_before bigint;
  v_redemptions bigint; v_redemptions_before bigint;
  v_active bigint; v_active_before bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);

  select count(*) filter (where c.created_at >= v_today_start),
         count(*) filter (where c.created_at < v_today_start)
    into v_signups, v_signups_before
    from public.customers c
   where c.created_at >= v_yesterday_start and c.created_at < v_today_end
     and (p_location_id is null or c.signup_location_id = p_location_id);

  select count(*) filter (where v.created_at >= r.starts_at),
         count(*) filter (where v.created_at < r.starts_at),
         count(distinct v.customer_id) filter (where v.created_at >= r.starts_at),
         count(distinct v.customer_id) filter (where v.created_at < r.starts_at)
    into v_visits, v_visits_before, v_active, v_active_before
    from public.visits v
   where v.created_at >= r.previous_starts_at and v.created_at < r.ends_at and v.status = 'approved'
     and (p_location_id is null or v.location_id = p_location_id);

  select count(*) filter (where cr.redeemed_at >= r.starts_at),
         count(*) filter (where cr.redeemed_at < r.starts_at)
    into v_redemptions, v_redemptions_before
    from public.customer_rewards cr
   where cr.redeemed_at >= r.previous_starts_at and cr.redeemed_at < r.ends_at
     and (p_location_id is null or cr.redeemed_location_id = p_location_id);

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
    'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
    'previousRange', jsonb_build_object('from', r.previous_starts_at, 'to', r.starts_at),
    'today', jsonb_build_object('from', v_today_start, 'to', v_today_end, 'timeZone', v_zone));
end;
$$;

-- The latest approved visits anywhere (dashboard Recent Activity), newest first.
create function app.admin_activity(p_limit integer default 20)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'customerName', c.name,
                                                 'locationId', l.id, 'locationName', l.business_name,
                                                 'createdAt', v.created_at, 'points', v.points)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi where vi.status = 'approved' order by vi.created_at desc, vi.id limit p_limit) v
      join public.customers c on c.id = v.customer_id
      join public.locations l on l.id = v.location_id);
end;
$$;

-- Customers active in the range — joined in it, or visited in it (at the location, when
-- given: joined there or visited there) — matching the search (a part of the name, any
-- case, or a run of at least 3 phone digits). Points, status, last visit and total visits
-- are the customer's figures across all businesses. Most recently active first.
create function app.admin_customers(p_search text default null, p_location_id text default null,
                                    p_range text default '7days', p_from date default null,
                                    p_to date default null, p_limit integer default 100)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_digits text := regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g');
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.name, 'phone', right(x.phone, 10), 'email', x.email,
             'totalPoints', x.total_points, 'status', private.tier_for(x.total_points) ->> 'name',
             'lastVisit', x.last_visit, 'totalVisits', x.total_visits, 'createdAt', x.created_at)
           order by x.last_active desc, x.id), '[]'::jsonb)
      from (
        select c.*, s.last_visit, s.total_visits, greatest(c.created_at, s.last_visit) as last_active
          from public.customers c
          cross join lateral (
            select max(v.created_at) as last_visit, count(*) as total_visits
              from public.visits v where v.customer_id = c.id and v.status = 'approved'
          ) s
         where (v_search is null
                or position(lower(v_search) in lower(c.name)) > 0
                or (length(v_digits) >= 3 and position(v_digits in c.phone) > 0))
           and (
             (c.created_at >= r.starts_at and c.created_at < r.ends_at
              and (p_location_id is null or c.signup_location_id = p_location_id))
             or exists (select 1 from public.visits v
                         where v.customer_id = c.id and v.status = 'approved'
                           and v.created_at >= r.starts_at and v.created_at < r.ends_at
                           and (p_location_id is null or v.location_id = p_location_id)))
         order by last_active desc, c.id
         limit p_limit
      ) x);
end;
$$;

-- Top performing locations: visits in the range per business, with growth against the
-- previous period of equal length; businesses with no visit in the range are left out.
create function app.admin_top_locations(p_range text default '7days', p_from date default null,
                                        p_to date default null, p_limit integer default 5)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 50 then
    perform private.fail('400', 'limit is between 1 and 50');
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.business_name, 'visits', x.visits, 'previousVisits', x.previous_visits,
             'growth', private.growth(x.visits, x.previous_visits, 'previous_period') -> 'percent',
             'icon', x.icon, 'color', x.color)
           order by x.visits desc, x.sort_order), '[]'::jsonb)
      from (
        select l.id, l.business_name, l.icon, l.color, l.sort_order,
               count(*) filter (where v.created_at >= r.starts_at) as visits,
               count(*) filter (where v.created_at < r.starts_at) as previous_visits
          from public.locations l
          join public.visits v on v.location_id = l.id
         where v.created_at >= r.previous_starts_at and v.created_at < r.ends_at and v.status = 'approved'
         group by l.id
        having count(*) filter (where v.created_at >= r.starts_at) > 0
         order by visits desc, l.sort_order
         limit p_limit
      ) x);
end;
$$;

revoke execute on function
  private.dashboard_range(text, date, date),
  private.growth(bigint, bigint, text),
  app.admin_metrics(text, text, date, date),
  app.admin_activity(integer),
  app.admin_customers(text, text, text, date, date, integer),
  app.admin_top_locations(text, date, date, integer)
from public;
grant execute on function
  private.dashboard_range(text, date, date),
  private.growth(bigint, bigint, text),
  app.admin_metrics(text, text, date, date),
  app.admin_activity(integer),
  app.admin_customers(text, text, text, date, date, integer),
  app.admin_top_locations(text, date, date, integer)
to authenticated;
