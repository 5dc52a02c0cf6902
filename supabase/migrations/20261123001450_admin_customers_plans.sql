-- The Customers tab at 100k rows: the filters and the sort order are written into one
-- statement (EXECUTE with parameters; the sort column from a fixed list), so the planner sees
-- the real values, drops the filters that are off and walks an index in the page's order
-- instead of sorting every customer.

-- "Most recently active" and "last visit, never-visited last" as index orders.
create index customers_last_active_idx on public.customers ((greatest(created_at, last_visit_at)), id);
drop index public.customers_last_visit_at_idx;
create index customers_last_visit_at_idx on public.customers (last_visit_at desc nulls last, id desc);

-- The where clause of the tab's filters over public.customers c, with $1 search (lower case),
-- $2 phone digits (3 or more), $3 location, $4 range start, $5 range end; the range bounds of
-- 'all' are null. The same text serves the page, the count and the export.
create function private.admin_customer_filter(p_location_id text, p_range text, p_from date, p_to date,
                                              out where_sql text, out starts_at timestamptz, out ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  where_sql := '($1::text is null or position($1 in lower(c.name)) > 0 or ($2::text is not null and position($2 in c.phone) > 0))';
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
set search_path = ''
as $$
declare
  f record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := nullif(regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g'), '');
  v_order text;
  v_result jsonb;
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
    when 'name' then 'c.name %1$s, c.id %1$s'
    when 'points' then 'c.total_points %1$s, c.id %1$s'
    when 'totalVisits' then 'c.visit_count %1$s, c.id %1$s'
    when 'createdAt' then 'c.created_at %1$s, c.id %1$s'
    when 'lastActive' then 'greatest(c.created_at, c.last_visit_at) %1$s, c.id %1$s'
    -- Never visited: first ascending, last descending.
    when 'lastVisit' then 'c.last_visit_at %1$s nulls %2$s, c.id %1$s'
  end;
  if v_order is null then
    perform private.fail('400', 'Unknown sort order');
  end if;
  v_order := format(v_order, p_order, case p_order when 'asc' then 'first' else 'last' end);
  if length(v_digits) < 3 then v_digits := null; end if;
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
set search_path = ''
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

revoke execute on function private.admin_customer_filter(text, text, date, date) from public;
grant execute on function private.admin_customer_filter(text, text, date, date) to authenticated;
