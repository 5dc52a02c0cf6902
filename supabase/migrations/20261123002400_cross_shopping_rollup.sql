-- Cross-shopping for ranges ending today without scanning the range's visits (issue 14).
--
-- For a range of whole days [A, today] a member's set of businesses is the businesses whose
-- LAST approved visit day (programme day) is >= A (nothing is approved after today). Sort a
-- member's distinct last days descending d1 > d2 > ... > dk, with cumulative masks
-- M1 ⊂ M2 ⊂ ... ⊂ Mk (Mi = the businesses whose last day is >= di). At A the member's mask is
-- Mi where d(i+1) < A <= di (none when A > d1). So each member contributes events
-- (Mi, upper = di, lower = d(i+1)), and the members with mask M at A are
--   #{events of M with upper >= A} − #{events of M with lower >= A}
-- (events below i have upper >= A and lower >= A and cancel; event i counts once; events above
-- i count in neither). Kept as one net counter per (day, mask): +1 at (di, Mi), −1 at
-- (d(i+1), Mi); count(M, A) = the sum of n over days >= A: 3 months is a few thousand rows
-- instead of every visit.
--
-- Masks use a stable bit per business (private.cross_shopping_bits), not the dashboard's
-- sort order, so adding or reordering businesses does not invalidate the counters; readers map
-- it to private.location_bits(). A bit is never reused (up to 63 businesses ever; past that,
-- or for a range that does not end today, the read scans the range as before).
--
-- Kept by statement triggers on visits that recompute the events of the members a statement
-- touched from their approved visits now, less the same as they were before (the pattern of
-- private.shift_visit_returns, 20261123002010): an approval is one index scan of the member's
-- visits. Approvals and voids lock the customer row first, so one member's events are never
-- recomputed from two snapshots at once. Like the returns rollup, the deltas are appended to
-- private.cross_shopping_pending (no shared row locks held until commit), readers add them,
-- and about every 64th statement folds them into the counters, one folder at a time.

create table private.cross_shopping_bits (
  location_id text primary key,
  bit integer not null unique check (bit between 0 and 62)
);
alter table private.cross_shopping_bits enable row level security;
revoke all on private.cross_shopping_bits from anon, authenticated, service_role;

create table private.cross_shopping_days (
  day date not null,
  mask bigint not null,
  n integer not null,
  primary key (day, mask)
);
alter table private.cross_shopping_days enable row level security;
revoke all on private.cross_shopping_days from anon, authenticated, service_role;

create table private.cross_shopping_pending (
  day date not null,
  mask bigint not null,
  n integer not null
);
create index cross_shopping_pending_day_idx on private.cross_shopping_pending (day, mask);
alter table private.cross_shopping_pending enable row level security;
revoke all on private.cross_shopping_pending from anon, authenticated, service_role;

-- Every business gets the lowest free bit when it is created (one assigner at a time).
create function private.assign_cross_shopping_bit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(7602345332);
  insert into private.cross_shopping_bits (location_id, bit)
  select new.id, min(g.bit)
    from generate_series(0, 62) as g(bit)
   where not exists (select 1 from private.cross_shopping_bits b where b.bit = g.bit)
  having min(g.bit) is not null
  on conflict (location_id) do nothing;
  return null;
end;
$$;

create trigger locations_assign_cross_shopping_bit
  after insert on public.locations
  for each row execute function private.assign_cross_shopping_bit();

insert into private.cross_shopping_bits (location_id, bit)
select l.id, (row_number() over (order by l.sort_order, l.id) - 1)::integer
  from public.locations l
 order by l.sort_order, l.id
 limit 63;

-- Appends the change of some members' events: p_customers' approved visits now, against the
-- same less the rows p_replaced (ids whose new version is in the table) plus p_before (the rows
-- as they were before the statement).
create function private.shift_cross_shopping(p_customers uuid[], p_replaced uuid[], p_before public.visits[])
returns void
-- plpgsql, not sql: its plan is cached per session instead of planned at every approval.
language plpgsql
security definer
set search_path = ''
as $$
begin
  with now_rows as (
    select v.id, v.customer_id, v.location_id, v.created_at
      from public.visits v
     where v.customer_id = any (p_customers) and v.status = 'approved'),
  states as (
    select 1 as sign, r.customer_id, r.location_id, max(r.created_at) as last_at
      from now_rows r group by 2, 3
    union all
    select -1, x.customer_id, x.location_id, max(x.created_at)
      from (select r.customer_id, r.location_id, r.created_at from now_rows r where r.id <> all (p_replaced)
            union all
            select b.customer_id, b.location_id, b.created_at
              from unnest(p_before) b
             where b.status = 'approved' and b.customer_id = any (p_customers)) x
     group by 2, 3),
  days as (
    select s.sign, s.customer_id, private.programme_day(s.last_at) as day, bit_or(1::bigint << b.bit) as flags
      from states s join private.cross_shopping_bits b on b.location_id = s.location_id
     group by 1, 2, 3),
  events as (
    select d.sign, d.day, bit_or(d.flags) over w as mask, lead(d.day) over w as lower
      from days d
    window w as (partition by d.sign, d.customer_id order by d.day desc)),
  delta as (
    select x.day, x.mask, sum(x.n)::integer as n
      from (select e.day, e.mask, e.sign as n from events e
            union all
            select e.lower, e.mask, -e.sign from events e where e.lower is not null) x
     group by 1, 2
    having sum(x.n) <> 0)
  insert into private.cross_shopping_pending (day, mask, n)
  select d.day, d.mask, d.n from delta d;
end;
$$;

-- Moves the pending deltas into the counters. One folder at a time (an advisory lock), so two
-- never delete the same pending rows in different orders.
create function private.fold_cross_shopping()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not pg_try_advisory_xact_lock(7602345333) then
    return;
  end if;
  with moved as (
    delete from private.cross_shopping_pending returning day, mask, n)
  insert into private.cross_shopping_days as t (day, mask, n)
  select m.day, m.mask, sum(m.n)::integer from moved m
   group by 1, 2
   order by 1, 2
  on conflict (day, mask) do update set n = t.n + excluded.n;
end;
$$;

create function private.roll_up_cross_shopping()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customers uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.customer_id) into v_customers from new_rows n where n.status = 'approved';
    if v_customers is not null then
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n), '{}');
    end if;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.customer_id) into v_customers from old_rows o where o.status = 'approved';
    if v_customers is not null then
      perform private.shift_cross_shopping(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
    end if;
  else
    -- Only rows whose status, time, business or customer changed matter.
    select array_agg(distinct x.customer_id) into v_customers
      from old_rows o join new_rows n on n.id = o.id
     cross join lateral (values (o.customer_id), (n.customer_id)) x(customer_id)
     where (o.status = 'approved' or n.status = 'approved')
       and (o.status, o.created_at, o.location_id, o.customer_id) is distinct from (n.status, n.created_at, n.location_id, n.customer_id);
    if v_customers is not null then
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n),
                                           array(select row(o.*)::public.visits from old_rows o));
    end if;
  end if;
  if v_customers is not null and random() < 1.0 / 64 then
    perform private.fold_cross_shopping();
  end if;
  return null;
end;
$$;

create trigger visits_roll_up_cross_shopping_insert
  after insert on public.visits referencing new table as new_rows
  for each statement execute function private.roll_up_cross_shopping();
create trigger visits_roll_up_cross_shopping_update
  after update on public.visits referencing old table as old_rows new table as new_rows
  for each statement execute function private.roll_up_cross_shopping();
create trigger visits_roll_up_cross_shopping_delete
  after delete on public.visits referencing old table as old_rows
  for each statement execute function private.roll_up_cross_shopping();

-- Rebuilds the counters from the visits (after a bulk load with the triggers off).
create function private.rebuild_cross_shopping()
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
      from (select v.customer_id, private.programme_day(max(v.created_at)) as day, 1::bigint << b.bit as flag
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
select private.rebuild_cross_shopping();

-- The umbrella rebuild (tests/bench/seed.sql runs it after a bulk load) rebuilds these counters too.
create or replace function private.rebuild_daily_rollup()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
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
  select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr
   where cr.redeemed_at is not null and cr.redeemed_location_id is not null
   group by 1, 2, 4;
  select private.rebuild_visit_returns();
  select private.rebuild_signup_counts();
  select private.rebuild_cross_shopping();
$$;

-- Members active in the whole days [p_first, p_end) by their set of businesses, as
-- private.member_masks (bits of private.location_bits()): from the counters when the range
-- ends today (and no approved visit is later), else by scanning the range's visits. Security
-- definer: the counters are private; it checks the admin claim itself.
create function private.cross_shopping_masks(p_first date, p_end date)
returns table (mask bigint, businesses integer, members bigint)
language plpgsql stable
security definer
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  v_zone text := private.programme_time_zone();
  v_end_at timestamptz := p_end::timestamp at time zone v_zone;
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  if p_end <> (now() at time zone v_zone)::date + 1
     or exists (select 1 from public.locations l
                 where not exists (select 1 from private.cross_shopping_bits b where b.location_id = l.id))
     -- The latest approved visit, read down the time index: `exists (... created_at >= $1)`
     -- became a seq scan of every visit once plpgsql switched to a generic plan.
     or (select v.created_at from public.visits v where v.status = 'approved'
          order by v.created_at desc limit 1) >= v_end_at then
    return query select * from private.member_masks(p_first::timestamp at time zone v_zone, v_end_at);
    return;
  end if;
  return query
    with counted as (
      select c.mask, sum(c.n)::bigint as members
        from (select d.mask, d.n from private.cross_shopping_days d where d.day >= p_first
              union all
              select p.mask, p.n from private.cross_shopping_pending p where p.day >= p_first) c
       group by 1
      having sum(c.n) <> 0),
    flags as (
      select b.bit, l.flag from private.cross_shopping_bits b join private.location_bits() l on l.id = b.location_id)
    select t.mask, bit_count(t.mask::bit(64))::integer, sum(c.members)::bigint
      from counted c
     cross join lateral (select coalesce(bit_or(f.flag), 0) as mask from flags f
                          where c.mask & (1::bigint << f.bit) <> 0) t
     group by t.mask;
end;
$$;

-- As in 20261123001470 (work_mem from 20261123002100), with the masks from
-- private.cross_shopping_masks: the counters for ranges ending today, the scan otherwise.
create or replace function app.admin_cross_shopping(p_range text default '30days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  d record;
  v_zone text := private.programme_time_zone();
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  return (
    with m as (select * from private.cross_shopping_masks(d.first_day, d.end_day)),
    b as (select * from private.location_bits())
    select jsonb_build_object(
      'range', jsonb_build_object('from', d.first_day::timestamp at time zone v_zone, 'to', d.end_day::timestamp at time zone v_zone),
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

revoke execute on function
  private.assign_cross_shopping_bit(),
  private.shift_cross_shopping(uuid[], uuid[], public.visits[]),
  private.fold_cross_shopping(),
  private.roll_up_cross_shopping(),
  private.rebuild_cross_shopping(),
  private.cross_shopping_masks(date, date)
from public;
grant execute on function private.cross_shopping_masks(date, date) to authenticated;
