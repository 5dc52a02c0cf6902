-- Who is calling: small helpers over the verified JWT claims (auth.jwt()), in schema private,
-- which the Data API does not expose. Policies and the app functions call these, so the role
-- rules of docs/ROLES-AND-PRIVACY.md have one home. Roles come from app_metadata (users cannot edit it),
-- never from user_metadata. Also the shared refusals (private.fail: SQLSTATE 'LY' || HTTP
-- status, which the api function maps to the same status).

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
revoke execute on function private.fail from public;
grant execute on function private.fail(text, text, text) to anon, authenticated, service_role;

create function private.is_anonymous()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
$$;
revoke execute on function private.is_anonymous from public;
grant execute on function private.is_anonymous() to anon, authenticated, service_role;

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
revoke execute on function private.app_role from public;
grant execute on function private.app_role() to anon, authenticated, service_role;

create function private.is_admin()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(private.app_role() = 'admin', false)
$$;
revoke execute on function private.is_admin from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Whether a session still exists. A signed-out or removed person's token keeps a valid signature
-- until it expires (up to an hour); GoTrue deletes its auth.sessions row, so a token naming a
-- missing session is dead. Tokens without a session (none that Auth issues to a person) pass.
-- The api's door (private.require_session) and the Storage policies both ask this.
create function private.session_live(p_session_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_session_id is null or exists (select 1 from auth.sessions s where s.id = p_session_id)
$$;
revoke execute on function private.session_live(uuid) from public;
grant execute on function private.session_live(uuid) to anon, authenticated, service_role;

-- The caller's own session (the token's session_id claim) is live: for policies, which see only
-- the claims (Storage checks a token's signature, never its session).
create function private.caller_session_live()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.session_live(nullif(auth.jwt() ->> 'session_id', '')::uuid)
$$;
revoke execute on function private.caller_session_live() from public;
grant execute on function private.caller_session_live() to anon, authenticated, service_role;

-- The business a person serves at the counter (app_metadata.location_id): a staff member's, or
-- an owner's own (the owner of a one-person shop serves at their own counter, as its clerk);
-- null for everyone else.
create function private.staff_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() in ('staff', 'owner') then auth.jwt() -> 'app_metadata' ->> 'location_id' end
$$;
revoke execute on function private.staff_location_id from public;
grant execute on function private.staff_location_id() to anon, authenticated, service_role;

-- Staff of this location, or an admin (who may act at any location).
create function private.is_staff_at(p_location_id text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_admin() or coalesce(private.staff_location_id() = p_location_id, false)
$$;
revoke execute on function private.is_staff_at from public;
grant execute on function private.is_staff_at(text) to anon, authenticated, service_role;

-- A business owner is an Auth user whose app_metadata says
-- {"role": "owner", "location_id": ...}: they read their one business's figures, report,
-- settlement line, staff and kiosks, and nothing of another business. Null for everyone else.
create function private.owner_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() = 'owner' then auth.jwt() -> 'app_metadata' ->> 'location_id' end
$$;
revoke execute on function private.owner_location_id from public;
grant execute on function private.owner_location_id() to anon, authenticated, service_role;

-- The owner of this business, or an admin (who sees every business).
create function private.is_owner_of(p_location_id text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_admin() or coalesce(private.owner_location_id() = p_location_id, false)
$$;
revoke execute on function private.is_owner_of from public;
grant execute on function private.is_owner_of(text) to anon, authenticated, service_role;

-- Refuses all but an admin and the owner of p_location_id: 401 signed out, 403 for
-- anyone else; an owner asking for another business, or for every business (null), gets 403.
create function private.require_owner_of(p_location_id text,
                                         p_message text default 'Only admins and the business''s owners can do this')
returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.is_admin() then
    return;
  end if;
  if private.owner_location_id() is null then
    perform private.fail('403', p_message);
  end if;
  if p_location_id is null or p_location_id <> private.owner_location_id() then
    perform private.fail('403', 'An owner sees only their own business');
  end if;
end;
$$;
revoke execute on function private.require_owner_of from public;
grant execute on function private.require_owner_of(text, text) to authenticated, service_role;

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
revoke execute on function private.current_customer_id from public;
grant execute on function private.current_customer_id() to anon, authenticated, service_role;

-- Demo mode (local stack only) trusts kiosks that are not enrolled. The api function sets it
-- per transaction from its DEMO_MODE setting; it is off unless set.
create function private.demo_mode()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(current_setting('app.demo_mode', true), '') = 'on'
$$;
revoke execute on function private.demo_mode from public;

create function private.points_per_visit()
returns integer
language sql immutable
set search_path = ''
as $$
  select 5
$$;
revoke execute on function private.points_per_visit from public;

create function private.min_visit_interval()
returns interval
language sql stable
security definer
set search_path = ''
as $$
  select s.min_visit_interval from private.settings s where s.id
$$;
revoke execute on function private.min_visit_interval from public;

-- Who the caller acts as, as the ledger records it: 'kiosk' (an anonymous device session),
-- 'admin', 'staff', or 'member' for any other signed-in user.
create function private.actor_role()
returns text
language sql stable
set search_path = ''
as $$
  select case
    when auth.uid() is null then null
    when private.is_anonymous() then 'kiosk'
    else coalesce(private.app_role(), 'member')
  end
$$;
revoke execute on function private.actor_role from public;
grant execute on function private.actor_role() to anon, authenticated, service_role;

-- The role a points-ledger event records: an owner can only change points at their own counter,
-- so they are recorded as its clerk ('staff'; the event's user id says who).
create function private.counter_actor_role()
returns text
language sql stable
set search_path = ''
as $$
  select case private.actor_role() when 'owner' then 'staff' else private.actor_role() end
$$;
revoke execute on function private.counter_actor_role from public;
grant execute on function private.counter_actor_role() to anon, authenticated, service_role;

-- Whether this session was made by proving an SMS code (the JWT's amr lists a method 'otp' or
-- 'sms'). A phone + password sign-up with confirmations off carries a phone claim the caller
-- never proved: only a session proven by a code may link or create a customer
-- by its phone claim.
create function private.phone_proven_by_code()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(
    jsonb_typeof(auth.jwt() -> 'amr') = 'array'
    and exists (select 1 from jsonb_array_elements(auth.jwt() -> 'amr') m
                 where jsonb_typeof(m) = 'object' and m ->> 'method' in ('otp', 'sms')),
    false)
$$;
revoke execute on function private.phone_proven_by_code from public;
grant execute on function private.phone_proven_by_code() to anon, authenticated, service_role;

-- The signed-in caller's phone claim in E.164 ('+1...'), or null.
create function private.jwt_phone()
returns text
language sql stable
set search_path = ''
as $$
  select nullif('+' || ltrim(coalesce(auth.jwt() ->> 'phone', ''), '+'), '+')
$$;
revoke execute on function private.jwt_phone from public;
grant execute on function private.jwt_phone() to anon, authenticated, service_role;

-- Refusals every function shares, so each rule is written once.
create function private.require_location(p_location_id text)
returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if p_location_id is not null and not exists (select 1 from public.locations l where l.id = p_location_id) then
    perform private.fail('404', 'Unknown location');
  end if;
end;
$$;
revoke execute on function private.require_location from public;
grant execute on function private.require_location(text) to anon, authenticated, service_role;

create function private.require_admin(p_message text default 'Only admins can do this')
returns void
language plpgsql stable
set search_path = ''
as $$
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if not private.is_admin() then
    perform private.fail('403', p_message);
  end if;
end;
$$;
revoke execute on function private.require_admin from public;
grant execute on function private.require_admin(text) to anon, authenticated, service_role;

-- "Today" on the dashboard and the velocity flag's day are days in the programme's time zone
-- (hours are stated in CT).
-- The programme's own time zone: a setting the operator changes in /admin
-- (private.settings.time_zone, 10_programme.sql; read at every call, so a change is in force at once).
create function private.programme_time_zone()
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select s.time_zone from private.settings s where s.id), 'America/Chicago');
end;
$$;
revoke execute on function private.programme_time_zone from public;
grant execute on function private.programme_time_zone() to anon, authenticated, service_role;
