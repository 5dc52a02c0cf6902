-- Who is calling: small helpers over the verified JWT claims (auth.jwt()), in schema private,
-- which the Data API does not expose. Policies and the app functions call these, so the
-- role rules of DESIGN.md §4 have one home. Roles come from app_metadata (users cannot edit
-- it), never from user_metadata.

revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Raises one of the programme's errors: SQLSTATE 'LY' || HTTP status (LY404, LY409, ...),
-- which the api function maps to the same HTTP status. `hint` carries Retry-After seconds.
create function private.fail(p_status text, p_message text, p_hint text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'LY' || p_status, message = p_message, hint = coalesce(p_hint, '');
end;
$$;

create function private.is_anonymous()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
$$;

-- 'admin' or 'staff' for signed-in, non-anonymous users whose app_metadata says so.
create function private.app_role()
returns text
language sql stable
set search_path = ''
as $$
  select case
    when auth.uid() is null or private.is_anonymous() then null
    else auth.jwt() -> 'app_metadata' ->> 'role'
  end
$$;

create function private.is_admin()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(private.app_role() = 'admin', false)
$$;

-- The location a staff member works at (app_metadata.location_id); null for everyone else.
create function private.staff_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() = 'staff' then auth.jwt() -> 'app_metadata' ->> 'location_id' end
$$;

-- Staff of this location, or an admin (who may act at any location).
create function private.is_staff_at(p_location_id text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_admin() or coalesce(private.staff_location_id() = p_location_id, false)
$$;

-- The customer row of the signed-in member. Security definer so that policies on other
-- tables can use it without depending on the customers policies (no recursion).
create function private.current_customer_id()
returns uuid
language sql stable
security definer
set search_path = ''
as $$
  select c.id
    from public.customers c
   where c.user_id = auth.uid()
     and not private.is_anonymous()
$$;

-- Demo mode (local stack only) trusts kiosks that are not enrolled. The api function sets it
-- per transaction from its DEMO_MODE setting; it is off unless set.
create function private.demo_mode()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(current_setting('app.demo_mode', true), '') = 'on'
$$;

create function private.points_per_visit()
returns integer
language sql immutable
set search_path = ''
as $$
  select 5
$$;

create function private.min_visit_interval()
returns interval
language sql stable
security definer
set search_path = ''
as $$
  select s.min_visit_interval from private.settings s where s.id
$$;

-- Only these helpers are callable by the API roles; the settings stay internal.
revoke execute on all functions in schema private from public;
grant execute on function
  private.fail(text, text, text),
  private.is_anonymous(),
  private.app_role(),
  private.is_admin(),
  private.staff_location_id(),
  private.is_staff_at(text),
  private.current_customer_id()
to anon, authenticated, service_role;
