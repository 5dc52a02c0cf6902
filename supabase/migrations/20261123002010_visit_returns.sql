-- Exact distinct members from a small rollup (issue 14). "Active members" — distinct customers
-- with an approved visit in a range of whole days [A, B) — used to read a quarter's 500k
-- visits and count distinct customers (spilling to disk). Instead, give every approved visit
-- the programme day of the same customer's previous approved visit (prev_day; '-infinity'
-- for the first). A customer's visits in [A, B), in order, are one whose previous visit is
-- before A (or none) followed by ones whose previous visit is in the range; so a customer is
-- active in [A, B) iff exactly one of their visits there has prev_day < A, and
--
--   active(A, B) = visits in [A, B) − #{visits with A <= prev_day and day < B}
--
-- (prev_day <= day always). The second term sums this rollup, keyed by (prev_day, day), over
-- the triangle A <= prev_day <= day < B. The same holds per business with the previous visit
-- at the same business. For all time, the members are the first visits: the rows with
-- prev_day = '-infinity'. A year's triangle is ~60k (prev_day, day) cells, so a weekly copy
-- keyed by (prev_week, week) answers its week-aligned bulk, and only the two strips of at most
-- six days at its edges are read by day (private.returns_within): a few thousand rows.
--
-- Kept by statement triggers on visits that recompute the chains of the customers a statement
-- touched (their visits as they are now, less the chains as they were before): an approval is
-- one index scan of that customer's visits and one upsert of the few (prev_day, day) cells that
-- changed. A void or status change, a moved or deleted visit changes the next visit's previous
-- visit; recomputing the customer's chain handles that exactly, and statements that touch many
-- visits of one customer at once too. Approvals and voids lock the customer row first, so two
-- transactions never recompute one customer's chain from different snapshots.
--
-- An approval does not update the rollups' counters: their cells are shared by every business
-- (the overall chain), and a counter's row lock is held until commit, so concurrent approvals
-- queued on them (−30 % approvals/s at 8 clients). It appends its two cells to
-- private.visit_returns_pending instead (no conflicts), reads add those rows, and every 64th
-- approval or so folds them into the counters (one folder at a time).

create table private.visit_returns (
  -- '' for all businesses, else the business (and the previous visit is the one there).
  scope text not null,
  prev_day date not null,
  day date not null,
  n integer not null,
  primary key (scope, prev_day, day)
);
-- The strip at the end of a range is read by day.
create index visit_returns_by_day_idx on private.visit_returns (scope, day, prev_day);
alter table private.visit_returns enable row level security;
revoke all on private.visit_returns from anon, authenticated, service_role;

-- The same counts by ISO week (Monday) of the previous visit and of the visit.
create table private.visit_returns_weekly (
  scope text not null,
  prev_week date not null,
  week date not null,
  n integer not null,
  primary key (scope, prev_week, week)
);
alter table private.visit_returns_weekly enable row level security;
revoke all on private.visit_returns_weekly from anon, authenticated, service_role;

-- Cells appended by approvals, not yet folded into the two tables above (a few hundred rows).
create table private.visit_returns_pending (
  scope text not null,
  prev_day date not null,
  day date not null,
  n integer not null
);
create index visit_returns_pending_idx on private.visit_returns_pending (scope, prev_day, day);
alter table private.visit_returns_pending enable row level security;
revoke all on private.visit_returns_pending from anon, authenticated, service_role;

-- The Monday of a day's ISO week ('-infinity' stays).
create function private.week_of(p_day date)
returns date
language sql immutable
set search_path = ''
as $$
  select case when p_day = '-infinity' then p_day else p_day - (extract(isodow from p_day)::integer - 1) end
$$;

-- Applies the change of some customers' chains: p_customers' approved visits now, against
-- the same less the rows p_replaced (ids whose new version is in the table) plus p_before
-- (the rows as they were before the statement).
create function private.shift_visit_returns(p_customers uuid[], p_replaced uuid[], p_before public.visits[])
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
  before_rows as (
    select r.id, r.customer_id, r.location_id, r.created_at from now_rows r where r.id <> all (p_replaced)
    union all
    select b.id, b.customer_id, b.location_id, b.created_at
      from unnest(p_before) b
     where b.status = 'approved' and b.customer_id = any (p_customers)),
  chains as (
    select 1 as sign, r.*, private.programme_day(r.created_at) as day from now_rows r
    union all
    select -1, r.*, private.programme_day(r.created_at) from before_rows r),
  pairs as (
    select c.sign, '' as scope, c.day,
           coalesce(lag(c.day) over (partition by c.sign, c.customer_id order by c.created_at, c.id), '-infinity') as prev_day
      from chains c
    union all
    select c.sign, c.location_id, c.day,
           coalesce(lag(c.day) over (partition by c.sign, c.customer_id, c.location_id order by c.created_at, c.id), '-infinity')
      from chains c),
  delta as (
    select p.scope, p.prev_day, p.day, sum(p.sign)::integer as n
      from pairs p
     group by 1, 2, 3
    having sum(p.sign) <> 0),
  daily as (
    insert into private.visit_returns as t (scope, prev_day, day, n)
    -- One lock order for every writer.
    select d.scope, d.prev_day, d.day, d.n from delta d order by 1, 2, 3
    on conflict (scope, prev_day, day) do update set n = t.n + excluded.n)
  insert into private.visit_returns_weekly as t (scope, prev_week, week, n)
  select d.scope, private.week_of(d.prev_day), private.week_of(d.day), sum(d.n)
    from delta d
   group by 1, 2, 3
  having sum(d.n) <> 0
   order by 1, 2, 3
  on conflict (scope, prev_week, week) do update set n = t.n + excluded.n;
end;
$$;

-- Moves the pending cells into the daily and weekly counters. One folder at a time (an
-- advisory lock), so two never delete the same pending rows in different orders.
create function private.fold_visit_returns()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not pg_try_advisory_xact_lock(7602345331) then
    return;
  end if;
  with moved as (
    delete from private.visit_returns_pending returning scope, prev_day, day, n),
  sums as (
    select m.scope, m.prev_day, m.day, sum(m.n)::integer as n from moved m group by 1, 2, 3),
  daily as (
    insert into private.visit_returns as t (scope, prev_day, day, n)
    select x.scope, x.prev_day, x.day, x.n from sums x order by 1, 2, 3
    on conflict (scope, prev_day, day) do update set n = t.n + excluded.n)
  insert into private.visit_returns_weekly as t (scope, prev_week, week, n)
  select x.scope, private.week_of(x.prev_day), private.week_of(x.day), sum(x.n)
    from sums x
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (scope, prev_week, week) do update set n = t.n + excluded.n;
end;
$$;

create function private.roll_up_visit_returns()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customers uuid[];
  v_new public.visits;
  v_rows integer;
  v_prev_anywhere timestamptz;
  v_prev_here timestamptz;
  v_later boolean;
  v_day date;
begin
  if tg_op = 'INSERT' then
    -- The hot path (an approval): one new visit, the customer's latest. Its previous visits
    -- (anywhere, and at its business) come from one pass over the customer's visits, and the
    -- change is +1 in two cells, appended to the pending rows.
    select count(*) into v_rows from new_rows;
    if v_rows = 1 then
      select n.* into v_new from new_rows n;
      if v_new.status <> 'approved' then
        return null;
      end if;
      select max(v.created_at), max(v.created_at) filter (where v.location_id = v_new.location_id),
             coalesce(bool_or((v.created_at, v.id) > (v_new.created_at, v_new.id)), false)
        into v_prev_anywhere, v_prev_here, v_later
        from public.visits v
       where v.customer_id = v_new.customer_id and v.status = 'approved' and v.id <> v_new.id;
      if not v_later then
        v_day := private.programme_day(v_new.created_at);
        insert into private.visit_returns_pending (scope, prev_day, day, n)
        values ('', coalesce(private.programme_day(v_prev_anywhere), '-infinity'), v_day, 1),
               (v_new.location_id, coalesce(private.programme_day(v_prev_here), '-infinity'), v_day, 1);
        if random() < 1.0 / 64 then
          perform private.fold_visit_returns();
        end if;
        return null;
      end if;
    end if;
    select array_agg(distinct n.customer_id) into v_customers from new_rows n where n.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n), '{}');
    end if;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.customer_id) into v_customers from old_rows o where o.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
    end if;
  else
    -- Only rows whose status, time, business or customer changed matter.
    select array_agg(distinct x.customer_id) into v_customers
      from old_rows o join new_rows n on n.id = o.id
     cross join lateral (values (o.customer_id), (n.customer_id)) x(customer_id)
     where (o.status = 'approved' or n.status = 'approved')
       and (o.status, o.created_at, o.location_id, o.customer_id) is distinct from (n.status, n.created_at, n.location_id, n.customer_id);
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n), array(select row(o.*)::public.visits from old_rows o));
    end if;
  end if;
  return null;
end;
$$;

create trigger visits_roll_up_returns_insert
  after insert on public.visits referencing new table as new_rows
  for each statement execute function private.roll_up_visit_returns();
create trigger visits_roll_up_returns_update
  after update on public.visits referencing old table as old_rows new table as new_rows
  for each statement execute function private.roll_up_visit_returns();
create trigger visits_roll_up_returns_delete
  after delete on public.visits referencing old table as old_rows
  for each statement execute function private.roll_up_visit_returns();

-- Rebuilds the rollup from the visits (after a bulk load with the triggers off).
create function private.rebuild_visit_returns()
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
            from (select x.*, private.programme_day(x.created_at) as day from public.visits x where x.status = 'approved') v
          union all
          select v.location_id, v.day,
                 coalesce(lag(v.day) over (partition by v.customer_id, v.location_id order by v.created_at, v.id), '-infinity')
            from (select x.*, private.programme_day(x.created_at) as day from public.visits x where x.status = 'approved') v) p
   group by 1, 2, 3
   order by 1, 2, 3;
  delete from private.visit_returns_weekly where true;
  insert into private.visit_returns_weekly (scope, prev_week, week, n)
  select r.scope, private.week_of(r.prev_day), private.week_of(r.day), sum(r.n)
    from private.visit_returns r
   group by 1, 2, 3
   order by 1, 2, 3;
$$;
select private.rebuild_visit_returns();

-- rebuild_daily_rollup (which tests/bench/seed.sql runs after a bulk load) rebuilds this
-- rollup and the sign-up counts (20261123002005) too. Rewards without a reward (deleted) count under the nil uuid, as the trigger does.
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
$$;

-- #{visits with p_first <= prev_day and day < p_end} at p_scope: the week-aligned bulk from
-- the weekly rollup, the strips before the first whole week and after the last one by day.
create function private.returns_within(p_scope text, p_first date, p_end date)
returns bigint
language plpgsql stable
set search_path = ''
as $$
declare
  v_first_week date := private.week_of(p_first + 6);
  v_end_week date := private.week_of(p_end);
begin
  if v_first_week >= v_end_week then
    return (select coalesce(sum(r.n), 0) from private.visit_returns r
             where r.scope = p_scope and r.prev_day >= p_first and r.prev_day < p_end and r.day < p_end)
         + (select coalesce(sum(r.n), 0) from private.visit_returns_pending r
             where r.scope = p_scope and r.prev_day >= p_first and r.prev_day < p_end and r.day < p_end);
  end if;
  return (select coalesce(sum(r.n), 0) from private.visit_returns_pending r
           where r.scope = p_scope and r.prev_day >= p_first and r.prev_day < p_end and r.day < p_end)
       + (select coalesce(sum(r.n), 0) from private.visit_returns r
           where r.scope = p_scope and r.prev_day >= p_first and r.prev_day < v_first_week and r.day < p_end)
       + (select coalesce(sum(w.n), 0) from private.visit_returns_weekly w
           where w.scope = p_scope and w.prev_week >= v_first_week and w.prev_week < v_end_week and w.week < v_end_week)
       + (select coalesce(sum(r.n), 0) from private.visit_returns r
           where r.scope = p_scope and r.day >= v_end_week and r.day < p_end
             and r.prev_day >= v_first_week and r.prev_day < p_end);
end;
$$;

-- Distinct customers with an approved visit in the whole days [p_first, p_end) — at
-- p_scope, or anywhere for '' — given p_visits, the approved visits there in those days (the
-- callers have summed them from the day rollup already). p_first may be '-infinity' (all
-- time: the first visits). Security definer: the rollups are private; it checks the admin
-- claim itself, like private.rollup_counts.
create function private.active_members(p_scope text, p_first date, p_end date, p_visits bigint)
returns bigint
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  if p_first >= p_end then
    return 0;
  end if;
  if p_first = '-infinity' then
    return (select coalesce(sum(r.n), 0) from private.visit_returns r
             where r.scope = p_scope and r.prev_day = '-infinity' and r.day < p_end)
         + (select coalesce(sum(r.n), 0) from private.visit_returns_pending r
             where r.scope = p_scope and r.prev_day = '-infinity' and r.day < p_end);
  end if;
  return p_visits - private.returns_within(p_scope, p_first, p_end);
end;
$$;

-- Sums of the day rollup by kind and day (the dashboard reads a range's days of one kind).
create index daily_rollup_kind_day_idx on private.daily_rollup (kind, day, location_id);

revoke execute on function
  private.shift_visit_returns(uuid[], uuid[], public.visits[]),
  private.fold_visit_returns(),
  private.roll_up_visit_returns(),
  private.rebuild_visit_returns(),
  private.week_of(date),
  private.returns_within(text, date, date),
  private.active_members(text, date, date, bigint)
from public;
grant execute on function private.active_members(text, date, date, bigint) to authenticated;
