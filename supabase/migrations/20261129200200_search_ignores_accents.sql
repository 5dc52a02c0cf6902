-- Issue 31 §4: the member searches ignore accents and case ("perez" finds "Ana Pérez") at the
-- counter (app.counter_search) and in admin Customers (the list, its count and the export), through
-- unaccent behind an immutable wrapper (private.fold) and a trigram index on it.
create extension if not exists unaccent with schema extensions;

-- A name as the searches compare it: lower case, accents removed ("Ana Pérez" -> "ana perez").
-- unaccent() is only stable (its dictionary could change); naming the dictionary makes this
-- wrapper safe to declare immutable, so the trigram index below can use it (issue 31 §4).
create function private.fold(p_text text)
returns text
language sql immutable parallel safe strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;
revoke execute on function private.fold(text) from public;
grant execute on function private.fold(text) to authenticated;

drop index if exists public.customers_name_trgm_idx;
create index customers_name_fold_trgm_idx on public.customers using gin (private.fold(name) extensions.gin_trgm_ops);

create or replace function app.counter_search(p_query text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_text text := private.fold(btrim(coalesce(p_query, '')));
  v_digits text := regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g');
  v_by_phone boolean;
  v_rows jsonb := '[]'::jsonb;
  v_count integer := 0;
  m record;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.app_role() is null or private.app_role() not in ('staff', 'owner', 'admin') then
    perform private.fail('403', 'Only staff can search members');
  end if;
  -- Digits and phone punctuation only: a phone; anything with a letter: a name.
  v_by_phone := v_text ~ '^[0-9 ()+.-]+$';
  if v_by_phone and length(v_digits) < 3 then
    perform private.fail('400', 'Type at least 3 digits of the phone number');
  end if;
  if not v_by_phone and char_length(v_text) < 2 then
    perform private.fail('400', 'Type at least 2 letters of the name');
  end if;
  for m in
    select c.id, c.name, c.phone, c.total_points,
           case when v_by_phone then position(v_digits in c.phone) <> 2
                else private.fold(c.name) not like v_text || '%' end as starts
      from public.customers c
     where c.forgotten_at is null
       and case when v_by_phone then c.phone like private.like_contains(v_digits)
                else private.fold(c.name) like private.like_contains(v_text) end
     order by starts, lower(c.name), c.id
     limit 11
  loop
    v_count := v_count + 1;
    exit when v_count > 10;
    v_rows := v_rows || jsonb_build_array(jsonb_build_object(
      'lookupId', private.note_sighting(m.id, private.staff_location_id(), 'search'),
      'name', m.name, 'phoneLast4', right(m.phone, 4),
      'totalPoints', m.total_points, 'tier', private.tier_for(m.total_points) ->> 'name'));
  end loop;
  return jsonb_build_object('customers', v_rows, 'more', v_count > 10);
end;
$$;
revoke execute on function app.counter_search(text) from public;
grant execute on function app.counter_search(text) to authenticated;

create or replace function private.admin_customer_search_sql()
returns text
language sql immutable
set search_path = ''
as $$
  select 'c.forgotten_at is null and ($1::text is null or private.fold(c.name) like private.like_contains(private.fold($1))'
         || ' or ($2::text is not null and c.phone like private.like_contains($2)))'
$$;
revoke execute on function private.admin_customer_search_sql() from public;
grant execute on function private.admin_customer_search_sql() to authenticated;

create or replace function private.admin_customer_ids(p_search text, p_location_id text, p_range text,
                                           p_from date, p_to date)
returns table (id uuid)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_search text := nullif(private.fold(btrim(coalesce(p_search, ''))), '');
  v_digits text := regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) < 3 then v_digits := null; end if;
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query
      select c.id from public.customers c
       where c.forgotten_at is null
         and (v_search is null or position(v_search in private.fold(c.name)) > 0
              or (v_digits is not null and position(v_digits in c.phone) > 0))
         and (p_location_id is null or c.signup_location_id = p_location_id
              or c.id in (select v.customer_id from public.visits v
                           where v.location_id = p_location_id and v.status = 'approved'));
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select c.id from public.customers c
     where c.forgotten_at is null
       and (v_search is null or position(v_search in private.fold(c.name)) > 0
            or (v_digits is not null and position(v_digits in c.phone) > 0))
       and ((c.created_at >= r.starts_at and c.created_at < r.ends_at
             and (p_location_id is null or c.signup_location_id = p_location_id))
            -- A rolling range ends now, so the rolled-up last visit answers it without visits.
            or (p_location_id is null and r.ends_at >= now() and c.last_visit_at >= r.starts_at)
            or c.id in (select v.customer_id from public.visits v
                         where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                           and (p_location_id is null or v.location_id = p_location_id)));
end;
$$;
revoke execute on function private.admin_customer_ids(text, text, text, date, date) from public;
grant execute on function private.admin_customer_ids(text, text, text, date, date) to authenticated;
