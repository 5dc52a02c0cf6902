-- Derived tables kept by triggers on visits, customers and customer_rewards so that the
-- dashboard reads at 1M visits without scanning them: the day rollup, sign-up counts, returns,
-- members' first visit per business, their businesses per month, cross-shopping, and each
-- customer's visit count. Each has a rebuild function that recomputes it from the visits (the
-- tests compare both). Approvals append to *_pending tables and private.fold_rollups folds them,
-- so no approval locks a shared counter row. The readers are in 70_admin_reads.sql and
-- 80_coalition.sql.

-- A daily rollup for the admin dashboard at 1M visits: approved visits per day and
-- business, and reward unlocks and redemptions per day, business and reward, kept by triggers
-- in the same transaction as the change, so the chart and the Rewards tab sum a few thousand
-- rows instead of scanning every visit. Days are days in America/Chicago. Derived data: it can
-- be rebuilt from visits and customer_rewards at any time (private.rebuild_daily_rollup).
create table private.daily_rollup (
  day date not null,
  -- '' for a redemption without a business (before counter-confirmed redemption):
  -- every redemption is counted, the unattributed ones under ''.
  location_id text not null,
  kind text not null check (kind in ('visits', 'unlocks', 'redemptions')),
  -- The reward of an unlock or redemption; the nil uuid for visits (part of the key).
  reward_id uuid not null default '00000000-0000-0000-0000-000000000000',
  n integer not null default 0,
  primary key (day, location_id, kind, reward_id)
);
alter table private.daily_rollup enable row level security;
revoke all on private.daily_rollup from anon, authenticated, service_role;

-- Sums of the day rollup by kind and day (the dashboard reads a range's days of one kind).
create index daily_rollup_kind_day_idx on private.daily_rollup (kind, day, location_id);

-- The Locations tab's sign-ups per business (customers who joined there, ever) as a counter
-- per business kept by a trigger on customers: counting them read ~50k index
-- entries a business, with a heap visit for each customer whose row an approval had just
-- updated (points), so the tab cost ~30 ms even for a 7-day range.
create table private.signup_counts (
  location_id text primary key,
  n integer not null
);
alter table private.signup_counts enable row level security;
revoke all on private.signup_counts from anon, authenticated, service_role;

-- Exact distinct members from a small rollup. "Active members" — distinct customers
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
alter table private.visit_returns enable row level security;
revoke all on private.visit_returns from anon, authenticated, service_role;

-- The strip at the end of a range is read by day.
create index visit_returns_by_day_idx on private.visit_returns (scope, day, prev_day);

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
alter table private.visit_returns_pending enable row level security;
revoke all on private.visit_returns_pending from anon, authenticated, service_role;
create index visit_returns_pending_idx on private.visit_returns_pending (scope, prev_day, day);

-- Each member's first approved visit at each business.
create table private.member_first_visits (
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  first_at timestamptz not null,
  primary key (customer_id, location_id)
);
alter table private.member_first_visits enable row level security;
revoke all on private.member_first_visits from anon, authenticated, service_role;
create index member_first_visits_location_first_idx on private.member_first_visits (location_id, first_at);
-- A month's first visits at every business, for the funder's report (92_funder_report.sql).
create index member_first_visits_first_at_idx on private.member_first_visits (first_at);

-- One pass over the member's visits per approval for the dashboard's rollups, and one fold for
-- every pending counter.
--
-- Before: an approval fired two statement triggers on visits (visit returns, 20261123002010_visit_returns.sql;
-- cross-shopping, 20261123002400_cross_shopping_rollup.sql), each reading the member's approved visits again, and two row
-- triggers that upserted shared rows: the day rollup's row for (today, business, 'visits'),
-- locked by every approval at that business until it committed (approvals at one business
-- queued on it), and the member's first visit at the business (an upsert that locks the row
-- even when nothing changes). The two pending tables had a fold each.
--
-- Now:
--   * one statement trigger per operation (private.roll_up_visits). An approval's insert reads
--     the member's last approved visit per business once; from it come the two returns cells,
--     the cross-shopping events before and after, and whether this is the member's first visit
--     at the business (only then is member_first_visits written). Any other statement (a void,
--     a move, a delete, several rows at once, a visit older than the member's latest) recomputes
--     the touched members' chains as before.
--   * the day rollup's deltas are appended too (private.daily_rollup_pending; readers add them
--     to the counters), so no approval or redemption locks a shared row.
--   * one fold (private.fold_rollups) moves every pending table into its counters, one folder
--     at a time, about every 64th statement.
--   * the umbrella rebuild also rebuilds member_first_visits and empties the pending tables.
create table private.daily_rollup_pending (
  day date not null,
  location_id text not null,
  kind text not null check (kind in ('visits', 'unlocks', 'redemptions')),
  reward_id uuid not null,
  n integer not null
);
alter table private.daily_rollup_pending enable row level security;
revoke all on private.daily_rollup_pending from anon, authenticated, service_role;
create index daily_rollup_pending_kind_day_idx on private.daily_rollup_pending (kind, day);

-- The monthly business report at 8 concurrent readers: its "members" and "also shop
-- at" grouped the month's members by the businesses they visited, a scan of the month's visits
-- (~30 ms of CPU each; 8 at once on two cores sat at the 150 ms limit). Now each member's set
-- of businesses per programme month is kept, as stable bits (private.cross_shopping_bits), in
-- private.member_month_masks: an approval writes it only on the member's first visit at the
-- business in the month (one upsert of the member's own row); voids, moves, deletes and
-- multi-row statements recompute the touched members' months (private.shift_member_months).
-- The report reads the month's rows of its business (one index range) instead of the visits.
create table private.member_month_masks (
  customer_id uuid not null,
  month date not null,
  mask bigint not null,
  primary key (customer_id, month)
);
alter table private.member_month_masks enable row level security;
revoke all on private.member_month_masks from anon, authenticated, service_role;
create index member_month_masks_month_idx on private.member_month_masks (month, mask);

-- Cross-shopping for ranges ending today without scanning the range's visits.
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
-- private.shift_visit_returns, 20261123002010_visit_returns.sql): an approval is one index scan of the member's
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
alter table private.cross_shopping_pending enable row level security;
revoke all on private.cross_shopping_pending from anon, authenticated, service_role;
create index cross_shopping_pending_day_idx on private.cross_shopping_pending (day, mask);

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
revoke execute on function private.roll_up_daily_visits() from public;

-- Where a reward was unlocked: its business for a welcome reward, else the unlocking visit's.
create function private.unlock_location(p_welcome_location_id text, p_visit_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(p_welcome_location_id, (select v.location_id from public.visits v where v.id = p_visit_id))
$$;
revoke execute on function private.unlock_location(text, uuid) from public;

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
revoke execute on function private.whole_days(timestamptz, timestamptz) from public;
grant execute on function private.whole_days(timestamptz, timestamptz) to authenticated;

create function private.count_signups()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.signup_location_id is not null then
    update private.signup_counts set n = n - 1 where location_id = old.signup_location_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.signup_location_id is not null then
    insert into private.signup_counts as t (location_id, n) values (new.signup_location_id, 1)
    on conflict (location_id) do update set n = t.n + 1;
  end if;
  return null;
end;
$$;
revoke execute on function private.count_signups() from public;

create function private.rebuild_signup_counts()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.signup_counts where true;
  insert into private.signup_counts (location_id, n)
  select c.signup_location_id, count(*) from public.customers c where c.signup_location_id is not null group by 1;
$$;
revoke execute on function private.rebuild_signup_counts() from public;

-- Sign-ups per business for the Locations tab (admins only).
create function private.signups_by_location()
returns table (location_id text, n bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  return query select s.location_id, s.n::bigint from private.signup_counts s;
end;
$$;
revoke execute on function private.signups_by_location() from public;
grant execute on function private.signups_by_location() to authenticated;

-- The Monday of a day's ISO week ('-infinity' stays).
create function private.week_of(p_day date)
returns date
language sql immutable
set search_path = ''
as $$
  select case when p_day = '-infinity' then p_day else p_day - (extract(isodow from p_day)::integer - 1) end
$$;
revoke execute on function private.week_of(date) from public;

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
revoke execute on function private.shift_visit_returns(uuid[], uuid[], public.visits[]) from public;

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
revoke execute on function private.rebuild_visit_returns() from public;

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
revoke execute on function private.returns_within(text, date, date) from public;

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
  -- Admins, and business owners, whose app function has already narrowed the
  -- figures to their own business.
  if not (private.is_admin() or private.owner_location_id() is not null) then
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
revoke execute on function private.active_members(text, date, date, bigint) from public;
grant execute on function private.active_members(text, date, date, bigint) to authenticated;

-- Appends instead of upserting (plpgsql: its plan is cached per session; a SQL function with
-- an insert is planned at every call).
create function private.bump_rollup(p_at timestamptz, p_location_id text, p_kind text, p_reward_id uuid, p_delta integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_at is not null and p_location_id is not null then
    insert into private.daily_rollup_pending (day, location_id, kind, reward_id, n)
    values (private.programme_day(p_at), p_location_id, p_kind,
            coalesce(p_reward_id, '00000000-0000-0000-0000-000000000000'), p_delta);
  end if;
end;
$$;
revoke execute on function private.bump_rollup(timestamptz, text, text, uuid, integer) from public;

-- Moves every pending delta into its counters. One folder at a time (an advisory lock held to
-- commit), so two never delete the same pending rows; rows appended by transactions still in
-- flight are not visible to the delete and wait for the next fold. Counters are written in key
-- order, the order of every other writer.
create function private.fold_rollups()
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
    delete from private.daily_rollup_pending returning day, location_id, kind, reward_id, n)
  insert into private.daily_rollup as t (day, location_id, kind, reward_id, n)
  select m.day, m.location_id, m.kind, m.reward_id, sum(m.n)::integer from moved m
   group by 1, 2, 3, 4
   order by 1, 2, 3, 4
  on conflict (day, location_id, kind, reward_id) do update set n = t.n + excluded.n;

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

  with moved as (
    delete from private.cross_shopping_pending returning day, mask, n)
  insert into private.cross_shopping_days as t (day, mask, n)
  select m.day, m.mask, sum(m.n)::integer from moved m
   group by 1, 2
   order by 1, 2
  on conflict (day, mask) do update set n = t.n + excluded.n;
end;
$$;
revoke execute on function private.fold_rollups() from public;

create function private.maybe_fold_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if random() < 1.0 / 64 then
    perform private.fold_rollups();
  end if;
end;
$$;
revoke execute on function private.maybe_fold_rollups() from public;

-- The cross-shopping events of some members' states — (member, sign, business, last approved
-- visit there) rows, sign +1 for the state now and −1 for the state before — appended as net
-- (day, mask) deltas (the events are explained in 20261123002400_cross_shopping_rollup.sql).
create function private.append_cross_shopping(p_customers uuid[], p_signs integer[], p_locations text[], p_lasts timestamptz[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The programme's day of each row, with the zone read once (programme_day reads it per row).
  v_zone text := private.programme_time_zone();
begin
  with days as (
    select s.sign, s.customer_id, (s.last_at at time zone v_zone)::date as day, bit_or(1::bigint << b.bit) as flags
      from unnest(p_customers, p_signs, p_locations, p_lasts) as s(customer_id, sign, location_id, last_at)
      join private.cross_shopping_bits b on b.location_id = s.location_id
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
revoke execute on function private.append_cross_shopping(uuid[], integer[], text[], timestamptz[]) from public;

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
revoke execute on function private.assign_cross_shopping_bit() from public;

-- Appends the change of some members' events: p_customers' approved visits now, against the
-- same less the rows p_replaced (ids whose new version is in the table) plus p_before (the rows
-- as they were before the statement).
--
-- As in 20261123002400_cross_shopping_rollup.sql: p_customers' states now against the same less the rows p_replaced plus
-- p_before; the events from private.append_cross_shopping.
create function private.shift_cross_shopping(p_customers uuid[], p_replaced uuid[], p_before public.visits[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customers uuid[];
  v_signs integer[];
  v_locations text[];
  v_lasts timestamptz[];
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
     group by 2, 3)
  select array_agg(s.customer_id), array_agg(s.sign), array_agg(s.location_id), array_agg(s.last_at)
    into v_customers, v_signs, v_locations, v_lasts
    from states s;
  if v_customers is not null then
    perform private.append_cross_shopping(v_customers, v_signs, v_locations, v_lasts);
  end if;
end;
$$;
revoke execute on function private.shift_cross_shopping(uuid[], uuid[], public.visits[]) from public;

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
revoke execute on function private.rebuild_cross_shopping() from public;

-- Redemptions and reward changes append to the day rollup too; fold now and then from there
-- as well, so a day of redemptions without approvals does not leave a long pending list.
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

-- Counts in [p_start, p_end) by (day, location, kind, reward): whole days from the rollup,
-- the edges from the tables. Security definer: the rollup is private; callers are admin
-- functions that have already checked the admin claim.
--
-- As in 20261123001460_daily_rollup.sql, reading the counters and the pending deltas.
create function private.rollup_counts(p_start timestamptz, p_end timestamptz, p_kinds text[])
returns table (day date, location_id text, kind text, reward_id uuid, n bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  w record;
begin
  -- Admins, and business owners, whose app function has already narrowed the
  -- figures to their own business.
  if not (private.is_admin() or private.owner_location_id() is not null) then
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

-- Recomputes some members' months from their approved visits (set, not added: a concurrent
-- approval's row is overwritten with a count that includes it once it has committed).
create function private.shift_member_months(p_customers uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.member_month_masks m
   where m.customer_id = any (p_customers)
     and not exists (select 1 from public.visits v
                      where v.customer_id = m.customer_id and v.status = 'approved'
                        and date_trunc('month', private.programme_day(v.created_at))::date = m.month);
  insert into private.member_month_masks as m (customer_id, month, mask)
  select v.customer_id, date_trunc('month', private.programme_day(v.created_at))::date, bit_or(1::bigint << b.bit)
    from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
   where v.customer_id = any (p_customers) and v.status = 'approved'
   group by 1, 2
   order by 1, 2
  on conflict (customer_id, month) do update set mask = excluded.mask where m.mask <> excluded.mask;
end;
$$;
revoke execute on function private.shift_member_months(uuid[]) from public;

create function private.rebuild_member_month_masks()
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
revoke execute on function private.rebuild_member_month_masks() from public;

-- The statement trigger on visits for every rollup kept per member: visit returns,
-- cross-shopping, and (for inserts) first visits; updates and deletes of first visits stay
-- with their row trigger (20261123002100_admin_reads_at_scale.sql), which no longer fires on insert.
--
-- As in 20261123002500_one_pass_rollups.sql, with the member's months kept too.
create function private.roll_up_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customers uuid[];
  v_rows integer;
  v_new public.visits;
  v_locations text[];
  v_lasts timestamptz[];
  v_later boolean;
  v_here integer;
  v_prev_anywhere timestamptz;
  v_after_locations text[];
  v_after_lasts timestamptz[];
  v_before integer;
  v_after integer;
  v_day date;
  v_zone text;
begin
  if tg_op = 'INSERT' then
    select count(*) into v_rows from new_rows;
    if v_rows = 1 then
      select n.* into v_new from new_rows n;
      if v_new.status <> 'approved' then
        return null;
      end if;
      -- The hot path (an approval): the member's last approved visit at each business before
      -- this one, in one pass over their visits.
      select array_agg(x.location_id), array_agg(x.last_at), coalesce(bool_or(x.later), false), max(x.last_at)
        into v_locations, v_lasts, v_later, v_prev_anywhere
        from (select v.location_id, max(v.created_at) as last_at,
                     bool_or((v.created_at, v.id) > (v_new.created_at, v_new.id)) as later
                from public.visits v
               where v.customer_id = v_new.customer_id and v.status = 'approved' and v.id <> v_new.id
               group by v.location_id) x;
      -- Only when it is the member's latest visit (always, for an approval now).
      if not v_later then
        v_locations := coalesce(v_locations, '{}');
        v_lasts := coalesce(v_lasts, '{}');
        v_here := array_position(v_locations, v_new.location_id);
        -- The programme's days with the zone read once (as private.programme_day).
        v_zone := private.programme_time_zone();
        v_day := (v_new.created_at at time zone v_zone)::date;
        insert into private.visit_returns_pending (scope, prev_day, day, n)
        values ('', coalesce((v_prev_anywhere at time zone v_zone)::date, '-infinity'), v_day, 1),
               (v_new.location_id, coalesce((v_lasts[v_here] at time zone v_zone)::date, '-infinity'), v_day, 1);

        v_after_locations := v_locations;
        v_after_lasts := v_lasts;
        if v_here is null then
          v_after_locations := v_after_locations || v_new.location_id;
          v_after_lasts := v_after_lasts || v_new.created_at;
          -- The first approved visit here.
          insert into private.member_first_visits as f (customer_id, location_id, first_at)
          values (v_new.customer_id, v_new.location_id, v_new.created_at)
          on conflict (customer_id, location_id) do update set first_at = excluded.first_at
           where f.first_at > excluded.first_at;
        else
          v_after_lasts[v_here] := v_new.created_at;
        end if;
        -- The member's businesses this month: written only when this is their first visit here
        -- this month (approvals lock the customer row first, so the last visit read above is current).
        if v_here is null or date_trunc('month', (v_lasts[v_here] at time zone v_zone)::date) <> date_trunc('month', v_day) then
          insert into private.member_month_masks as m (customer_id, month, mask)
          select v_new.customer_id, date_trunc('month', v_day)::date, 1::bigint << b.bit
            from private.cross_shopping_bits b where b.location_id = v_new.location_id
          on conflict (customer_id, month) do update set mask = m.mask | excluded.mask;
        end if;
        v_before := cardinality(v_locations);
        v_after := cardinality(v_after_locations);
        perform private.append_cross_shopping(
          array_fill(v_new.customer_id, array[v_before + v_after]),
          array_fill(-1, array[v_before]) || array_fill(1, array[v_after]),
          v_locations || v_after_locations,
          v_lasts || v_after_lasts);
        perform private.maybe_fold_rollups();
        return null;
      end if;
    end if;
    select array_agg(distinct n.customer_id) into v_customers from new_rows n where n.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n), '{}');
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n), '{}');
      perform private.shift_member_months(v_customers);
      insert into private.member_first_visits as f (customer_id, location_id, first_at)
      select n.customer_id, n.location_id, min(n.created_at)
        from new_rows n
       where n.status = 'approved'
       group by 1, 2
       order by 1, 2
      on conflict (customer_id, location_id) do update set first_at = excluded.first_at
       where f.first_at > excluded.first_at;
    end if;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.customer_id) into v_customers from old_rows o where o.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_cross_shopping(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_member_months(v_customers);
    end if;
  else
    -- Only rows whose status, time, business or customer changed matter.
    select array_agg(distinct x.customer_id) into v_customers
      from old_rows o join new_rows n on n.id = o.id
     cross join lateral (values (o.customer_id), (n.customer_id)) x(customer_id)
     where (o.status = 'approved' or n.status = 'approved')
       and (o.status, o.created_at, o.location_id, o.customer_id) is distinct from (n.status, n.created_at, n.location_id, n.customer_id);
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n),
                                          array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n),
                                           array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_member_months(v_customers);
    end if;
  end if;
  if v_customers is not null then
    perform private.maybe_fold_rollups();
  end if;
  return null;
end;
$$;
revoke execute on function private.roll_up_visits() from public;

-- Rebuilds the rollup from the tables (after a bulk load with the triggers off).
--
-- As in 20261123002500_one_pass_rollups.sql, rebuilding the members' months too.
-- The rebuilds below read a row's programme day as private.programme_day does, with the zone read
-- once per statement ((select private.programme_time_zone())) instead of a function call per row:
-- ten times faster over millions of rows (the bench's 10-million-visit seed).
create function private.rebuild_daily_rollup()
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
revoke execute on function private.rebuild_daily_rollup() from public;

-- Keeps visit_count and last_visit_at equal to the customer's approved visits. An insert adds
-- one; any other change (a void, a corrected time) recounts that customer, which is cheap
-- through visits_customer_location_created_idx.
create function private.roll_up_customer_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'approved' then
      update public.customers c
         set visit_count = c.visit_count + 1,
             last_visit_at = greatest(c.last_visit_at, new.created_at)
       where c.id = new.customer_id;
    end if;
    return null;
  end if;
  update public.customers c
     set (visit_count, last_visit_at) = (
       select count(*), max(v.created_at) from public.visits v
        where v.customer_id = c.id and v.status = 'approved')
   where c.id in (old.customer_id, case when tg_op = 'UPDATE' then new.customer_id end);
  return null;
end;
$$;
revoke execute on function private.roll_up_customer_visits() from public;

-- One member's first approved visit at one business, from the visits (after a void, a delete
-- or a move of the first one). The pair's row is locked first: an approval of the same pair
-- in flight holds that lock (its upsert), so the minimum is read only after it commits and
-- counts its visit; a void racing an approval cannot drop the pair.
create function private.refresh_member_first_visit(p_customer_id uuid, p_location_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_first timestamptz;
begin
  perform 1 from private.member_first_visits f
   where f.customer_id = p_customer_id and f.location_id = p_location_id
     for update;
  select min(v.created_at) into v_first from public.visits v
   where v.customer_id = p_customer_id and v.location_id = p_location_id and v.status = 'approved';
  if v_first is null then
    delete from private.member_first_visits f where f.customer_id = p_customer_id and f.location_id = p_location_id;
  else
    update private.member_first_visits f set first_at = v_first
     where f.customer_id = p_customer_id and f.location_id = p_location_id;
  end if;
end;
$$;
revoke execute on function private.refresh_member_first_visit(uuid, text) from public;

-- An approval costs one upsert (which writes only when the visit is earlier than the known
-- first one); a visit leaving "approved" recomputes its pair only if it was the first.
create function private.roll_up_member_first_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
    if exists (select 1 from private.member_first_visits f
                where f.customer_id = old.customer_id and f.location_id = old.location_id
                  and f.first_at >= old.created_at) then
      perform private.refresh_member_first_visit(old.customer_id, old.location_id);
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'approved' then
    insert into private.member_first_visits as f (customer_id, location_id, first_at)
    values (new.customer_id, new.location_id, new.created_at)
    on conflict (customer_id, location_id) do update set first_at = excluded.first_at
     where f.first_at > excluded.first_at;
  end if;
  return null;
end;
$$;
revoke execute on function private.roll_up_member_first_visits() from public;

create function private.rebuild_member_first_visits()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.member_first_visits where true;
  insert into private.member_first_visits (customer_id, location_id, first_at)
  select v.customer_id, v.location_id, min(v.created_at)
    from public.visits v where v.status = 'approved' group by 1, 2;
$$;
revoke execute on function private.rebuild_member_first_visits() from public;

create trigger visits_roll_up_daily
  after insert or delete or update of status, created_at, location_id on public.visits
  for each row execute function private.roll_up_daily_visits();

create trigger customer_rewards_roll_up_daily
  after insert or delete or update of status, unlocked_at, unlocked_by_visit_id, welcome_location_id, reward_id,
    redeemed_at, redeemed_location_id on public.customer_rewards
  for each row execute function private.roll_up_daily_rewards();

create trigger customers_count_signups
  after insert or delete or update of signup_location_id on public.customers
  for each row execute function private.count_signups();

create trigger visits_roll_up_insert
  after insert on public.visits referencing new table as new_rows
  for each statement execute function private.roll_up_visits();

create trigger visits_roll_up_update
  after update on public.visits referencing old table as old_rows new table as new_rows
  for each statement execute function private.roll_up_visits();

create trigger visits_roll_up_delete
  after delete on public.visits referencing old table as old_rows
  for each statement execute function private.roll_up_visits();

create trigger visits_roll_up_customer
  after insert or delete or update of status, created_at, customer_id on public.visits
  for each row execute function private.roll_up_customer_visits();

create trigger visits_roll_up_member_first_visits
  after delete or update of status, created_at, customer_id, location_id on public.visits
  for each row execute function private.roll_up_member_first_visits();

create trigger locations_assign_cross_shopping_bit
  after insert on public.locations
  for each row execute function private.assign_cross_shopping_bit();
