-- One pass over the member's visits per approval for the dashboard's rollups, and one fold for
-- every pending counter (issue 15).
--
-- Before: an approval fired two statement triggers on visits (visit returns, 20261123002010;
-- cross-shopping, 20261123002400), each reading the member's approved visits again, and two row
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
create index daily_rollup_pending_kind_day_idx on private.daily_rollup_pending (kind, day);
alter table private.daily_rollup_pending enable row level security;
revoke all on private.daily_rollup_pending from anon, authenticated, service_role;

-- Appends instead of upserting (plpgsql: its plan is cached per session; a SQL function with
-- an insert is planned at every call).
create or replace function private.bump_rollup(p_at timestamptz, p_location_id text, p_kind text, p_reward_id uuid, p_delta integer)
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

-- The cross-shopping events of some members' states — (member, sign, business, last approved
-- visit there) rows, sign +1 for the state now and −1 for the state before — appended as net
-- (day, mask) deltas (the events are explained in 20261123002400).
create function private.append_cross_shopping(p_customers uuid[], p_signs integer[], p_locations text[], p_lasts timestamptz[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with days as (
    select s.sign, s.customer_id, private.programme_day(s.last_at) as day, bit_or(1::bigint << b.bit) as flags
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

-- As in 20261123002400: p_customers' states now against the same less the rows p_replaced plus
-- p_before; the events from private.append_cross_shopping.
create or replace function private.shift_cross_shopping(p_customers uuid[], p_replaced uuid[], p_before public.visits[])
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

-- The statement trigger on visits for every rollup kept per member: visit returns,
-- cross-shopping, and (for inserts) first visits; updates and deletes of first visits stay
-- with their row trigger (20261123002100), which no longer fires on insert.
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
        v_day := private.programme_day(v_new.created_at);
        insert into private.visit_returns_pending (scope, prev_day, day, n)
        values ('', coalesce(private.programme_day(v_prev_anywhere), '-infinity'), v_day, 1),
               (v_new.location_id, coalesce(private.programme_day(v_lasts[v_here]), '-infinity'), v_day, 1);

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
    end if;
  end if;
  if v_customers is not null then
    perform private.maybe_fold_rollups();
  end if;
  return null;
end;
$$;

drop trigger visits_roll_up_returns_insert on public.visits;
drop trigger visits_roll_up_returns_update on public.visits;
drop trigger visits_roll_up_returns_delete on public.visits;
drop trigger visits_roll_up_cross_shopping_insert on public.visits;
drop trigger visits_roll_up_cross_shopping_update on public.visits;
drop trigger visits_roll_up_cross_shopping_delete on public.visits;
drop function private.roll_up_visit_returns();
drop function private.roll_up_cross_shopping();
drop function private.fold_visit_returns();
drop function private.fold_cross_shopping();

create trigger visits_roll_up_insert
  after insert on public.visits referencing new table as new_rows
  for each statement execute function private.roll_up_visits();
create trigger visits_roll_up_update
  after update on public.visits referencing old table as old_rows new table as new_rows
  for each statement execute function private.roll_up_visits();
create trigger visits_roll_up_delete
  after delete on public.visits referencing old table as old_rows
  for each statement execute function private.roll_up_visits();

drop trigger visits_roll_up_member_first_visits on public.visits;
create trigger visits_roll_up_member_first_visits
  after delete or update of status, created_at, customer_id, location_id on public.visits
  for each row execute function private.roll_up_member_first_visits();

-- Redemptions and reward changes append to the day rollup too; fold now and then from there
-- as well, so a day of redemptions without approvals does not leave a long pending list.
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
    perform private.bump_rollup(old.redeemed_at, old.redeemed_location_id, 'redemptions', old.reward_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status <> 'revoked' then
      perform private.bump_rollup(new.unlocked_at, private.unlock_location(new.welcome_location_id, new.unlocked_by_visit_id),
                                  'unlocks', new.reward_id, 1);
    end if;
    perform private.bump_rollup(new.redeemed_at, new.redeemed_location_id, 'redemptions', new.reward_id, 1);
  end if;
  if tg_op <> 'INSERT' then
    perform private.maybe_fold_rollups();
  end if;
  return null;
end;
$$;

-- Readers of the day rollup read the counters and the pending deltas (as in 20261123002020).
create or replace function private.day_sums(p_from date, p_split date, p_end date, p_kinds text[])
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
      from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
     where d.day >= p_from and d.day < p_end and d.kind = any (p_kinds)
     group by 1, 2;
end;
$$;

-- As in 20261123001460, reading the counters and the pending deltas.
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
    select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'redemptions' = any (p_kinds) and cr.reward_id is not null and cr.redeemed_location_id is not null
       and ((cr.redeemed_at >= p_start and cr.redeemed_at < w.head_end) or (cr.redeemed_at >= w.tail_start and cr.redeemed_at < p_end))
     group by 1, 2, 4;
end;
$$;

-- As in 20261123002100, reading the counters and the pending deltas.
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

-- The umbrella rebuild (tests/bench/seed.sql runs it after a bulk load): every derived table,
-- member_first_visits included, and no pending delta left over.
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
  select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr
   where cr.redeemed_at is not null and cr.redeemed_location_id is not null
   group by 1, 2, 4;
  select private.rebuild_visit_returns();
  select private.rebuild_signup_counts();
  select private.rebuild_cross_shopping();
  select private.rebuild_member_first_visits();
$$;

revoke execute on function
  private.bump_rollup(timestamptz, text, text, uuid, integer),
  private.fold_rollups(),
  private.maybe_fold_rollups(),
  private.append_cross_shopping(uuid[], integer[], text[], timestamptz[]),
  private.shift_cross_shopping(uuid[], uuid[], public.visits[]),
  private.roll_up_visits(),
  private.roll_up_daily_rewards(),
  private.rebuild_daily_rollup()
from public;
