-- The Customers tab and the coalition report at 100k customers / 1M visits (issues 14 and 15).
--
-- Search: a name part or three or more phone digits anywhere was a scan of every customer
-- (position() cannot use an index). It is now a LIKE '%part%' that pg_trgm's GIN indexes
-- answer (lossy: Postgres rechecks each candidate, so results are exact).
--
-- The tab's reads run as the table owner once require_admin has passed: row level security's
-- per-row filter (user_id = auth.uid() or is_admin()) kept every deep page and every count from
-- an index-only scan (a deep page sorted 50k rows instead of walking an index); the "most
-- recently active" index now covers its expression's columns for the same reason.
--
-- The Rewards tab sums its rollup once per reward and business for all-time figures.
--
-- The business report's "first visits" (members whose first approved visit at the business
-- fell in the month) probed every member's history; a small derived table keeps each member's
-- first approved visit per business (private.member_first_visits), kept by a trigger in the
-- approval's transaction and rebuilt by private.rebuild_member_first_visits().

create extension if not exists pg_trgm with schema extensions;

create index customers_name_trgm_idx on public.customers using gin (lower(name) extensions.gin_trgm_ops);
create index customers_phone_trgm_idx on public.customers using gin (phone extensions.gin_trgm_ops);

-- "Most recently active" deep pages: the index carries the columns its expression reads, so a
-- page far down the list is an index-only scan instead of sorting every customer.
drop index public.customers_last_active_idx;
create index customers_last_active_idx on public.customers ((greatest(created_at, last_visit_at)), id)
  include (created_at, last_visit_at);

-- A LIKE pattern matching p_part anywhere (its %, _ and \ taken literally).
create function private.like_contains(p_part text)
returns text
language sql immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(p_part, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- The search part of the tab's filter over public.customers c: $1 a name part (lower case),
-- $2 phone digits (3 or more); either null when not given.
create function private.admin_customer_search_sql()
returns text
language sql immutable
set search_path = ''
as $$
  select '($1::text is null or lower(c.name) like private.like_contains($1)'
         || ' or ($2::text is not null and c.phone like private.like_contains($2)))'
$$;

-- As in 20261123001450, with the search written as LIKE (same matches as position() > 0).
create or replace function private.admin_customer_filter(p_location_id text, p_range text, p_from date, p_to date,
                                                         out where_sql text, out starts_at timestamptz, out ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  where_sql := private.admin_customer_search_sql();
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    where_sql := where_sql || ' and ($3::text is null or c.signup_location_id = $3 or c.id in (
        select v.customer_id from public.visits v where v.location_id = $3 and v.status = ''approved''))';
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  starts_at := r.starts_at;
  ends_at := r.ends_at;
  where_sql := where_sql || ' and ((c.created_at >= $4 and c.created_at < $5 and ($3::text is null or c.signup_location_id = $3))'
    || case
         -- A rolling range ends now: across all businesses the rolled-up last visit answers it
         -- without reading visits (nothing is approved in the future).
         when r.ends_at >= now() and p_location_id is null then ' or c.last_visit_at >= $4)'
         else ' or c.id in (select v.customer_id from public.visits v
                             where v.status = ''approved'' and v.created_at >= $4 and v.created_at < $5
                               and ($3::text is null or v.location_id = $3)))'
       end;
end;
$$;

create or replace function app.admin_customers(p_search text default null, p_location_id text default null,
                                               p_range text default '7days', p_from date default null,
                                               p_to date default null, p_limit integer default 100,
                                               p_page integer default 1, p_sort text default 'lastActive',
                                               p_order text default 'desc')
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  f record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := nullif(regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g'), '');
  v_order text;
  v_result jsonb;
  v_matches bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  if p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'page is between 1 and 100000');
  end if;
  if p_order is null or p_order not in ('asc', 'desc') then
    perform private.fail('400', 'Unknown sort order');
  end if;
  -- Each order matches an index of public.customers (id breaks ties, in the same direction).
  v_order := case p_sort
    when 'name' then 'c.name%3$s %1$s, c.id %1$s'
    when 'points' then 'c.total_points%4$s %1$s, c.id %1$s'
    when 'totalVisits' then 'c.visit_count%4$s %1$s, c.id %1$s'
    when 'createdAt' then 'c.created_at%5$s %1$s, c.id %1$s'
    when 'lastActive' then 'greatest(c.created_at, c.last_visit_at)%5$s %1$s, c.id %1$s'
    -- Never visited: first ascending, last descending.
    when 'lastVisit' then 'c.last_visit_at%5$s %1$s nulls %2$s, c.id %1$s'
  end;
  if v_order is null then
    perform private.fail('400', 'Unknown sort order');
  end if;
  if length(v_digits) < 3 then v_digits := null; end if;
  -- A search of 3+ characters matching few customers is answered by the trigram indexes, then
  -- its matches sorted: the sort key gets a no-op (|| '', + 0, + 0 s; the same order) so that
  -- the planner cannot walk the sort's index instead, filtering row by row (it prefers that on
  -- a whim of the statistics, and it reads tens of thousands of rows when matches are rare).
  -- A search matching thousands (counted through the same indexes, stopping at 2,000) walks
  -- the index: its matches are dense, and sorting them all would cost more.
  if length(v_search) >= 3 then
    execute format('select count(*) from (select 1 from public.customers c where %s limit 2000) x',
                   private.admin_customer_search_sql())
      into v_matches using v_search, v_digits;
  end if;
  if v_matches < 2000 then
    v_order := format(v_order, p_order, case p_order when 'asc' then 'first' else 'last' end,
                      ' || ''''', ' + 0', ' + interval ''0 s''');
  else
    v_order := format(v_order, p_order, case p_order when 'asc' then 'first' else 'last' end, '', '', '');
  end if;
  select * into f from private.admin_customer_filter(p_location_id, p_range, p_from, p_to);
  execute format(
    'select coalesce(jsonb_agg(jsonb_build_object(
              ''id'', x.id, ''name'', x.name, ''phone'', right(x.phone, 10), ''email'', x.email,
              ''totalPoints'', x.total_points, ''status'', private.tier_for(x.total_points) ->> ''name'',
              ''lastVisit'', x.last_visit_at, ''totalVisits'', x.visit_count, ''createdAt'', x.created_at)
            order by x.n), ''[]''::jsonb)
       from (select c.*, p.n
               from (select c.id, row_number() over () as n
                       from (select c.id from public.customers c where %s order by %s limit $6 offset $7) c) p
               join public.customers c on c.id = p.id) x',
    f.where_sql, v_order)
    into v_result
    using v_search, v_digits, p_location_id, f.starts_at, f.ends_at, p_limit, (p_page - 1)::bigint * p_limit;
  return v_result;
end;
$$;

create or replace function app.admin_customers_count(p_search text default null, p_location_id text default null,
                                                     p_range text default '7days', p_from date default null,
                                                     p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  f record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := nullif(regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g'), '');
  v_total bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if length(v_digits) < 3 then v_digits := null; end if;
  select * into f from private.admin_customer_filter(p_location_id, p_range, p_from, p_to);
  execute format('select count(*) from public.customers c where %s', f.where_sql)
    into v_total
    using v_search, v_digits, p_location_id, f.starts_at, f.ends_at;
  return jsonb_build_object('total', v_total);
end;
$$;

-- Each member's first approved visit at each business.
create table private.member_first_visits (
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  first_at timestamptz not null,
  primary key (customer_id, location_id)
);
create index member_first_visits_location_first_idx on private.member_first_visits (location_id, first_at);
alter table private.member_first_visits enable row level security;
revoke all on private.member_first_visits from anon, authenticated, service_role;

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

create trigger visits_roll_up_member_first_visits
  after insert or delete or update of status, created_at, customer_id, location_id on public.visits
  for each row execute function private.roll_up_member_first_visits();

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
select private.rebuild_member_first_visits();

-- As in 20261123001470, with first visits from private.member_first_visits, the month's
-- redemptions read for this business only (no lookup of where each was earned) and the masks
-- of its own members only.
create or replace function app.admin_business_report(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  r record;
  v_location public.locations;
  v_previous_start timestamptz;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into r from private.month_range(p_month);
  select * into v_location from public.locations l where l.id = p_location_id;
  v_previous_start := ((r.starts_at at time zone private.programme_time_zone()) - interval '1 month')
                        at time zone private.programme_time_zone();
  return (
    -- The business's members in the month by the set of businesses each visited: only they are
    -- grouped (a semi-join on its own visits), not every member active in the month.
    with m as (
      select x.mask, count(*) as members
        from (select bit_or(b.flag) as mask
                from public.visits v
                join private.location_bits() b on b.id = v.location_id
               where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                 and v.customer_id in (select p.customer_id from public.visits p
                                        where p.location_id = p_location_id and p.status = 'approved'
                                          and p.created_at >= r.starts_at and p.created_at < r.ends_at)
               group by v.customer_id) x
       group by x.mask),
    redemptions as (
      select rw.kind, case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0) else 0 end as value_cents
        from public.customer_rewards cr
        join public.rewards rw on rw.id = cr.reward_id
        left join public.tiers t on t.name = rw.tier
       where cr.redeemed_location_id = p_location_id
         and cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at),
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
      'firstVisits', (select count(*) from private.member_first_visits f
                       where f.location_id = p_location_id and f.first_at >= r.starts_at and f.first_at < r.ends_at),
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

-- As in 20261123001440, with the unlocking visit looked up only for a tier reward (COALESCE
-- evaluates its second argument only when the first is null): a month's welcome redemptions,
-- most of them, no longer cost an index probe each. Same rows: visits.id is the primary key.
create or replace function private.month_redemptions(p_month text)
returns table (customer_reward_id uuid, kind text, earned_at text, honoured_at text, value_cents integer)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  select * into r from private.month_range(p_month);
  return query
    select cr.id, rw.kind,
           coalesce(cr.welcome_location_id, (select v.location_id from public.visits v where v.id = cr.unlocked_by_visit_id)),
           cr.redeemed_location_id,
           case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0) else 0 end
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      left join public.tiers t on t.name = rw.tier
     where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
       and cr.redeemed_location_id is not null;
end;
$$;

-- As in 20261123001460, with the all-time sums (the outstanding column, and the whole catalogue
-- for the 'all' range) read from the rollup per reward and business in one pass, instead of
-- twice through rollup_counts' per-day grouping. Runs as the owner (the rollup is private) once
-- require_admin has passed.
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
        from private.daily_rollup d
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

-- Cross-shopping over a year or two groups up to 100k members' masks in one hash table
-- (~12 MB); with the default 4 MB work_mem it spilled to disk in five batches. The monthly
-- report's month (35k members) sits at the edge of the same limit.
alter function app.admin_cross_shopping(text, date, date) set work_mem = '24MB';

revoke execute on function
  private.like_contains(text),
  private.admin_customer_search_sql(),
  private.refresh_member_first_visit(uuid, text),
  private.roll_up_member_first_visits(),
  private.rebuild_member_first_visits()
from public;
grant execute on function private.like_contains(text), private.admin_customer_search_sql() to authenticated;
