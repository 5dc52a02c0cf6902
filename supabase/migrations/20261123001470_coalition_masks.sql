-- Cross-shopping at 1M visits (issue 14): each member's businesses in a range as one bit mask
-- (one pass over the range's visits, grouped by member), then every figure — members per
-- business, per pair, per number of businesses — is read from at most 2^6 masks and their
-- member counts instead of joining a quarter's visits with themselves. Up to 62 businesses.

-- Members with an approved visit in [p_start, p_end), counted by the set of businesses they visited.
create function private.member_masks(p_start timestamptz, p_end timestamptz)
returns table (mask bigint, businesses integer, members bigint)
language sql stable
set search_path = ''
as $$
  select m.mask, bit_count(m.mask::bit(64))::integer, count(*)
    from (select bit_or(1::bigint << b.flag) as mask
            from public.visits v
            join (select l.id, (row_number() over (order by l.sort_order, l.id) - 1)::integer as flag
                    from public.locations l) b on b.id = v.location_id
           where v.status = 'approved' and v.created_at >= p_start and v.created_at < p_end
           group by v.customer_id) m
   group by m.mask
$$;

-- The bit of each business in those masks.
create function private.location_bits()
returns table (id text, business_name text, sort_order integer, flag bigint)
language sql stable
set search_path = ''
as $$
  select l.id, l.business_name, l.sort_order, 1::bigint << (row_number() over (order by l.sort_order, l.id) - 1)::integer
    from public.locations l
$$;

create or replace function app.admin_cross_shopping(p_range text default '30days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return (
    with m as (select * from private.member_masks(r.starts_at, r.ends_at)),
    b as (select * from private.location_bits())
    select jsonb_build_object(
      'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
      'activeMembers', (select coalesce(sum(m.members), 0) from m),
      'multiBusinessMembers', (select coalesce(sum(m.members), 0) from m where m.businesses >= 2),
      'multiBusinessPercent', (select case when coalesce(sum(m.members), 0) = 0 then null
                                           else round(coalesce(sum(m.members) filter (where m.businesses >= 2), 0) * 100.0
                                                      / sum(m.members), 1) end
                                 from m),
      'distribution', (
        select jsonb_agg(jsonb_build_object('businesses', k,
                                            'members', (select coalesce(sum(m.members), 0) from m where m.businesses = k))
                         order by k)
          from generate_series(1, (select count(*)::integer from public.locations)) as k),
      'businesses', (
        select jsonb_agg(jsonb_build_object('locationId', b.id, 'businessName', b.business_name,
                                            'members', (select coalesce(sum(m.members), 0) from m where m.mask & b.flag <> 0))
                         order by b.sort_order, b.id)
          from b),
      'pairs', (
        select jsonb_agg(jsonb_build_object('a', p.a, 'b', p.b, 'members', p.members)
                         order by p.members desc, p.a, p.b)
          from (select x.id as a, y.id as b,
                       (select coalesce(sum(m.members), 0) from m where m.mask & (x.flag | y.flag) = (x.flag | y.flag)) as members
                  from b x join b y on x.id < y.id) p)));
end;
$$;

-- The monthly report's members and "also shop at" from the month's masks; visits from the rollup.
create or replace function app.admin_business_report(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_location public.locations;
  v_bit bigint;
  v_previous_start timestamptz;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into r from private.month_range(p_month);
  select * into v_location from public.locations l where l.id = p_location_id;
  select b.flag into v_bit from private.location_bits() b where b.id = p_location_id;
  v_previous_start := ((r.starts_at at time zone private.programme_time_zone()) - interval '1 month')
                        at time zone private.programme_time_zone();
  return (
    with m as (select * from private.member_masks(r.starts_at, r.ends_at) x where x.mask & v_bit <> 0),
    redemptions as (select * from private.month_redemptions(p_month) x where x.honoured_at = p_location_id),
    members as (select (select coalesce(sum(m.members), 0) from m) as n)
    select jsonb_build_object(
      'locationId', v_location.id, 'businessName', v_location.business_name,
      'month', p_month, 'timeZone', private.programme_time_zone(), 'from', r.starts_at, 'to', r.ends_at,
      'visits', (select coalesce(sum(c.n), 0) from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c
                  where c.location_id = p_location_id),
      'previousMonthVisits', (select coalesce(sum(c.n), 0) from private.rollup_counts(v_previous_start, r.starts_at, array['visits']) c
                               where c.location_id = p_location_id),
      'members', (select n from members),
      'newMembers', (select count(*) from public.customers c
                      where c.signup_location_id = p_location_id and c.created_at >= r.starts_at and c.created_at < r.ends_at),
      'firstVisits', (select count(*) from (
                        select v.customer_id from public.visits v
                         where v.location_id = p_location_id and v.status = 'approved'
                           and v.created_at >= r.starts_at and v.created_at < r.ends_at
                         group by v.customer_id) x
                       -- One index probe a member (a scalar subquery is not turned into a hash anti join
                       -- over every earlier visit at the business).
                       where (select 1 from public.visits p
                               where p.customer_id = x.customer_id and p.location_id = p_location_id
                                 and p.status = 'approved' and p.created_at < r.starts_at
                               limit 1) is null),
      'welcomeRewardsRedeemed', (select count(*) from redemptions x where x.kind = 'welcome'),
      'tierRewardsHonoured', (select count(*) from redemptions x where x.kind = 'tier'),
      'tierRewardsHonouredCents', (select coalesce(sum(x.value_cents), 0) from redemptions x where x.kind = 'tier'),
      'alsoShopAt', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', o.id, 'businessName', o.business_name, 'members', o.members,
                 'percent', case when (select n from members) = 0 then null
                                 else round(o.members * 100.0 / (select n from members), 1) end)
               order by o.members desc, o.sort_order, o.id)
          from (select b.id, b.business_name, b.sort_order,
                       (select coalesce(sum(m.members), 0) from m where m.mask & b.flag <> 0) as members
                  from private.location_bits() b where b.id <> p_location_id) o)));
end;
$$;

-- The Locations tab: visits from the rollup, distinct members from the range's masks.
create or replace function app.admin_locations(p_range text default '7days', p_from date default null, p_to date default null)
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
    with m as (select * from private.member_masks(r.starts_at, r.ends_at)),
    visits as (select c.location_id, sum(c.n) as n
                 from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c group by 1)
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', l.id, 'businessName', l.business_name, 'kind', l.kind, 'icon', l.icon, 'color', l.color,
             'visits', coalesce((select v.n from visits v where v.location_id = l.id), 0),
             'members', (select coalesce(sum(m.members), 0) from m where m.mask & b.flag <> 0),
             'signups', (select count(*) from public.customers c where c.signup_location_id = l.id),
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
      join private.location_bits() b on b.id = l.id);
end;
$$;

revoke execute on function private.member_masks(timestamptz, timestamptz), private.location_bits() from public;
grant execute on function private.member_masks(timestamptz, timestamptz), private.location_bits() to authenticated;
