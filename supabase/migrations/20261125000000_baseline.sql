-- Baseline: the whole database as supabase/schemas/ describes it, squashed from the 45
-- migrations of 2026-11-22/23 before anything was deployed (they are kept, unchanged, in
-- tests/db/fixtures/pre-squash-migrations/; tests/db/schema-squash.pg.test.ts proves that both
-- give the same schema and rows). Do not edit: a change to a rule is an edit of its schema file
-- plus a new migration after this one (docs/RULES.md, "Changing a rule").

-- ===== supabase/schemas/00_foundation.sql =====

-- The schemas of the programme, and who may use them. Hosted Supabase (and dev/sql/base.sql
-- locally) already has the API roles, the auth schema and the `extensions` schema.
--
-- These files are the database as it is now, one file per capability, applied in name order
-- (config.toml `[db.migrations] schema_paths`). A comment that names a migration file
-- (`2026112…_name.sql`) points to the history before the squash, kept unchanged in
-- tests/db/fixtures/pre-squash-migrations/.
--
-- Schema private holds the helpers, settings and counters that no API role reads directly; the
-- Data API does not expose it. Schema app holds the programme's state transitions and reads,
-- which the api function calls as the caller; it is not exposed by the Data API either.
create schema if not exists private;
create schema if not exists app;

revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;
revoke all on schema app from public;
grant usage on schema app to anon, authenticated, service_role;

-- Function bodies are checked when they are called, not when they are created: the files define
-- each capability's tables and functions together, and a SQL-language function may read a table
-- of a later file (pg_dump and `supabase db dump` set the same).
set check_function_bodies = false;

-- pg_trgm: the admin customer search's trigram indexes (70_admin_reads.sql).
create extension if not exists pg_trgm with schema extensions;

-- ===== supabase/schemas/05_authorization.sql =====

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

-- The location a staff member works at (app_metadata.location_id); null for everyone else.
create function private.staff_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() = 'staff' then auth.jwt() -> 'app_metadata' ->> 'location_id' end
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

-- Whether this session was made by proving an SMS code (the JWT's amr lists a method 'otp' or
-- 'sms'). A phone + password sign-up with confirmations off carries a phone claim the caller
-- never proved (issue 11 §1.6): only a session proven by a code may link or create a customer
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
create function private.programme_time_zone()
returns text
language sql immutable
set search_path = ''
as $$
  select 'America/Chicago'
$$;
revoke execute on function private.programme_time_zone from public;
grant execute on function private.programme_time_zone() to anon, authenticated, service_role;

-- ===== supabase/schemas/10_programme.sql =====

-- The programme: tiers, the participating businesses, their rewards, and the settings of every
-- abuse limit (one row, private.settings; 0 turns a limit off). Every "once" rule of the
-- programme is backed by a unique constraint, so no code path can break it (docs/RULES.md, the invariants).
--
-- Row level security for every table (docs/RULES.md invariant 7, docs/ROLES-AND-PRIVACY.md): reads go through policies; every
-- write that carries a business rule goes through a function in schema app, so the API roles get
-- no direct insert/update/delete except where a policy says so. One permissive policy per table,
-- action and role keeps the rules readable (and satisfies the linter's
-- multiple_permissive_policies).

-- Tiers: Bronze < 10 <= Silver < 20 <= Gold (SPEC §4). The thresholds live only here.
create table public.tiers (
  name text primary key check (name in ('Bronze', 'Silver', 'Gold')),
  min_points integer not null unique check (min_points >= 0),
  -- What the next-goal card calls this tier's reward ("$5 Off - Silver Status").
  goal_label text,
  -- What a tier reward is worth to the business that honours it ($5 Silver, $10 Gold): the
  -- settlement statement shares this cost among the businesses. Welcome rewards have no value
  -- here: each is honoured only by the business that offers it, so it never crosses businesses.
  reward_value_cents integer not null default 0 check (reward_value_cents >= 0)
);
insert into public.tiers (name, min_points, goal_label, reward_value_cents) values
  ('Bronze', 0, null, 0),
  ('Silver', 10, '$5 Off - Silver Status', 500),
  ('Gold', 20, '$10 Off - Gold Status', 1000);

-- Row level security for every table (docs/RULES.md invariant 7, docs/ROLES-AND-PRIVACY.md). Reads go through these policies;
-- every write that carries a business rule goes through a function in schema app, so the
-- API roles get no direct insert/update/delete except where a policy below says so.
-- One permissive policy per table, action and role keeps the rules readable (and satisfies
-- the linter's multiple_permissive_policies).
alter table public.tiers enable row level security;
revoke all on public.tiers from anon, authenticated;

-- The programme catalogue (tiers, businesses, rewards) is public; only admins change it.
grant select on public.tiers to anon, authenticated;

create policy "Anyone can read the tiers"
  on public.tiers for select to anon, authenticated
  using (true);

create table public.locations (
  -- A stable slug (chatterbox, creamery, ...): it appears in routes, QR payloads and filters.
  id text primary key check (id ~ '^[a-z][a-z0-9-]{1,40}$'),
  business_name text not null check (length(business_name) between 1 and 100),
  kind text not null check (length(kind) between 1 and 50),
  description text not null check (length(description) <= 1000),
  address text not null check (length(address) <= 200),
  logo_url text not null check (length(logo_url) <= 500),
  -- Dashboard presentation (SPEC §2 top locations): an icon name and a colour token.
  icon text not null default 'store' check (icon in ('ice-cream', 'pizza', 'coffee', 'palette', 'cookie', 'candy', 'store')),
  color text not null default 'slate' check (color ~ '^[a-z]{3,20}$'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);
alter table public.locations enable row level security;
revoke all on public.locations from anon, authenticated;
grant select on public.locations to anon, authenticated;
grant insert, update, delete on public.locations to authenticated;
create policy "Anyone can read the participating businesses"
  on public.locations for select to anon, authenticated
  using (true);
create policy "Admins can add businesses"
  on public.locations for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins can edit businesses"
  on public.locations for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can remove businesses"
  on public.locations for delete to authenticated
  using ((select private.is_admin()));

create table public.rewards (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('welcome', 'tier')),
  -- A welcome reward belongs to one business; a tier reward to one tier and every business.
  location_id text references public.locations (id) on delete cascade,
  tier text references public.tiers (name),
  name text not null check (length(name) between 1 and 100),
  description text not null check (length(description) <= 500),
  -- 'network' means usable at any location (SPEC §3).
  scope text not null check (scope in ('location', 'network')),
  created_at timestamptz not null default now(),
  check (
    (kind = 'welcome' and location_id is not null and tier is null and scope = 'location')
    or (kind = 'tier' and location_id is null and tier is not null and scope = 'network')
  )
);
alter table public.rewards enable row level security;
revoke all on public.rewards from anon, authenticated;
grant select on public.rewards to anon, authenticated;
grant insert, update, delete on public.rewards to authenticated;

-- One welcome reward per business, one reward per tier.
create unique index rewards_one_welcome_per_location on public.rewards (location_id) where kind = 'welcome';
create unique index rewards_one_per_tier on public.rewards (tier) where kind = 'tier';
create policy "Anyone can read the rewards on offer"
  on public.rewards for select to anon, authenticated
  using (true);
create policy "Admins can add rewards"
  on public.rewards for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins can edit rewards"
  on public.rewards for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can remove rewards"
  on public.rewards for delete to authenticated
  using ((select private.is_admin()));

-- Server-side state that no API role reads or writes directly.
-- Programme settings (one row).
create table private.settings (
  id boolean primary key default true check (id),
  -- Minimum time between two approved visits of one customer at one business (abuse limit).
  min_visit_interval interval not null default interval '60 minutes' check (min_visit_interval >= interval '0'),
  -- Abuse limits of the field (issue 11 §3; Paytronix's defaults). 0 turns one off.
  -- Minimum time between two approved visits of one customer anywhere in the village.
  min_visit_gap_anywhere interval not null default interval '1 minute' check (min_visit_gap_anywhere >= interval '0'),
  -- At most this many approved visits per customer in any 60 minutes, across the village.
  max_visits_per_hour integer not null default 4 check (max_visits_per_hour >= 0),
  -- A customer with this many approved visits in one programme-time-zone day is flagged (Square).
  velocity_flag_visits integer not null default 5 check (velocity_flag_visits >= 0),
  -- Sign-in code limits (issue 11 §3), which Supabase Auth does not have: after
  -- sign_in_code_max_failures wrong tries a phone's current code is dead (even the right code
  -- then fails until a new code is sent), and at most sign_in_codes_per_day codes per phone in
  -- any 24 hours (25_sign_in.sql).
  sign_in_codes_per_day integer not null default 5 check (sign_in_codes_per_day >= 0),
  sign_in_code_max_failures integer not null default 5 check (sign_in_code_max_failures >= 0)
);
insert into private.settings default values;
alter table private.settings enable row level security;
revoke all on private.settings from anon, authenticated, service_role;



-- ===== supabase/schemas/15_staff_grants.sql =====

-- Staff access (issue 14): an admin grants a phone staff access at one business; a trigger on
-- auth.users applies the grant at sign-up and whenever Auth rewrites app_metadata. Who granted
-- or removed whom, and when, is kept in private.staff_grant_events.

-- Staff management (issue 14): an admin grants a phone staff access at one business and
-- revokes it. Staff are Auth users whose app_metadata says {"role": "staff", "location_id": ...}
-- (private.app_role, private.staff_location_id); these functions are the one place that writes it.
--
-- A grant is kept per phone in private.staff_grants, so a phone that has no Auth user yet gets
-- its role when it signs up, and keeps it when Supabase Auth rewrites app_metadata (GoTrue
-- writes its in-memory copy back when it records a sign-in's provider): a trigger on auth.users
-- puts the role back from the grant on every insert and on every change of phone or app_metadata.
-- Every grant, revoke and sign-up that takes up a grant is recorded in private.staff_grant_events.
-- One business per phone; the phone as E.164 ('+1...'), like app.normalize_phone returns it.
create table private.staff_grants (
  phone text primary key check (phone ~ '^\+1[2-9][0-9]{9}$'),
  location_id text not null references public.locations (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now()
);
alter table private.staff_grants enable row level security;
create index staff_grants_location_id_idx on private.staff_grants (location_id);
create index staff_grants_granted_by_idx on private.staff_grants (granted_by);

-- Who granted or revoked whose access, and when; 'applied' when a sign-up took up a pending grant
-- (actor_id null). History: no foreign keys, so it outlives the users and grants it names.
create table private.staff_grant_events (
  id bigint generated always as identity primary key,
  action text not null check (action in ('granted', 'revoked', 'applied')),
  phone text not null,
  location_id text not null,
  user_id uuid,
  actor_id uuid,
  at timestamptz not null default now()
);
alter table private.staff_grant_events enable row level security;
create index staff_grant_events_phone_idx on private.staff_grant_events (phone, at);

-- auth.users keeps phones as digits with the country code and no '+'.
create function private.auth_phone(p_phone text)
returns text
language sql immutable
set search_path = ''
as $$
  select ltrim(p_phone, '+')
$$;
revoke execute on function private.auth_phone(text) from public;

-- Before a write of auth.users: a user whose phone holds a grant is staff at the grant's business.
-- Admins are never demoted; anonymous users (kiosks) have no phone.
create function private.apply_staff_grant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location_id text;
begin
  if new.phone is null or new.phone = '' or coalesce(new.is_anonymous, false)
     or coalesce(new.raw_app_meta_data ->> 'role', '') = 'admin' then
    return new;
  end if;
  -- Most writes are of phones without a grant: one index probe, no lock (a bulk import of users
  -- takes no lock per row). A grant committed while this sign-up runs is taken up by the sign-in's
  -- next write of app_metadata (the code's verification records the provider).
  if not exists (select 1 from private.staff_grants g where g.phone = '+' || ltrim(new.phone, '+')) then
    return new;
  end if;
  -- In turn with app.grant_staff / app.revoke_staff of this phone: a sign-up racing a revoke either
  -- commits first (the revoke then sees the user and removes the role) or reads the grant after it.
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:+' || ltrim(new.phone, '+'), 0));
  select g.location_id into v_location_id from private.staff_grants g where g.phone = '+' || ltrim(new.phone, '+');
  if v_location_id is null
     or (new.raw_app_meta_data ->> 'role' = 'staff' and new.raw_app_meta_data ->> 'location_id' = v_location_id) then
    return new;
  end if;
  new.raw_app_meta_data := coalesce(new.raw_app_meta_data, '{}'::jsonb)
                           || jsonb_build_object('role', 'staff', 'location_id', v_location_id);
  insert into private.staff_grant_events (action, phone, location_id, user_id)
  values ('applied', '+' || ltrim(new.phone, '+'), v_location_id, new.id);
  return new;
end;
$$;
revoke execute on function private.apply_staff_grant() from public;

-- The staff of one business: users who are staff there ('active'), and grants whose phone has no
-- Auth user yet ('pending'), by phone.
create function app.admin_staff(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'phone', s.phone, 'status', s.status, 'userId', s.user_id,
             'lastSignInAt', s.last_sign_in_at, 'grantedAt', s.granted_at)
           order by s.phone), '[]'::jsonb)
      from (
        select right(u.phone, 10) as phone, 'active' as status, u.id as user_id, u.last_sign_in_at,
               g.granted_at
          from auth.users u
          left join private.staff_grants g on g.phone = '+' || ltrim(u.phone, '+')
         where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = p_location_id
        union all
        select right(g.phone, 10), 'pending', null, null, g.granted_at
          from private.staff_grants g
         where g.location_id = p_location_id
           and not exists (select 1 from auth.users u where u.phone = private.auth_phone(g.phone))
      ) s);
end;
$$;
revoke execute on function app.admin_staff(text) from public;
grant execute on function app.admin_staff(text) to authenticated;

-- Grants a phone staff access at a business. The phone's user (if any) becomes staff at once;
-- they get the claim with their next token (sign-in or refresh). A phone with no user yet keeps a
-- pending grant that its sign-up takes up. Granting again at the same business changes nothing.
-- 409: the phone belongs to an admin, or is staff at another business (remove it there first).
create function app.grant_staff(p_location_id text, p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_other text;
  v_granted_at timestamptz;
  v_new boolean := false;
begin
  perform private.require_admin('Only admins can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v_phone := app.normalize_phone(p_phone);
  -- One phone's grants and revokes in turn (two admins at once, or a sign-up in between).
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));

  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  if v_user.raw_app_meta_data ->> 'role' = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin, who can already use the staff counter');
  end if;
  select g.location_id into v_other from private.staff_grants g where g.phone = v_phone and g.location_id <> p_location_id;
  if v_other is null and v_user.raw_app_meta_data ->> 'role' = 'staff'
     and v_user.raw_app_meta_data ->> 'location_id' is distinct from p_location_id then
    v_other := v_user.raw_app_meta_data ->> 'location_id';
  end if;
  if v_other is not null then
    perform private.fail('409', format('This phone is already staff at %s; remove it there first',
      coalesce((select l.business_name from public.locations l where l.id = v_other), v_other)));
  end if;

  insert into private.staff_grants (phone, location_id, granted_by)
  values (v_phone, p_location_id, auth.uid())
  on conflict (phone) do nothing
  returning granted_at into v_granted_at;
  v_new := v_granted_at is not null;
  if not v_new then
    select g.granted_at into v_granted_at from private.staff_grants g where g.phone = v_phone;
  end if;
  if v_user.id is not null then
    update auth.users u
       set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object('role', 'staff', 'location_id', p_location_id)
     where u.id = v_user.id;
  end if;
  if v_new then
    insert into private.staff_grant_events (action, phone, location_id, user_id, actor_id)
    values ('granted', v_phone, p_location_id, v_user.id, auth.uid());
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'locationId', p_location_id,
    'status', case when v_user.id is null then 'pending' else 'active' end,
    'userId', v_user.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_staff(text, text) from public;
grant execute on function app.grant_staff(text, text) to authenticated;

-- Revokes a phone's staff access at a business: the grant goes, the user loses the role and every
-- session, so the api refuses their token at once (it checks auth.sessions) and it cannot be
-- refreshed. 404 when the phone is not staff there; 409 for an admin (never demoted here).
create function app.revoke_staff(p_location_id text, p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_grant boolean;
  v_staff boolean;
  v_sessions integer := 0;
begin
  perform private.require_admin('Only admins can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v_phone := app.normalize_phone(p_phone);
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));

  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  if v_user.raw_app_meta_data ->> 'role' = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin; an admin cannot be removed as staff');
  end if;
  delete from private.staff_grants g where g.phone = v_phone and g.location_id = p_location_id;
  v_grant := found;
  v_staff := v_user.raw_app_meta_data ->> 'role' = 'staff'
             and v_user.raw_app_meta_data ->> 'location_id' = p_location_id;
  if not v_grant and not coalesce(v_staff, false) then
    perform private.fail('404', 'This phone is not staff at this business');
  end if;
  if v_staff then
    update auth.users u set raw_app_meta_data = u.raw_app_meta_data - 'role' - 'location_id' where u.id = v_user.id;
    delete from auth.sessions s where s.user_id = v_user.id;
    get diagnostics v_sessions = row_count;
  end if;
  insert into private.staff_grant_events (action, phone, location_id, user_id, actor_id)
  values ('revoked', v_phone, p_location_id, v_user.id, auth.uid());
  return jsonb_build_object('phone', right(v_phone, 10), 'locationId', p_location_id, 'revoked', true,
                            'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.revoke_staff(text, text) from public;
grant execute on function app.revoke_staff(text, text) to authenticated;

create trigger users_apply_staff_grant
before insert or update of phone, raw_app_meta_data on auth.users
for each row execute function private.apply_staff_grant();

-- ===== supabase/schemas/20_customers.sql =====

-- Customers: one per phone (E.164, US numbers), names and phones made canonical in one place,
-- the consents they gave with the wording they saw, and sign-up (the channel decided here, not by
-- the caller).

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  -- The Supabase Auth user who signed in with this phone (set on first verified sign-in).
  user_id uuid unique references auth.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 100),
  -- E.164, US numbers only (SPEC §9: 10 digits). One customer per phone (DESIGN §3.6).
  phone text not null unique check (phone ~ '^\+1[2-9][0-9]{9}$'),
  email text check (email is null or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  sms_consent boolean not null default false,
  email_consent boolean not null default false,
  signup_location_id text references public.locations (id) on delete set null,
  signup_channel text not null check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  -- Lifetime points: always the sum of the customer's points_ledger deltas (5 per approved,
  -- unvoided visit). Only the app functions change it, under a row lock, with a ledger event.
  total_points integer not null default 0 check (total_points >= 0),
  created_at timestamptz not null default now(),
  -- The admin Customers tab (issue 14): last visit and total visits are rolled up on the
  -- customer row by a trigger on visits (75_rollups.sql), so sorting and filtering by them is an
  -- index scan, not an aggregate.
  visit_count integer not null default 0 check (visit_count >= 0),
  last_visit_at timestamptz
);
alter table public.customers enable row level security;
revoke all on public.customers from anon, authenticated;

-- Customers: a member sees and edits their own contact details; admins see everyone.
-- Points and links change only through the app functions (column grants below).
grant select, delete on public.customers to authenticated;
grant update (name, email, sms_consent, email_consent) on public.customers to authenticated;

create index customers_signup_location_id_idx on public.customers (signup_location_id);
create index customers_created_at_idx on public.customers (created_at);

-- Every ordering the tab offers, each with the id as the tie-breaker (stable pages).
create index customers_name_idx on public.customers (name, id);
create index customers_total_points_idx on public.customers (total_points, id);
create index customers_visit_count_idx on public.customers (visit_count, id);
create index customers_last_visit_at_idx on public.customers (last_visit_at desc nulls last, id desc);
create index customers_name_trgm_idx on public.customers using gin (lower(name) extensions.gin_trgm_ops);
create index customers_phone_trgm_idx on public.customers using gin (phone extensions.gin_trgm_ops);
create index customers_last_active_idx on public.customers ((greatest(created_at, last_visit_at)), id)
  include (created_at, last_visit_at);
create policy "Members can read their own customer record, admins all"
  on public.customers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Members can edit their own contact details, admins all"
  on public.customers for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Admins can remove customers"
  on public.customers for delete to authenticated
  using ((select private.is_admin()));

-- Consents (issue 11 §4): what a customer agreed to at sign-up, with the wording they were
-- shown and what it covers.
-- Consents a customer gave, with the wording they were shown (proof for the SMS programme).
-- Written only by the sign-up functions; a withdrawal later is a new row, never an edit.
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  wording text not null check (length(wording) between 1 and 2000),
  scope text not null check (length(scope) between 1 and 500),
  signup_channel text not null check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  created_at timestamptz not null default now()
);
alter table public.consents enable row level security;
revoke all on public.consents from anon, authenticated;
grant select on public.consents to authenticated;
create index consents_customer_id_idx on public.consents (customer_id);
create policy "Members read their own consents, admins all"
  on public.consents for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- Customers' names and phones made canonical: one US phone format, one name rule for every
-- write of a name (sign-up, a member editing their details), and the email shape as a 400.
-- Normalises a US phone (10 digits, or 11 starting with 1, any punctuation) to E.164.
create function app.normalize_phone(p_phone text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_digits text := regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) = 11 and left(v_digits, 1) = '1' then
    v_digits := substr(v_digits, 2);
  end if;
  if v_digits !~ '^[2-9][0-9]{9}$' then
    perform private.fail('400', 'Phone must be a 10-digit US number');
  end if;
  return '+1' || v_digits;
end;
$$;
revoke execute on function app.normalize_phone(text) from public;
grant execute on function app.normalize_phone(text) to anon, authenticated, service_role;

-- A person's name as stored (issue 11 §1.5): NFC-normalised, then trimmed at both ends of
-- whitespace and invisible characters (controls, zero-width spaces and joiners, soft hyphen,
-- bidi marks, BOM, Hangul fillers, variation selectors, tags...); inside the name they stay
-- (emoji sequences and some scripts need joiners). Nothing left, or more than 100 characters:
-- LY400. The zod PersonName (INVISIBLE_CHARACTERS in contract/common.ts) is its twin; both are
-- tested against tests/support/name-cases.ts.
create function private.clean_name(p_name text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_name, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', 'Name needs at least one visible character');
  end if;
  if char_length(v) > 100 then
    perform private.fail('400', 'Name is at most 100 characters');
  end if;
  return v;
end;
$$;
revoke execute on function private.clean_name(text) from public;
grant execute on function private.clean_name(text) to anon, authenticated, service_role;

-- The email shape the tables' check constraints accept (so a bad one is a 400, not a 500).
create function private.is_email(p_email text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select length(p_email) <= 254 and p_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;
revoke execute on function private.is_email(text) from public;

-- Every way a name is written (sign-up, a member editing their details) stores the clean form.
create function private.customers_clean_name()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := private.clean_name(new.name);
  return new;
end;
$$;
revoke execute on function private.customers_clean_name() from public;

-- The checkbox text of the sign-up forms (SPEC §2) and what the consent covers.
create function private.default_sms_consent_wording()
returns text
language sql immutable
set search_path = ''
as $$
  select 'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.'
$$;
revoke execute on function private.default_sms_consent_wording() from public;

create function private.consent_scope()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Village Rewards programme, on behalf of the six participating businesses'
$$;
revoke execute on function private.consent_scope() from public;

-- Sign-up: one customer per phone, the channel decided here (not by the caller), the SMS
-- consent recorded. The functions in schema app (not exposed by the Data API; the api function
-- calls them as the caller) decide who may act from auth.jwt() and raise private.fail() errors
-- (SQLSTATE LY<http status>); they are security definer because they write tables the API
-- roles cannot.
-- Creates a customer; one per phone (a second sign-up is a 409). A signed-in caller whose
-- phone claim is this phone and was proven by an SMS code, and who has no customer yet, is
-- linked to the new row. Records the SMS consent with the wording shown.
create function private.create_customer(
  p_name text, p_phone text, p_email text, p_sms_consent boolean, p_email_consent boolean,
  p_location_id text, p_channel text, p_sms_consent_wording text
)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_name text := private.clean_name(p_name);
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_user_id uuid;
  v_row public.customers;
begin
  perform private.require_location(p_location_id);
  if v_email is not null and not private.is_email(v_email) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if auth.uid() is not null and not private.is_anonymous()
     and private.jwt_phone() = v_phone and private.phone_proven_by_code()
     and not exists (select 1 from public.customers c where c.user_id = auth.uid()) then
    v_user_id := auth.uid();
  end if;

  insert into public.customers (user_id, name, phone, email, sms_consent, email_consent, signup_location_id, signup_channel)
  values (v_user_id, v_name, v_phone, v_email,
          coalesce(p_sms_consent, false), coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning * into v_row;
  if v_row.id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  if coalesce(p_sms_consent, false) then
    insert into public.consents (customer_id, channel, wording, scope, signup_channel)
    values (v_row.id, 'sms',
            coalesce(nullif(btrim(coalesce(p_sms_consent_wording, '')), ''), private.default_sms_consent_wording()),
            private.consent_scope(), p_channel);
  end if;
  return v_row;
end;
$$;
revoke execute on function private.create_customer(text, text, text, boolean, boolean, text, text, text) from public;

-- Sign-up (POST /api/customers; SPEC §3 sign-up payload). The channel is the caller's: a kiosk
-- (anonymous device session) signs customers up at its own location unless told another;
-- otherwise 'business' when a location is given, else 'web'. Returns the contract's shape:
-- {"customer": {"id", "name"}, "welcomeReward": {"name", "description"} | null}.
create function app.create_customer(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk_location text;
  v_location_id text := p_location_id;
  v_channel text;
  v_row public.customers;
begin
  if private.is_anonymous() and auth.uid() is not null then
    select k.location_id into v_kiosk_location from public.kiosk_sessions k where k.user_id = auth.uid();
    v_location_id := coalesce(p_location_id, v_kiosk_location);
    v_channel := 'kiosk';
  else
    v_channel := case when p_location_id is not null then 'business' else 'web' end;
  end if;
  v_row := private.create_customer(p_name, p_phone, p_email, p_sms_consent, p_email_consent,
                                   v_location_id, v_channel, p_sms_consent_wording);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_row.id, 'name', v_row.name),
    'welcomeReward', (select jsonb_build_object('name', r.name, 'description', r.description)
                        from public.rewards r
                       where r.kind = 'welcome' and r.location_id = v_location_id));
end;
$$;
revoke execute on function app.create_customer(text, text, text, boolean, boolean, text, text) from public;
grant execute on function app.create_customer(text, text, text, boolean, boolean, text, text) to anon, authenticated;

create trigger customers_clean_name
  before insert or update of name on public.customers
  for each row execute function private.customers_clean_name();

-- ===== supabase/schemas/25_sign_in.sql =====

-- Sign-in: linking a member's Auth user to their customer row by a phone claim proven by an SMS
-- code, and the sign-in code limits Supabase Auth does not have (codes per phone per day, wrong
-- tries before a code is dead).

-- One row per phone (E.164 with '+'): when its recent codes were sent, and how many tries its
-- current code has had. Rows are locked while counted, so parallel requests count one by one.
create table private.sign_in_codes (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  sent_at timestamptz[] not null default '{}',
  attempts integer not null default 0 check (attempts >= 0),
  updated_at timestamptz not null default now()
);
alter table private.sign_in_codes enable row level security;
revoke all on private.sign_in_codes from anon, authenticated, service_role;
create index sign_in_codes_updated_at_idx on private.sign_in_codes (updated_at);

-- Sign-in: linking a member's Auth user to their customer row by a phone claim proven by an
-- SMS code, or creating it (the mobile sign-up variant).
-- Links the signed-in member to their customer row by their phone claim; 404 when none has it.
-- Only a session proven by an SMS code may (403 otherwise, issue 11 §1.6).
-- Phone change (issue 11 §1.7): a user already linked to a customer keeps that link, even when
-- their phone claim now matches another customer row; that other row is left untouched (it
-- stays with whoever signs in with that phone and no linked customer). No error.
create function app.link_customer_to_user()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.jwt_phone();
  v_id uuid;
begin
  if auth.uid() is null or private.is_anonymous() or v_phone is null then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  if not private.phone_proven_by_code() then
    perform private.fail('403', 'Sign in with a code sent to your phone to use your account');
  end if;
  select c.id into v_id from public.customers c where c.user_id = auth.uid();
  if found then
    return v_id;
  end if;
  update public.customers c
     set user_id = auth.uid()
   where c.phone = v_phone
  returning c.id into v_id;
  if v_id is null then
    perform private.fail('404', 'No account found with this phone number');
  end if;
  return v_id;
end;
$$;
revoke execute on function app.link_customer_to_user() from public;
grant execute on function app.link_customer_to_user() to authenticated;

-- After a verified phone sign-in (POST /api/auth/verify): links the member to the customer
-- with their phone; with sign-up details (the mobile sign-up variant) creates it when none
-- exists. Two parallel sign-ups with one phone create one customer: the loser of the insert
-- race links to the winner's row instead of failing.
-- Returns {"customer": {"id", "name", "phone" (10 digits)}, "created"}.
create function app.claim_customer(
  p_name text default null,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_created boolean := false;
begin
  begin
    v_id := app.link_customer_to_user();
  exception when sqlstate 'LY404' then
    if p_name is null then
      raise;
    end if;
    begin
      v_id := (private.create_customer(p_name, private.jwt_phone(), p_email, p_sms_consent, p_email_consent,
                                       null, 'mobile', p_sms_consent_wording)).id;
      v_created := true;
    exception when sqlstate 'LY409' then
      v_id := app.link_customer_to_user();
    end;
  end;
  return (select jsonb_build_object(
            'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', right(c.phone, 10)),
            'created', v_created)
            from public.customers c where c.id = v_id);
end;
$$;
revoke execute on function app.claim_customer(text, text, boolean, boolean, text) from public;
grant execute on function app.claim_customer(text, text, boolean, boolean, text) to authenticated;

-- The phone's row, locked for this transaction (created on first use).
create function private.lock_sign_in_code(p_phone text)
returns private.sign_in_codes
language plpgsql
set search_path = ''
as $$
declare
  v_row private.sign_in_codes;
begin
  insert into private.sign_in_codes as s (phone) values (p_phone)
  on conflict (phone) do update set updated_at = now()
  returning * into v_row;
  -- Rows untouched for two days count nothing any more (the window is 24 hours): drop a few
  -- each time, so guesses at many phones cannot grow the table without end.
  delete from private.sign_in_codes o
   where o.ctid in (select d.ctid from private.sign_in_codes d
                     where d.updated_at < now() - interval '2 days' limit 100);
  return v_row;
end;
$$;
revoke execute on function private.lock_sign_in_code(text) from public;

-- Before a code is sent: 429 (Retry-After in the hint) once the phone had its codes for 24 hours.
create function app.sign_in_code_requested(p_phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.sign_in_codes := private.lock_sign_in_code(p_phone);
  v_limit integer := (select s.sign_in_codes_per_day from private.settings s);
  v_recent timestamptz[] := array(select t from unnest(v_row.sent_at) t where t > now() - interval '24 hours' order by t);
begin
  if v_limit > 0 and cardinality(v_recent) >= v_limit then
    perform private.fail('429', 'Too many codes for this phone today; try again later',
      greatest(1, ceil(extract(epoch from v_recent[cardinality(v_recent) - v_limit + 1] + interval '24 hours' - now())))::text);
  end if;
  update private.sign_in_codes s set sent_at = v_recent || now() where s.phone = p_phone;
end;
$$;
revoke execute on function app.sign_in_code_requested(text) from public;
grant execute on function app.sign_in_code_requested(text) to service_role;

-- After Supabase Auth sent the code: it is a new code, with a fresh allowance of tries.
create function app.sign_in_code_sent(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, updated_at = now() where s.phone = p_phone;
$$;
revoke execute on function app.sign_in_code_sent(text) from public;
grant execute on function app.sign_in_code_sent(text) to service_role;

-- Before a code is checked: counts the try; 401 when the current code already had its tries.
-- Counting before checking (not after a failure) means parallel guesses cannot slip past.
create function app.sign_in_code_attempt(p_phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.sign_in_codes := private.lock_sign_in_code(p_phone);
  v_max integer := (select s.sign_in_code_max_failures from private.settings s);
begin
  if v_max > 0 and v_row.attempts >= v_max then
    perform private.fail('401', 'This code had too many wrong tries; ask for a new code');
  end if;
  update private.sign_in_codes s set attempts = s.attempts + 1 where s.phone = p_phone;
end;
$$;
revoke execute on function app.sign_in_code_attempt(text) from public;
grant execute on function app.sign_in_code_attempt(text) to service_role;

-- After a code was right: the try was not a failure (a test number's fixed code stays usable).
create function app.sign_in_code_verified(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, updated_at = now() where s.phone = p_phone;
$$;
revoke execute on function app.sign_in_code_verified(text) from public;
grant execute on function app.sign_in_code_verified(text) to service_role;

-- ===== supabase/schemas/30_kiosks.sql =====

-- Kiosks: an anonymous Auth user (one per device) opens a session at a location; an admin sets
-- each location's enrolment code; a kiosk that proves it is trusted to approve its own check-ins.

-- A kiosk is an anonymous Auth user (one per device) with a session at one location.
create table public.kiosk_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  device_fingerprint text check (length(device_fingerprint) <= 512),
  -- Set when the kiosk proved its location's enrolment code; cleared when it moves location.
  enrolled_at timestamptz,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
alter table public.kiosk_sessions enable row level security;
revoke all on public.kiosk_sessions from anon, authenticated;

-- Kiosk sessions: a kiosk sees its own session; admins see all.
grant select on public.kiosk_sessions to authenticated;
create index kiosk_sessions_location_id_idx on public.kiosk_sessions (location_id);
create policy "Kiosks can read their own session, admins all"
  on public.kiosk_sessions for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Per-location kiosk enrolment codes, set by an admin, stored salted and hashed.
create table private.location_enrolment_codes (
  location_id text primary key references public.locations (id) on delete cascade,
  salt bytea not null,
  code_hash bytea not null,
  set_by uuid references auth.users (id) on delete set null,
  set_at timestamptz not null default now()
);
alter table private.location_enrolment_codes enable row level security;
revoke all on private.location_enrolment_codes from anon, authenticated, service_role;
create index location_enrolment_codes_set_by_idx on private.location_enrolment_codes (set_by);

-- Kiosks: an anonymous Auth user (one per device) opens a session at a location; an admin sets
-- each location's enrolment code; a kiosk that proves it is trusted to approve its own check-ins.
-- A kiosk opens or moves its session to a location. Moving to another location drops the
-- enrolment: a kiosk is trusted for one place only.
-- Returns {"session": {"id", "locationId", "enrolled"}}.
create function app.open_kiosk_session(p_location_id text, p_device_fingerprint text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_session public.kiosk_sessions;
begin
  if auth.uid() is null then
    perform private.fail('401', 'A kiosk must sign in anonymously first');
  end if;
  if not private.is_anonymous() then
    perform private.fail('403', 'Kiosk sessions are for kiosk devices');
  end if;
  if p_location_id is null then
    perform private.fail('400', 'Choose the location of this kiosk');
  end if;
  perform private.require_location(p_location_id);

  insert into public.kiosk_sessions as k (user_id, location_id, device_fingerprint)
  values (auth.uid(), p_location_id, left(p_device_fingerprint, 512))
  on conflict (user_id) do update
    set location_id = excluded.location_id,
        device_fingerprint = excluded.device_fingerprint,
        last_seen_at = now(),
        enrolled_at = case when k.location_id = excluded.location_id then k.enrolled_at end
  returning * into v_session;
  return jsonb_build_object('session', jsonb_build_object(
    'id', v_session.id, 'locationId', v_session.location_id, 'enrolled', v_session.enrolled_at is not null));
end;
$$;
revoke execute on function app.open_kiosk_session(text, text) from public;
grant execute on function app.open_kiosk_session(text, text) to authenticated;

-- An admin sets (or replaces) a location's kiosk enrolment code; only a salted hash is kept.
-- Returns {"locationId", "enrolmentCodeSet": true}.
create function app.set_enrolment_code(p_location_id text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
begin
  perform private.require_admin('Only an admin can set enrolment codes');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  if length(coalesce(p_code, '')) not between 8 and 128 then
    perform private.fail('400', 'An enrolment code has 8 to 128 characters');
  end if;
  insert into private.location_enrolment_codes (location_id, salt, code_hash, set_by)
  values (p_location_id, v_salt, sha256(v_salt || convert_to(p_code, 'UTF8')), auth.uid())
  on conflict (location_id) do update
    set salt = excluded.salt, code_hash = excluded.code_hash, set_by = excluded.set_by, set_at = now();
  -- A new code revokes every kiosk enrolled with the old one.
  update public.kiosk_sessions k set enrolled_at = null where k.location_id = p_location_id;
  return jsonb_build_object('locationId', p_location_id, 'enrolmentCodeSet', true);
end;
$$;
revoke execute on function app.set_enrolment_code(text, text) from public;
grant execute on function app.set_enrolment_code(text, text) to authenticated;

-- A kiosk proves its location's enrolment code and becomes trusted to approve its own tokens.
-- Returns {"session": {"id", "locationId", "enrolled": true}}.
create function app.enrol_kiosk(p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_session public.kiosk_sessions;
  v_code private.location_enrolment_codes;
begin
  select * into v_session from public.kiosk_sessions k where k.user_id = auth.uid() for update;
  if not found then
    perform private.fail('404', 'Open a kiosk session first');
  end if;
  select * into v_code from private.location_enrolment_codes e where e.location_id = v_session.location_id;
  if not found or sha256(v_code.salt || convert_to(coalesce(p_code, ''), 'UTF8')) <> v_code.code_hash then
    perform private.fail('403', 'That enrolment code is not valid for this location');
  end if;
  update public.kiosk_sessions k set enrolled_at = now() where k.id = v_session.id;
  return jsonb_build_object('session', jsonb_build_object(
    'id', v_session.id, 'locationId', v_session.location_id, 'enrolled', true));
end;
$$;
revoke execute on function app.enrol_kiosk(text) from public;
grant execute on function app.enrol_kiosk(text) to authenticated;

-- ===== supabase/schemas/35_checkin.sql =====

-- Check-in tokens: the one-time code behind a check-in QR (DESIGN §3.2): 244 random bits, kept
-- only as their SHA-256, single use, valid 15 minutes.

create table public.checkin_tokens (
  id uuid primary key default gen_random_uuid(),
  -- Only the SHA-256 of the token is kept: the token itself is shown once, in a QR code.
  token_hash bytea not null unique check (length(token_hash) = 32),
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  channel text not null check (channel in ('kiosk', 'mobile')),
  issued_by_user_id uuid references auth.users (id) on delete set null,
  kiosk_session_id uuid references public.kiosk_sessions (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at),
  check (channel <> 'kiosk' or kiosk_session_id is not null)
);
alter table public.checkin_tokens enable row level security;
revoke all on public.checkin_tokens from anon, authenticated;

-- Check-in tokens (hashes only): the member they belong to, the kiosk that issued them,
-- staff of their location and admins.
grant select on public.checkin_tokens to authenticated;
create index checkin_tokens_customer_id_idx on public.checkin_tokens (customer_id);
create index checkin_tokens_location_id_idx on public.checkin_tokens (location_id);
create index checkin_tokens_issued_by_user_id_idx on public.checkin_tokens (issued_by_user_id);
create index checkin_tokens_kiosk_session_id_idx on public.checkin_tokens (kiosk_session_id);
create index checkin_tokens_expires_at_idx on public.checkin_tokens (expires_at);
create policy "Members, issuing kiosks and location staff can read check-in tokens"
  on public.checkin_tokens for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or issued_by_user_id = (select auth.uid())
    or location_id = (select private.staff_location_id())
    or (select private.is_admin())
  );

-- A check-in's start commits asynchronously (issue 15). The first of a check-in's two
-- transactions only issues a short-lived token (and counts the kiosk's rate limit): if the
-- server crashed in the few hundred milliseconds before its commit reached disk, the token would
-- be gone and the member would start the check-in again ("Unknown check-in code"). Nothing of
-- value waits on it: the approval, which awards points, commits synchronously, and its flush
-- carries every earlier commit's WAL with it (an approval of a token implies the token is on
-- disk). Saves one WAL flush wait per check-in.
--
-- As in 20261122000420_checkin_tokens.sql, with synchronous_commit off for this transaction (set_config local,
-- not a SET clause: a SET clause would be undone when the function returns).
create or replace function app.start_checkin(p_location_id text, p_phone text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_channel text;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz := now() + interval '15 minutes';
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to check in');
  end if;
  if p_location_id is null then
    perform private.fail('400', 'Choose the location to check in at');
  end if;
  perform private.require_location(p_location_id);

  if p_phone is not null then
    -- At a kiosk: only the kiosk of this location looks customers up by phone.
    select * into v_kiosk from public.kiosk_sessions k where k.user_id = auth.uid();
    if not found or v_kiosk.location_id <> p_location_id then
      perform private.fail('403', 'Only this location''s kiosk can check customers in by phone');
    end if;
    -- Looking a phone up tells whether it belongs to a member: only trusted kiosks may.
    if v_kiosk.enrolled_at is null and not private.demo_mode() then
      perform private.fail('403', 'This kiosk is not enrolled to check customers in');
    end if;
    select * into v_customer from public.customers c where c.phone = app.normalize_phone(p_phone);
    if not found then
      perform private.fail('404', 'Customer not found');
    end if;
    v_channel := 'kiosk';
  else
    select * into v_customer from public.customers c where c.id = private.current_customer_id();
    if not found then
      perform private.fail('404', 'No account found for this sign-in');
    end if;
    v_channel := 'mobile';
  end if;

  perform set_config('synchronous_commit', 'off', true);
  insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, issued_by_user_id, kiosk_session_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), v_customer.id, p_location_id, v_channel, auth.uid(), v_kiosk.id, v_expires);

  return jsonb_build_object('token', v_token, 'expiresAt', v_expires,
                            'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name));
end;
$$;
revoke execute on function app.start_checkin(text, text) from public;
grant execute on function app.start_checkin(text, text) to authenticated;

-- ===== supabase/schemas/40_visits.sql =====

-- Visits: approving a check-in token or a member card (DESIGN §3.2–3.4): the points, the welcome
-- reward of a business on the first approved visit there, the tier rewards, under a lock on the
-- customer row; and demo mode's Simulate Scan, which goes through the same approval.

create table public.visits (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  points integer not null check (points > 0),
  -- A token approves at most one visit (single use, DESIGN §3.2); member-card scans have none.
  checkin_token_id uuid unique references public.checkin_tokens (id) on delete set null,
  approved_by uuid references auth.users (id) on delete set null,
  approved_via text not null check (approved_via in ('kiosk', 'staff', 'admin')),
  created_at timestamptz not null default now(),
  -- An admin may void a fraudulent visit (app.void_visit): the row stays, marked and explained;
  -- the ledger reverses its points. Every rule and read counts approved visits only.
  status text not null default 'approved' check (status in ('approved', 'voided')),
  voided_at timestamptz,
  voided_by uuid references auth.users (id) on delete set null,
  void_reason text check (length(void_reason) <= 500),
  check ((status = 'voided') = (voided_at is not null and void_reason is not null))
);
alter table public.visits enable row level security;
revoke all on public.visits from anon, authenticated;

-- Visits: the member's own, and those at a staff member's location; admins all.
grant select on public.visits to authenticated;
create index visits_customer_location_created_idx on public.visits (customer_id, location_id, created_at desc);
create index visits_location_created_idx on public.visits (location_id, created_at desc);
create index visits_created_at_idx on public.visits (created_at desc);
create index visits_approved_by_idx on public.visits (approved_by);
create index visits_voided_by_idx on public.visits (voided_by);

-- Visits in a range by customer (the "active in the range" semi-join) without touching the heap.
create index visits_approved_created_customer_idx on public.visits (created_at, customer_id, location_id)
  where status = 'approved';
create policy "Members read their own visits, staff their location's"
  on public.visits for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or location_id = (select private.staff_location_id())
    or (select private.is_admin())
  );

-- Approving a visit (DESIGN §3.2–3.4): the points, the welcome reward of a business on the
-- first approved visit there, each tier reward once, the abuse limits and the ledger events —
-- all or nothing, in one function.
-- The member's unlocked, unredeemed rewards that can be used at a location: that business's
-- welcome reward and every network reward. What staff see to redeem at their counter.
create function private.redeemable_rewards(p_customer_id uuid, p_location_id text)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', cr.id, 'name', r.name, 'scope', r.scope)
                            order by r.kind desc, cr.unlocked_at, r.name), '[]'::jsonb)
    from public.customer_rewards cr
    join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id
     and cr.status = 'unlocked'
     and (r.scope = 'network' or r.location_id = p_location_id)
$$;
revoke execute on function private.redeemable_rewards(uuid, text) from public;

-- Demo mode's 'Simulate Scan' (DESIGN §8, issue 13): on the mobile QR screen a member may have
-- their own pending check-in approved as a counter scan would approve it — through
-- app.approve_visit itself, so points, welcome and tier rewards, limits and the ledger follow the
-- real rules — and only while the api runs in demo mode (app.demo_mode = 'on', set per request
-- from DEMO_MODE). Outside demo mode it refuses, whoever asks.
--
-- The scan is made by "the demo counter": a staff identity at the token's location, with no
-- phone and no password, so nobody can sign in as it and staff's own-account rule does not trip
-- over the member. It is created the first time it is needed, in demo mode only.
create function app.demo_simulate_scan(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_counter constant uuid := '00000000-0000-4000-8000-0000000de307';
  v_token public.checkin_tokens;
  v_claims text := current_setting('request.jwt.claims', true);
  v_result jsonb;
begin
  if not private.demo_mode() then
    perform private.fail('403', 'Simulate Scan works only in demo mode');
  end if;
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in to simulate a scan');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  select * into v_token
    from public.checkin_tokens t
   where t.token_hash = sha256(convert_to(p_token, 'UTF8'));
  -- Only the caller's own mobile check-in; anything else is as unknown as a made-up code.
  if not found or v_token.channel <> 'mobile' or v_token.issued_by_user_id is distinct from auth.uid() then
    perform private.fail('404', 'Unknown check-in code');
  end if;

  insert into auth.users (id, aud, role, raw_app_meta_data, raw_user_meta_data)
  values (v_counter, 'authenticated', 'authenticated',
          jsonb_build_object('role', 'staff', 'provider', 'demo'), jsonb_build_object('name', 'Demo counter'))
  on conflict (id) do nothing;
  -- Act as the demo counter for the one call, then as the member again.
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', v_counter, 'role', 'authenticated', 'aud', 'authenticated', 'is_anonymous', false,
    'app_metadata', jsonb_build_object('role', 'staff', 'location_id', v_token.location_id))::text, true);
  v_result := app.approve_visit(p_token);
  perform set_config('request.jwt.claims', v_claims, true);
  -- The member sees their own approval, not a counter's redeem list.
  return v_result || jsonb_build_object('redeemableRewards', '[]'::jsonb);
end;
$$;
revoke execute on function app.demo_simulate_scan(text) from public;
grant execute on function app.demo_simulate_scan(text) to authenticated;

-- Approves a visit from a scanned QR value: a check-in token, or a member card
-- 'customer:{id}'. The rules are those of 20261122000460_visit_approval.sql:
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere; neither for
--     their own customer row (LY403);
--   * the abuse limits (private.check_visit_limits) answer LY429 with Retry-After in the hint.
-- The welcome reward of the business is unlocked only when this is the customer's first
-- approved visit there; each tier reward once (unique indexes on customer_rewards).
-- p_idempotency_key: a retry with the same key (same caller) returns the first result; the
-- same key for another request is LY422.
-- Races: the idempotency key's insert lock, then the token row lock (N parallel approvals of
-- one token award once), then the customer row lock, which serialises every approval of one
-- customer so that points, limits and unlocks are decided on committed state.
create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_uid uuid := auth.uid();
  -- The caller's role once ('admin', 'staff' or null): is_staff_at below is
  -- private.is_staff_at's rule (an admin anywhere, staff at their location) on these values.
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role = 'staff' then private.staff_location_id() end;
  v_token public.checkin_tokens;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_first_here boolean;
  v_visits_today integer;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlock record;
  v_unlocked_ids uuid[];
  v_unlocked jsonb := '[]'::jsonb;
  v_result jsonb;
begin
  if v_uid is null then
    perform private.fail('401', 'Sign in to approve visits');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'approve_visit', 'token', encode(sha256(convert_to(p_token, 'UTF8')), 'hex'),
    'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;

  if p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter.
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, v_staff_location);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = v_location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    v_customer_id := substr(p_token, 10)::uuid;
    v_via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if v_admin or coalesce(v_staff_location = v_token.location_id, false) then
      v_via := case when v_admin then 'admin' else 'staff' end;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if v_token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if v_token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := v_token.customer_id;
    v_location_id := v_token.location_id;
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  -- Only staff and admins can be approving their own account (private.refuse_own_account).
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(v_customer_id, v_location_id) l;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via)
  values (v_customer_id, v_location_id, v_points, v_token.id, v_uid, v_via)
  returning id into v_visit_id;
  v_total := private.record_event(v_customer_id, 'visit_approved', v_points, v_visit_id, null,
                                  v_location_id, p_idempotency_key);

  if v_token.id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = v_token.id;
  end if;

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_by_visit_id)
    select v_customer_id, r.id, case when r.kind = 'welcome' then r.location_id end, v_visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here)
        or (r.kind = 'tier' and t.min_points <= v_total)
    -- No conflict target: both "once" indexes arbitrate (see customer_rewards).
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

  if cardinality(v_unlocked_ids) > 0 then
    for v_unlock in
      select cr.id, r.name, r.description, r.scope
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.id = any(v_unlocked_ids)
       order by r.kind desc, r.name
    loop
      perform private.record_event(v_customer_id, 'reward_unlocked', 0, v_visit_id, v_unlock.id,
                                   v_location_id, p_idempotency_key);
      v_unlocked := v_unlocked || jsonb_build_array(jsonb_build_object(
        'id', v_unlock.id, 'name', v_unlock.name, 'description', v_unlock.description, 'scope', v_unlock.scope));
    end loop;
  end if;

  -- The visit just approved counts towards today's.
  perform private.note_velocity(v_customer_id, v_visits_today + 1);

  v_result := jsonb_build_object(
    'visitId', v_visit_id,
    'customer', jsonb_build_object('id', v_customer_id, 'name', v_customer.name),
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;

-- ===== supabase/schemas/45_ledger.sql =====

-- The points ledger (DESIGN §3 rule 8): every change of a customer's points or rewards is an
-- append-only event; customers.total_points is always the sum of its deltas. Idempotency keys:
-- a retried approval or redemption answers the first result and never awards twice.

-- The points ledger (issue 11 §2; DESIGN §3 rule 8): every change of a customer's points or
-- rewards is an append-only event, written by the same function that makes the change, in the
-- same transaction. customers.total_points is always the sum of the customer's point deltas.
create table public.points_ledger (
  id bigint generated always as identity primary key,
  -- No foreign keys: the ledger is the record of what happened and outlives what it names
  -- (an admin may remove a customer; the history of their points stays).
  customer_id uuid not null,
  event text not null check (event in (
    'visit_approved',      -- +5 for an approved visit
    'reward_unlocked',     -- a welcome or tier reward unlocked
    'reward_redeemed',     -- an unlocked reward used at a counter
    'visit_voided',        -- an admin voided a visit: its points reversed
    'reward_revoked',      -- a reward the voided visit earned, taken back before it was used
    'reward_clawed_back',  -- a reward the voided visit earned that was already redeemed
    'adjustment'           -- an admin's correction of points
  )),
  points integer not null default 0,
  visit_id uuid,
  customer_reward_id uuid,
  location_id text,
  actor_user_id uuid,
  actor_role text check (actor_role in ('kiosk', 'staff', 'admin', 'member', 'system')),
  idempotency_key text check (length(idempotency_key) <= 128),
  reason text check (length(reason) <= 500),
  created_at timestamptz not null default now(),
  check (event in ('visit_approved', 'visit_voided', 'adjustment') or points = 0),
  check (event not in ('visit_voided', 'adjustment') or reason is not null)
);

-- Admins read the whole ledger, a member their own events; nobody writes it directly.
alter table public.points_ledger enable row level security;
revoke all on public.points_ledger from anon, authenticated;
grant select on public.points_ledger to authenticated;
create index points_ledger_customer_id_idx on public.points_ledger (customer_id, id);
create index points_ledger_visit_id_idx on public.points_ledger (visit_id);
create index points_ledger_created_at_idx on public.points_ledger (created_at);
create policy "Members read their own ledger events, admins all"
  on public.points_ledger for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- Idempotency keys (issue 11 §2; header Idempotency-Key): a retried approval or redemption
-- with the same key returns the first result and never awards twice — the base of the kiosk's
-- offline queue. Keys are per caller (Auth user); only successful results are kept (a failed
-- request rolls its key back with everything else, so a retry runs again).
create table private.idempotency_keys (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null check (length(key) between 1 and 128),
  -- What was asked ({"operation", ...} without secrets): the same key for another request is
  -- refused rather than answered with a result that belongs to something else.
  request jsonb not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
alter table private.idempotency_keys enable row level security;
revoke all on private.idempotency_keys from anon, authenticated, service_role;
create index idempotency_keys_created_at_idx on private.idempotency_keys (created_at);

-- Append-only for everyone, the table owner included: history is corrected by new events.
create function private.refuse_ledger_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'LY403', message = 'The points ledger is append-only';
end;
$$;
revoke execute on function private.refuse_ledger_change() from public;

-- Records one event as the current caller; adds its points to the customer's stored total
-- (the caller holds the customer's row lock). Returns the new total.
create function private.record_event(
  p_customer_id uuid,
  p_event text,
  p_points integer default 0,
  p_visit_id uuid default null,
  p_customer_reward_id uuid default null,
  p_location_id text default null,
  p_idempotency_key text default null,
  p_reason text default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
begin
  insert into public.points_ledger (customer_id, event, points, visit_id, customer_reward_id, location_id,
                                    actor_user_id, actor_role, idempotency_key, reason)
  values (p_customer_id, p_event, p_points, p_visit_id, p_customer_reward_id, p_location_id,
          auth.uid(), coalesce(private.actor_role(), 'system'), p_idempotency_key, p_reason);
  if p_points = 0 then
    return (select c.total_points from public.customers c where c.id = p_customer_id);
  end if;
  update public.customers c
     set total_points = c.total_points + p_points
   where c.id = p_customer_id
  returning c.total_points into v_total;
  return v_total;
end;
$$;
revoke execute on function private.record_event(uuid, text, integer, uuid, uuid, text, text, text) from public;

-- Claims a key for this request. Returns null when the request should run (then call
-- private.idempotency_finish with its result), or the stored result of the first request with
-- this key. A parallel request with the same key waits here for the first one to commit (the
-- primary key's insert lock) and then gets its result. The same key with a different request:
-- LY422.
create function private.idempotency_start(p_key text, p_request jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.idempotency_keys;
begin
  if p_key is null then
    return null;
  end if;
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if length(p_key) not between 8 and 128 or p_key !~ '^[\x21-\x7e]+$' then
    perform private.fail('400', 'An idempotency key has 8 to 128 visible ASCII characters');
  end if;
  insert into private.idempotency_keys (user_id, key, request)
  values (auth.uid(), p_key, p_request)
  on conflict do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.idempotency_keys k where k.user_id = auth.uid() and k.key = p_key;
  if v_row.request is distinct from p_request then
    perform private.fail('422', 'This idempotency key was already used for a different request');
  end if;
  return v_row.result;
end;
$$;
revoke execute on function private.idempotency_start(text, jsonb) from public;

create function private.idempotency_finish(p_key text, p_result jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_key is not null then
    update private.idempotency_keys k set result = p_result where k.user_id = auth.uid() and k.key = p_key;
  end if;
  -- Old keys are useless to a retry; drop a few at a time so the table stays small.
  delete from private.idempotency_keys k
   where k.ctid in (select o.ctid from private.idempotency_keys o
                     where o.created_at < now() - interval '7 days' limit 100);
  return p_result;
end;
$$;
revoke execute on function private.idempotency_finish(text, jsonb) from public;

create trigger points_ledger_append_only
  before update or delete on public.points_ledger
  for each row execute function private.refuse_ledger_change();

create trigger points_ledger_no_truncate
  before truncate on public.points_ledger
  for each statement execute function private.refuse_ledger_change();

-- ===== supabase/schemas/50_redemption.sql =====

-- Redeeming an unlocked reward, once (DESIGN §3.5): by its owner, by staff of a business where
-- it is valid, or by an admin; and the rewards a counter may redeem.

create table public.customer_rewards (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Set null, not cascade, when an admin removes a reward: the unlock (and any redemption)
  -- stays on record and keeps blocking a second welcome reward at that business.
  reward_id uuid references public.rewards (id) on delete set null,
  -- The business of a welcome reward (copied from the reward, null for tier rewards), so that
  -- "one welcome reward per customer per business" is a constraint: a business that replaces
  -- its welcome reward cannot hand a customer a second one.
  welcome_location_id text references public.locations (id) on delete set null,
  -- 'revoked': the visit that earned it was voided before it was redeemed (app.void_visit).
  status text not null default 'unlocked' check (status in ('unlocked', 'redeemed', 'revoked')),
  unlocked_at timestamptz not null default now(),
  unlocked_by_visit_id uuid references public.visits (id) on delete set null,
  redeemed_at timestamptz,
  redeemed_location_id text references public.locations (id) on delete set null,
  redeemed_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  check ((status = 'redeemed') = (redeemed_at is not null)),
  check ((status = 'revoked') = (revoked_at is not null))
);
alter table public.customer_rewards enable row level security;
revoke all on public.customer_rewards from anon, authenticated;

-- Unlocked rewards: the member's own; admins all.
grant select on public.customer_rewards to authenticated;

-- Each reward unlocks at most once per customer, and at most one welcome reward per customer
-- and business (DESIGN §3.3, §3.4). A revoked unlock does not count: the reward can be earned
-- again the way it is earned the first time.
create unique index customer_rewards_once on public.customer_rewards (customer_id, reward_id)
  where status <> 'revoked';
create unique index customer_rewards_one_welcome_per_business on public.customer_rewards (customer_id, welcome_location_id)
  where status <> 'revoked' and welcome_location_id is not null;
create index customer_rewards_customer_id_idx on public.customer_rewards (customer_id);
create index customer_rewards_welcome_location_id_idx on public.customer_rewards (welcome_location_id);
create index customer_rewards_reward_id_idx on public.customer_rewards (reward_id);
create index customer_rewards_unlocked_by_visit_id_idx on public.customer_rewards (unlocked_by_visit_id);
create index customer_rewards_redeemed_location_id_idx on public.customer_rewards (redeemed_location_id);
create index customer_rewards_redeemed_by_idx on public.customer_rewards (redeemed_by);
create index customer_rewards_redeemed_at_idx on public.customer_rewards (redeemed_at) where redeemed_at is not null;
create index customer_rewards_unlocked_at_idx on public.customer_rewards (unlocked_at);
create policy "Members read their own rewards, admins all"
  on public.customer_rewards for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or (select private.is_admin())
  );

-- Redeeming an unlocked reward, once (DESIGN §3.5).
-- Who may redeem (issue 11 §1.1): the member who owns it; staff at their own location for a
-- reward valid there (a welcome reward only at its business, a network reward anywhere); an
-- admin at a location where it is valid. Staff and admins never on their own customer row
-- (LY403). Anyone else — another member, a kiosk, a signed-in user with no customer row —
-- gets a 404 (reward ids are shown at counters, so they are not secrets, but whether one
-- exists is not told) and nothing changes. The row lock makes parallel redemptions of one
-- reward succeed exactly once. p_idempotency_key as in app.approve_visit.
-- Returns {"customerReward": {"id", "status": "redeemed", "redeemedAt", "reward": {"name"}}}.
create function app.redeem_reward(p_customer_reward_id uuid, p_location_id text default null,
                                  p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_row public.customer_rewards;
  v_reward public.rewards;
  v_location_id text;
  v_result jsonb;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'redeem_reward', 'customerRewardId', p_customer_reward_id, 'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  perform private.require_location(p_location_id);

  -- Locks in the order approvals take them: the customer's row, then the reward's. (An approval
  -- holding the customer lock may be checking this reward's unique index: taking the reward
  -- lock first would deadlock with it.)
  perform 1 from public.customers c
   where c.id = (select cr.customer_id from public.customer_rewards cr where cr.id = p_customer_reward_id)
     for update;
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id for update;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  if v_row.id is null or v_reward.id is null then
    perform private.fail('404', 'Reward not found');
  end if;

  if private.app_role() is not null then
    -- Staff or an admin at a counter.
    perform private.refuse_own_account(v_row.customer_id);
    v_location_id := coalesce(p_location_id, private.staff_location_id(),
                              case when v_reward.scope = 'location' then v_reward.location_id end);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this reward is redeemed at');
    end if;
    if not private.is_staff_at(v_location_id) then
      perform private.fail('403', 'Only staff of a location where this reward is valid can redeem it');
    end if;
  elsif v_row.customer_id = private.current_customer_id() then
    -- The member themselves.
    v_location_id := coalesce(p_location_id, case when v_reward.scope = 'location' then v_reward.location_id end);
  else
    perform private.fail('404', 'Reward not found');
  end if;
  if v_reward.scope = 'location' and v_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;

  update public.customer_rewards cr
     set status = 'redeemed', redeemed_at = now(), redeemed_location_id = v_location_id, redeemed_by = auth.uid()
   where cr.id = v_row.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'reward_redeemed', 0, null, v_row.id, v_location_id, p_idempotency_key);

  v_result := jsonb_build_object('customerReward', jsonb_build_object(
    'id', v_row.id, 'status', v_row.status, 'redeemedAt', v_row.redeemed_at,
    'reward', jsonb_build_object('name', v_reward.name)));
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.redeem_reward(uuid, text, text) from public;
grant execute on function app.redeem_reward(uuid, text, text) to authenticated;

-- The staff reward list (issue 11 §1.8): what a member scanned at a counter can redeem there,
-- without approving a visit (they may be back within the hour only to redeem). Staff of the
-- location or an admin naming one; never for their own customer row. LY400 no location, LY403,
-- LY404 unknown customer or location.
-- Returns {"customer": {"id", "name"}, "locationId", "redeemableRewards": [{"id", "name", "scope"}]}.
create function app.redeemable_rewards(p_customer_id uuid, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location_id text := coalesce(p_location_id, private.staff_location_id());
  v_customer public.customers;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.app_role() is null then
    perform private.fail('403', 'Only staff can look up a member''s rewards');
  end if;
  if v_location_id is null then
    perform private.fail('400', 'Choose the location the rewards are redeemed at');
  end if;
  perform private.require_location(v_location_id);
  if not private.is_staff_at(v_location_id) then
    perform private.fail('403', 'Only staff of this location can look up rewards here');
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  perform private.refuse_own_account(p_customer_id);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name),
    'locationId', v_location_id,
    'redeemableRewards', private.redeemable_rewards(p_customer_id, v_location_id));
end;
$$;
revoke execute on function app.redeemable_rewards(uuid, text) from public;
grant execute on function app.redeemable_rewards(uuid, text) to authenticated;

-- ===== supabase/schemas/55_corrections.sql =====

-- Corrections by an admin, with a reason, as new ledger events (nothing is deleted): voiding a
-- fraudulent visit, and adjusting a customer's points.

-- Voiding a fraudulent visit (issue 11 §2): an admin, with a reason. Nothing is deleted: the
-- visit is marked voided and new ledger events reverse its points and what it earned.
-- After a void: takes back the rewards the customer no longer earns — the welcome reward of a
-- business with no approved visit left there, and tier rewards above the new points total
-- (tiers follow lifetime points, so a void can demote). An unused reward is revoked (status
-- 'revoked', event reward_revoked). One already redeemed cannot be taken back from the counter:
-- it stays redeemed and the ledger records reward_clawed_back (once), for settlement.
-- Returns the ids revoked and clawed back.
create function private.reverse_unearned_rewards(p_customer_id uuid, p_visit_id uuid, p_reason text)
returns table (revoked uuid[], clawed_back uuid[])
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer := (select c.total_points from public.customers c where c.id = p_customer_id);
  v_row record;
  v_revoked uuid[] := '{}';
  v_clawed uuid[] := '{}';
begin
  for v_row in
    select cr.id, cr.status, coalesce(cr.welcome_location_id, r.location_id) as location_id
      from public.customer_rewards cr
      left join public.rewards r on r.id = cr.reward_id
      left join public.tiers t on t.name = r.tier
     where cr.customer_id = p_customer_id
       and cr.status in ('unlocked', 'redeemed')
       and (
         (cr.welcome_location_id is not null and not exists (
            select 1 from public.visits v
             where v.customer_id = p_customer_id and v.location_id = cr.welcome_location_id and v.status = 'approved'))
         or (t.min_points > v_total))
     order by cr.unlocked_at, cr.id
       for update of cr
  loop
    if v_row.status = 'unlocked' then
      update public.customer_rewards cr set status = 'revoked', revoked_at = now() where cr.id = v_row.id;
      perform private.record_event(p_customer_id, 'reward_revoked', 0, p_visit_id, v_row.id, v_row.location_id, null, p_reason);
      v_revoked := v_revoked || v_row.id;
    elsif not exists (select 1 from public.points_ledger l
                       where l.customer_reward_id = v_row.id and l.event = 'reward_clawed_back') then
      perform private.record_event(p_customer_id, 'reward_clawed_back', 0, p_visit_id, v_row.id, v_row.location_id, null, p_reason);
      v_clawed := v_clawed || v_row.id;
    end if;
  end loop;
  return query select v_revoked, v_clawed;
end;
$$;
revoke execute on function private.reverse_unearned_rewards(uuid, uuid, text) from public;

-- POST /api/admin/visits/{id}/void. pointsReversed is the visit's points, or fewer when an
-- adjustment already brought the balance below them (a balance never goes below 0). LY400 without a reason, LY403 for non-admins, LY404 for an
-- unknown visit, LY409 when it is already voided.
-- Returns {"visitId", "voided": true, "pointsReversed", "rewardsRevoked": [customer reward ids],
--   "rewardsClawedBack": [ids of rewards already redeemed], "totalPoints"}.
create function app.void_visit(p_visit_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_visit public.visits;
  v_total integer;
  v_reversed_points integer;
  v_reversed record;
begin
  perform private.require_admin('Only admins can void visits');
  if v_reason is null then
    perform private.fail('400', 'Say why this visit is voided');
  end if;
  if length(v_reason) > 500 then
    perform private.fail('400', 'A reason is at most 500 characters');
  end if;
  select * into v_visit from public.visits v where v.id = p_visit_id;
  if not found then
    perform private.fail('404', 'Visit not found');
  end if;
  -- The customer's lock first, as approvals take it, then the visit's.
  perform 1 from public.customers c where c.id = v_visit.customer_id for update;
  select * into v_visit from public.visits v where v.id = p_visit_id for update;
  if v_visit.status = 'voided' then
    perform private.fail('409', 'This visit is already voided');
  end if;

  update public.visits v
     set status = 'voided', voided_at = now(), voided_by = auth.uid(), void_reason = v_reason
   where v.id = v_visit.id;
  -- The visit's points, or what is left of them when an admin's adjustment already took some:
  -- a balance never goes below 0.
  v_reversed_points := least(v_visit.points, (select c.total_points from public.customers c where c.id = v_visit.customer_id));
  v_total := private.record_event(v_visit.customer_id, 'visit_voided', -v_reversed_points, v_visit.id, null,
                                  v_visit.location_id, null, v_reason);
  select * into v_reversed from private.reverse_unearned_rewards(v_visit.customer_id, v_visit.id, v_reason);

  return jsonb_build_object('visitId', v_visit.id, 'voided', true, 'pointsReversed', v_reversed_points,
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back),
                            'totalPoints', v_total);
end;
$$;
revoke execute on function app.void_visit(uuid, text) from public;
grant execute on function app.void_visit(uuid, text) to authenticated;

-- An admin's correction of a customer's points (issue 11 §2 "adjustment"), with a reason, as a
-- ledger event. Tier rewards follow the new total both ways, as after a void.
-- Returns {"customerId", "pointsAdjusted", "totalPoints", "unlockedRewards": [ids],
--   "rewardsRevoked": [ids], "rewardsClawedBack": [ids]}.
-- LY400 no reason / zero points / more than 1000 either way, LY403 non-admin, LY404 unknown
-- customer, LY409 when it would take the total below 0.
create function app.adjust_points(p_customer_id uuid, p_points integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_total integer;
  v_unlocked uuid[];
  v_reversed record;
begin
  perform private.require_admin('Only admins can adjust points');
  if v_reason is null or length(v_reason) > 500 then
    perform private.fail('400', 'Say why the points are adjusted (at most 500 characters)');
  end if;
  if coalesce(p_points, 0) = 0 or abs(p_points) > 1000 then
    perform private.fail('400', 'An adjustment is between -1000 and 1000 points, not 0');
  end if;
  select c.total_points into v_total from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_total + p_points < 0 then
    perform private.fail('409', 'A customer''s points cannot go below 0');
  end if;

  v_total := private.record_event(p_customer_id, 'adjustment', p_points, null, null, null, null, v_reason);

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id)
    select p_customer_id, r.id
      from public.rewards r join public.tiers t on t.name = r.tier
     where r.kind = 'tier' and t.min_points <= v_total
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked from unlocked u;
  perform private.record_event(p_customer_id, 'reward_unlocked', 0, null, u, null, null, v_reason)
    from unnest(v_unlocked) u;
  select * into v_reversed from private.reverse_unearned_rewards(p_customer_id, null, v_reason);

  return jsonb_build_object('customerId', p_customer_id, 'pointsAdjusted', p_points, 'totalPoints', v_total,
                            'unlockedRewards', to_jsonb(v_unlocked),
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back));
end;
$$;
revoke execute on function app.adjust_points(uuid, integer, text) from public;
grant execute on function app.adjust_points(uuid, integer, text) to authenticated;

-- ===== supabase/schemas/60_limits.sql =====

-- The abuse limits (issue 11 §3), decided in SQL under the customer's row lock: visits per member
-- and business, per member across the village, velocity flags; and the fixed-window request
-- counters behind the API's per-client rate limits.

-- Fixed-window request counters for the API's abuse limits (shared by every edge instance).
create table private.rate_limit_hits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, key, window_start)
);
alter table private.rate_limit_hits enable row level security;
revoke all on private.rate_limit_hits from anon, authenticated, service_role;
create index rate_limit_hits_window_start_idx on private.rate_limit_hits (window_start);

-- Velocity flags (issue 11 §3, Square's threshold; setting velocity_flag_visits, 5, 0 = off):
-- a member with velocity_flag_visits or more approved
-- visits in one day of the programme's time zone is flagged for the operator, once per day.
create table private.velocity_flags (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  day date not null,
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_id, day)
);
alter table private.velocity_flags enable row level security;
revoke all on private.velocity_flags from anon, authenticated, service_role;
create index velocity_flags_dismissed_by_idx on private.velocity_flags (dismissed_by);
create index velocity_flags_day_idx on private.velocity_flags (day desc);

-- Staff and admins do not approve visits or redeem rewards for themselves: not on a customer
-- row linked to their own user, nor on one with their own phone (LY403).
create function private.refuse_own_account(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.app_role() is not null and exists (
    select 1 from public.customers c
     where c.id = p_customer_id and (c.user_id = auth.uid() or c.phone = private.jwt_phone())
  ) then
    perform private.fail('403', 'Staff cannot approve visits or redeem rewards on their own account');
  end if;
end;
$$;
revoke execute on function private.refuse_own_account(uuid) from public;

-- The start and end of a programme day.
create function private.day_bounds(p_day date)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = ''
as $$
  select p_day::timestamp at time zone private.programme_time_zone(),
         (p_day + 1)::timestamp at time zone private.programme_time_zone()
$$;
revoke execute on function private.day_bounds(date) from public;

-- A flag as the admin API shows it: the member and that day's approved visits (counted now, so a
-- voided visit no longer counts).
create function private.velocity_flag_json(p_flag private.velocity_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'visits', (
      select count(*) from public.visits v, private.day_bounds(p_flag.day) d
       where v.customer_id = p_flag.customer_id and v.status = 'approved'
         and v.created_at >= d.starts_at and v.created_at < d.ends_at),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.velocity_flag_json(private.velocity_flags) from public;

-- GET /api/admin/velocity-flags: open flags (and dismissed ones when asked), newest day first.
create function app.admin_velocity_flags(p_include_dismissed boolean default false, p_limit integer default 100)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read velocity flags');
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  return (
    select coalesce(jsonb_agg(private.velocity_flag_json(f) order by f.day desc, f.flagged_at desc, f.id), '[]'::jsonb)
      from (select * from private.velocity_flags vf
             where coalesce(p_include_dismissed, false) or vf.dismissed_at is null
             order by vf.day desc, vf.flagged_at desc, vf.id
             limit p_limit) f);
end;
$$;
revoke execute on function app.admin_velocity_flags(boolean, integer) from public;
grant execute on function app.admin_velocity_flags(boolean, integer) to authenticated;

-- An admin dismisses a flag (looked at, nothing wrong). Dismissing twice keeps the first time.
create function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;
revoke execute on function app.dismiss_velocity_flag(uuid) from public;
grant execute on function app.dismiss_velocity_flag(uuid) to authenticated;

-- Refuses (LY429, hint = Retry-After seconds) a visit that breaks a time limit, and answers what
-- the approval needs from the same visits: whether this is the member's first approved visit at
-- this business (its welcome reward) and how many approved visits they have today (programme
-- time zone, before this one: the velocity flag). The caller holds the customer's row lock.
-- clock_timestamp(), not now(): a transaction that waited for the lock may have started before
-- the visit it now sees was made. Settings: private.settings (0 turns a limit off).
create function private.check_visit_limits(p_customer_id uuid, p_location_id text,
                                           out first_here boolean, out visits_today integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.settings;
  v_now timestamptz := clock_timestamp();
  v_day_start timestamptz;
  v_day_end timestamptz;
  v_last_here timestamptz;
  v_last timestamptz;
  v_last_hour timestamptz[];
  v_wait interval;
  v_oldest timestamptz;
begin
  select * into v_settings from private.settings s where s.id;
  select d.starts_at, d.ends_at into v_day_start, v_day_end
    from private.day_bounds((now() at time zone private.programme_time_zone())::date) d;

  select max(v.created_at) filter (where v.location_id = p_location_id),
         max(v.created_at),
         array_agg(v.created_at order by v.created_at desc) filter (where v.created_at > v_now - interval '1 hour'),
         count(*) filter (where v.created_at >= v_day_start and v.created_at < v_day_end)
    into v_last_here, v_last, v_last_hour, visits_today
    from public.visits v
   where v.customer_id = p_customer_id and v.status = 'approved';

  if v_settings.min_visit_interval > interval '0' then
    v_wait := v_last_here + v_settings.min_visit_interval - v_now;
    if v_wait > interval '0' then
      perform private.fail('429', 'This visit was already approved recently',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.min_visit_gap_anywhere > interval '0' then
    v_wait := v_last + v_settings.min_visit_gap_anywhere - v_now;
    if v_wait > interval '0' then
      perform private.fail('429', 'Another visit of this member was approved a moment ago',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.max_visits_per_hour > 0 then
    -- The visit that must leave the last hour before another fits.
    v_oldest := v_last_hour[v_settings.max_visits_per_hour];
    if v_oldest is not null then
      perform private.fail('429', 'This member has reached the visits allowed in an hour',
                           greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - v_now)))::integer::text);
    end if;
  end if;

  first_here := v_last_here is null;
end;
$$;
revoke execute on function private.check_visit_limits(uuid, text) from public;

-- Called after a visit is approved (under the customer's row lock), with the day's approved
-- visits including it: flags the member once a day at velocity_flag_visits (0 = off).
create function private.note_velocity(p_customer_id uuid, p_visits_today integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select s.velocity_flag_visits from private.settings s where s.id);
begin
  if v_threshold > 0 and p_visits_today >= v_threshold then
    insert into private.velocity_flags (customer_id, day)
    values (p_customer_id, (now() at time zone private.programme_time_zone())::date)
    on conflict (customer_id, day) do nothing;
  end if;
end;
$$;
revoke execute on function private.note_velocity(uuid, integer) from public;

-- ===== supabase/schemas/65_contact.sql =====

-- The contact form's messages.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text check (length(subject) <= 200),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated;

-- Contact messages: only admins read them; they are written through app.submit_contact_message.
grant select on public.contact_messages to authenticated;
create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id);
create policy "Admins read contact messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));

-- The contact form, and the request counters behind the API's per-client rate limits.
-- Stores a contact-form message (SPEC §2 Contact). Rate limited by the API. Returns {"received": true}.
create function app.submit_contact_message(p_name text, p_email text, p_subject text, p_message text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_email(btrim(p_email)), false) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if length(btrim(coalesce(p_message, ''))) not between 1 and 5000 then
    perform private.fail('400', 'A message has 1 to 5000 characters');
  end if;
  if length(btrim(coalesce(p_subject, ''))) > 200 then
    perform private.fail('400', 'A subject has at most 200 characters');
  end if;
  insert into public.contact_messages (name, email, subject, message)
  values (private.clean_name(p_name), btrim(p_email), nullif(btrim(coalesce(p_subject, '')), ''), p_message);
  return jsonb_build_object('received', true);
end;
$$;
revoke execute on function app.submit_contact_message(text, text, text, text) from public;
grant execute on function app.submit_contact_message(text, text, text, text) to anon, authenticated;

-- Counts one request against a fixed-window limit shared by every edge instance. Returns 0
-- when allowed, otherwise the seconds until the window resets (for Retry-After).
create function app.hit_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_window_start timestamptz :=
    to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  insert into private.rate_limit_hits as h (bucket, key, window_start, hits)
  values (p_bucket, p_key, v_window_start, 1)
  on conflict (bucket, key, window_start) do update set hits = h.hits + 1
  returning h.hits into v_hits;
  -- Old windows are useless; drop a few at a time so the table stays small.
  delete from private.rate_limit_hits h
   where h.ctid in (select o.ctid from private.rate_limit_hits o
                     where o.window_start < now() - interval '1 day' limit 100);
  if v_hits > p_limit then
    return greatest(1, ceil(extract(epoch from v_window_start + make_interval(secs => p_window_seconds) - now()))::integer);
  end if;
  return 0;
end;
$$;
revoke execute on function app.hit_rate_limit(text, text, integer, integer) from public;
grant execute on function app.hit_rate_limit(text, text, integer, integer) to service_role;

-- ===== supabase/schemas/68_member_reads.sql =====

-- Reads behind GET /api/me, /api/me/visits and /api/locations (SPEC §2, §7).

-- Reads behind GET /api/me, /api/me/visits and /api/locations (SPEC §2, §7). They are security
-- invoker, so RLS decides what each caller sees. Voided visits and revoked rewards are left out.
-- The tier a points total earns: the highest tier whose threshold it reaches (SPEC §4).
create function private.tier_for(p_points integer)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('name', t.name, 'minPoints', t.min_points)
    from public.tiers t
   where t.min_points <= greatest(coalesce(p_points, 0), 0)
   order by t.min_points desc
   limit 1
$$;
revoke execute on function private.tier_for(integer) from public;
grant execute on function private.tier_for(integer) to authenticated;

-- The next goal (SPEC §4): the next tier's threshold and label; past the top tier, a
-- 'Premium Reward' 10 points above it (targets 10, 20, 30 with the seeded tiers).
create function private.next_goal(p_points integer)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('target', g.target, 'label', g.label,
                            'pointsNeeded', greatest(g.target - coalesce(p_points, 0), 0))
    from (
      select coalesce(n.min_points, top.min_points + 10) as target,
             coalesce(n.goal_label, 'Premium Reward') as label
        from (select max(t.min_points) as min_points from public.tiers t) top
        left join lateral (
          select t.min_points, t.goal_label
            from public.tiers t
           where t.min_points > coalesce(p_points, 0)
           order by t.min_points
           limit 1
        ) n on true
    ) g
$$;
revoke execute on function private.next_goal(integer) from public;
grant execute on function private.next_goal(integer) to authenticated;

-- The signed-in member's visits, newest first (GET /api/me/visits, /account/history).
create function app.my_visits(p_limit integer default 50)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_customer_id uuid := private.current_customer_id();
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if v_customer_id is null then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  return jsonb_build_object('visits', (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'locationId', v.location_id,
                                                 'businessName', l.business_name, 'points', v.points,
                                                 'createdAt', v.created_at)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi
             where vi.customer_id = v_customer_id and vi.status = 'approved'
             order by vi.created_at desc, vi.id
             limit p_limit) v
      join public.locations l on l.id = v.location_id));
end;
$$;
revoke execute on function app.my_visits(integer) from public;
grant execute on function app.my_visits(integer) to authenticated;

-- GET /api/locations: the participating businesses with their welcome rewards (public), in
-- the contract's shape (LocationList).
create function app.locations()
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id, 'slug', l.id, 'businessName', l.business_name, 'kind', l.kind,
           'description', l.description, 'address', l.address, 'logoUrl', l.logo_url,
           'icon', l.icon, 'color', l.color,
           'welcomeReward', jsonb_build_object('name', r.name, 'description', r.description))
         order by l.sort_order, l.id), '[]'::jsonb)
    from public.locations l
    join public.rewards r on r.location_id = l.id and r.kind = 'welcome'
$$;
revoke execute on function app.locations() from public;
grant execute on function app.locations() to anon, authenticated;

-- A leaner GET /api/me (issue 15), same answer: the member's visits are read once (the
-- businesses visited and the total visits were two scans of them), and it runs as security
-- definer: RLS re-derived the caller's customer id (private.current_customer_id) and admin
-- status for each of the four tables read, ~30 % of the function's time under pgbench. Every
-- read here is of the one customer row private.current_customer_id() names (the signed-in,
-- non-anonymous user's own) and of that customer's visits and rewards, so nobody sees more.
create or replace function app.me()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_visits jsonb;
  v_total_visits bigint;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  select * into v_customer from public.customers c where c.id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  -- visits.location_id is never null and cascades with its location: every visit has a business.
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name,
                                               'visits', v.visits, 'lastVisit', v.last_visit)
                  order by v.last_visit desc), '[]'::jsonb),
         coalesce(sum(v.visits), 0)
    into v_visits, v_total_visits
    from (select vi.location_id, count(*) as visits, max(vi.created_at) as last_visit
            from public.visits vi
           where vi.customer_id = v_customer.id and vi.status = 'approved'
           group by vi.location_id) v
    join public.locations l on l.id = v.location_id;
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name,
                                   'phone', right(v_customer.phone, 10), 'email', v_customer.email),
    'totalPoints', v_customer.total_points,
    'tier', private.tier_for(v_customer.total_points),
    'nextGoal', private.next_goal(v_customer.total_points),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'reward', jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                            'scope', r.scope, 'locationId', r.location_id,
                                            'businessName', l.business_name))
             order by cr.unlocked_at desc, r.name), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = r.location_id
       where cr.customer_id = v_customer.id and cr.status <> 'revoked'),
    'visitedLocations', v_visits,
    'totalVisits', v_total_visits);
end;
$$;
revoke execute on function app.me() from public;
grant execute on function app.me() to authenticated;

-- ===== supabase/schemas/70_admin_reads.sql =====

-- Reads behind the admin dashboard (SPEC §2; DESIGN §8): metric cards, the visits chart, recent
-- activity, top locations, the Customers, Rewards, Locations, Messages, Exports and Reports tabs.
-- Security invoker where RLS decides what an admin sees; the heavy ones read the rollups of
-- 75_rollups.sql instead of scanning visits.

-- Growth of a figure against its comparison period: whole percent, null when there was nothing before.
create function private.growth(p_current bigint, p_previous bigint, p_period text)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'previous', p_previous,
    'percent', case when p_previous = 0 then null else round((p_current - p_previous) * 100.0 / p_previous)::integer end,
    'period', p_period)
$$;
revoke execute on function private.growth(bigint, bigint, text) from public;
grant execute on function private.growth(bigint, bigint, text) to authenticated;

-- The latest approved visits anywhere (dashboard Recent Activity), newest first.
create function app.admin_activity(p_limit integer default 20)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'customerName', c.name,
                                                 'locationId', l.id, 'locationName', l.business_name,
                                                 'createdAt', v.created_at, 'points', v.points)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi where vi.status = 'approved' order by vi.created_at desc, vi.id limit p_limit) v
      join public.customers c on c.id = v.customer_id
      join public.locations l on l.id = v.location_id);
end;
$$;
revoke execute on function app.admin_activity(integer) from public;
grant execute on function app.admin_activity(integer) to authenticated;
alter function app.admin_activity(integer) set jit = off;

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

-- Customers for the tab: with a date range, those active in it — joined in it, or visited in
-- it (with a location: joined there or visited there); range 'all' lists everyone. Search
-- matches a part of the name (any case) or a run of at least 3 phone digits. Sorted by
-- p_sort (lastActive, name, points, lastVisit, totalVisits, createdAt) in p_order, id as the
-- tie-breaker; page p_page of p_limit rows. Rows keep SPEC §3's fields.
create function private.admin_customer_ids(p_search text, p_location_id text, p_range text,
                                           p_from date, p_to date)
returns table (id uuid)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) < 3 then v_digits := null; end if;
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query
      select c.id from public.customers c
       where (v_search is null or position(v_search in lower(c.name)) > 0
              or (v_digits is not null and position(v_digits in c.phone) > 0))
         and (p_location_id is null or c.signup_location_id = p_location_id
              or c.id in (select v.customer_id from public.visits v
                           where v.location_id = p_location_id and v.status = 'approved'));
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select c.id from public.customers c
     where (v_search is null or position(v_search in lower(c.name)) > 0
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

-- One customer's whole record for the detail view: contact details and consents, visits
-- (voided ones too, marked), rewards, redemptions and the ledger, newest first.
create function app.admin_customer(p_customer_id uuid)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  c public.customers;
begin
  perform private.require_admin('Only admins can read customers');
  select * into c from public.customers x where x.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  return jsonb_build_object(
    'customer', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', right(c.phone, 10), 'email', c.email,
      'totalPoints', c.total_points, 'status', private.tier_for(c.total_points) ->> 'name',
      'lastVisit', c.last_visit_at, 'totalVisits', c.visit_count, 'createdAt', c.created_at,
      'smsConsent', c.sms_consent, 'emailConsent', c.email_consent,
      'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'signedIn', c.user_id is not null),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'approvedVia', v.approved_via, 'status', v.status, 'createdAt', v.created_at,
               'voidedAt', v.voided_at, 'voidReason', v.void_reason)
             order by v.created_at desc, v.id), '[]'::jsonb)
        from (select * from public.visits x where x.customer_id = c.id order by x.created_at desc, x.id limit 500) v
        join public.locations l on l.id = v.location_id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'name', coalesce(r.name, 'Removed reward'),
               'kind', r.kind, 'scope', r.scope, 'locationId', coalesce(r.location_id, cr.welcome_location_id),
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id),
    'redemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', coalesce(r.name, 'Removed reward'),
               'locationId', cr.redeemed_location_id, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at)
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = c.id and cr.redeemed_at is not null),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'wording', k.wording, 'scope', k.scope,
               'signupChannel', k.signup_channel, 'createdAt', k.created_at)
             order by k.created_at desc, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'actorRole', e.actor_role, 'reason', e.reason, 'createdAt', e.created_at)
             order by e.id desc), '[]'::jsonb)
        from (select * from public.points_ledger x where x.customer_id = c.id order by x.id desc limit 500) e));
end;
$$;
revoke execute on function app.admin_customer(uuid) from public;
grant execute on function app.admin_customer(uuid) to authenticated;

-- A range for the admin tabs: 'all' (no bounds) or a dashboard range.
create function private.admin_range(p_range text, p_from date, p_to date)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
begin
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query select '-infinity'::timestamptz, 'infinity'::timestamptz;
    return;
  end if;
  return query select d.starts_at, d.ends_at from private.dashboard_range(p_range, p_from, p_to) d;
end;
$$;
revoke execute on function private.admin_range(text, date, date) from public;
grant execute on function private.admin_range(text, date, date) to authenticated;

-- A location's kiosks, newest first. signedIn: the device still holds a live Auth session.
create function app.admin_kiosks(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage kiosks');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', k.id, 'locationId', k.location_id, 'enrolled', k.enrolled_at is not null,
             'enrolledAt', k.enrolled_at, 'deviceFingerprint', k.device_fingerprint,
             'createdAt', k.created_at, 'lastSeenAt', k.last_seen_at,
             'signedIn', exists (select 1 from auth.sessions s where s.user_id = k.user_id))
           order by k.last_seen_at desc, k.id), '[]'::jsonb)
      from public.kiosk_sessions k
     where k.location_id = p_location_id);
end;
$$;
revoke execute on function app.admin_kiosks(text) from public;
grant execute on function app.admin_kiosks(text) to authenticated;

-- Revokes a kiosk (lost or stolen device): its enrolment is dropped and its Auth sessions are
-- ended, so its token is refused at once (the api checks the session) and it cannot refresh.
-- To use the device again staff sign it in anew and enrol it with the current code; rotate
-- the code when the device may have kept it.
create function app.revoke_kiosk(p_kiosk_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  k public.kiosk_sessions;
begin
  perform private.require_admin('Only admins can manage kiosks');
  update public.kiosk_sessions x set enrolled_at = null where x.id = p_kiosk_id returning * into k;
  if not found then
    perform private.fail('404', 'Unknown kiosk');
  end if;
  delete from auth.sessions s where s.user_id = k.user_id;
  return jsonb_build_object('id', k.id, 'locationId', k.location_id, 'revoked', true);
end;
$$;
revoke execute on function app.revoke_kiosk(uuid) from public;
grant execute on function app.revoke_kiosk(uuid) to authenticated;

-- Contact messages from the public site, newest first, a page at a time, with the total.
create function app.admin_contact_messages(p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read messages');
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.contact_messages),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'email', m.email,
                                                   'subject', m.subject, 'message', m.message, 'createdAt', m.created_at)
             order by m.created_at desc, m.id), '[]'::jsonb)
        from (select * from public.contact_messages x order by x.created_at desc, x.id
               limit p_limit offset (p_page - 1)::bigint * p_limit) m));
end;
$$;
revoke execute on function app.admin_contact_messages(integer, integer) from public;
grant execute on function app.admin_contact_messages(integer, integer) to authenticated;

-- CSV exports of the admin Exports tab (issue 14). Set-returning functions, read by the api
-- through a cursor a batch at a time (supabase/functions/_shared/stream.ts). Security invoker:
-- RLS applies, and the admin check refuses anyone else before the first row.
-- Customers matching the Customers tab's filters (range 'all' by default), oldest first, with
-- their consent flags and the SMS consent they gave: the wording shown, its scope and when.
create function app.admin_export_customers(p_search text default null, p_location_id text default null,
                                           p_range text default 'all', p_from date default null,
                                           p_to date default null)
returns table (
  id uuid, name text, phone text, email text, total_points integer, tier text, total_visits integer,
  last_visit_at timestamptz, joined_at timestamptz, signup_channel text, signup_location_id text,
  sms_consent boolean, email_consent boolean, sms_consent_wording text, sms_consent_scope text,
  sms_consent_given_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can export customers');
  perform private.require_location(p_location_id);
  return query
    select c.id, c.name, right(c.phone, 10), c.email, c.total_points, private.tier_for(c.total_points) ->> 'name',
           c.visit_count, c.last_visit_at, c.created_at, c.signup_channel, c.signup_location_id,
           c.sms_consent, c.email_consent, k.wording, k.scope, k.created_at
      from public.customers c
      left join lateral (
        select x.wording, x.scope, x.created_at from public.consents x
         where x.customer_id = c.id and x.channel = 'sms'
         order by x.created_at desc, x.id limit 1) k on true
     where c.id in (select f.id from private.admin_customer_ids(p_search, p_location_id, p_range, p_from, p_to) f)
     order by c.created_at, c.id;
end;
$$;
revoke execute on function app.admin_export_customers(text, text, text, date, date) from public;
grant execute on function app.admin_export_customers(text, text, text, date, date) to authenticated;

-- Visits in a dashboard range (and at a location), oldest first, voided ones included and marked.
create function app.admin_export_visits(p_location_id text default null, p_range text default '7days',
                                        p_from date default null, p_to date default null)
returns table (
  visit_id uuid, visited_at timestamptz, location_id text, business_name text, customer_id uuid,
  customer_name text, points integer, approved_via text, status text, voided_at timestamptz, void_reason text)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can export visits');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select v.id, v.created_at, v.location_id, l.business_name, v.customer_id, c.name, v.points,
           v.approved_via, v.status, v.voided_at, v.void_reason
      from public.visits v
      join public.locations l on l.id = v.location_id
      join public.customers c on c.id = v.customer_id
     where v.created_at >= r.starts_at and v.created_at < r.ends_at
       and (p_location_id is null or v.location_id = p_location_id)
     order by v.created_at, v.id;
end;
$$;
revoke execute on function app.admin_export_visits(text, text, date, date) from public;
grant execute on function app.admin_export_visits(text, text, date, date) to authenticated;

-- The dashboard's visits-per-day chart in one pass (issue 15): the version of 20261123001460_daily_rollup.sql
-- looked each day up in the range's counts with two correlated subqueries, so its cost grew
-- with days × (days × businesses) — 0.85 s for a one-year custom range at 50k visits, seconds
-- under load. Here the day × business grid is joined to the counts once and grouped by day.
-- Same contract: every day of the range, its total and a count per business (0 when none).
create or replace function app.admin_visit_series(p_location_id text default null, p_range text default '7days',
                                                  p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_zone text := private.programme_time_zone();
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return jsonb_build_object(
    'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
    'timeZone', v_zone,
    'locations', (
      select jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name, 'color', l.color)
                       order by l.sort_order, l.id)
        from public.locations l where p_location_id is null or l.id = p_location_id),
    'days', (
      with counts as (
        select c.day, c.location_id, sum(c.n) as n
          from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c
         where p_location_id is null or c.location_id = p_location_id
         group by 1, 2),
      days as (
        select s.d::date as day
          from generate_series(private.programme_day(r.starts_at),
                               private.programme_day(r.ends_at - interval '1 microsecond'), interval '1 day') as s(d)),
      grid as (
        select d.day, coalesce(sum(c.n), 0) as total,
               coalesce(jsonb_object_agg(l.id, coalesce(c.n, 0)) filter (where l.id is not null), '{}'::jsonb) as visits
          from days d
          left join public.locations l on p_location_id is null or l.id = p_location_id
          left join counts c on c.day = d.day and c.location_id = l.id
         group by d.day)
      select jsonb_agg(jsonb_build_object('day', to_char(g.day, 'YYYY-MM-DD'), 'total', g.total, 'visits', g.visits)
                       order by g.day)
        from grid g));
end;
$$;
revoke execute on function app.admin_visit_series(text, text, date, date) from public;
grant execute on function app.admin_visit_series(text, text, date, date) to authenticated;
alter function app.admin_visit_series(text, text, date, date) set jit = off;

-- Dashboard ranges as whole programme days (issue 14). A rolling range (now − 7 days … now)
-- starts mid-day, so every read had to count its two partial days from the visits table, and
-- distinct members could not come from a day rollup at all. Now every range is a run of whole
-- days in America/Chicago, answerable from the day rollups:
--   7days    today and the 6 days before it;
--   30days   today and the 29 days before it;
--   3months  from the day after the same date three months ago, through today;
--   custom   from `from` through `to` (as before).
-- The previous period is the same number of days just before. The API returns the range it
-- used as instants (range.from = the first day's midnight, range.to = the midnight after the
-- last day), so a range across a DST change is a whole number of days, not of 24 hours.
create function private.dashboard_days(p_range text, p_from date default null, p_to date default null)
returns table (first_day date, end_day date, previous_first_day date)
language plpgsql stable
set search_path = ''
as $$
declare
  v_today date := (now() at time zone private.programme_time_zone())::date;
  v_first date;
  v_end date := v_today + 1;
begin
  case coalesce(p_range, '7days')
    when '7days' then v_first := v_today - 6;
    when '30days' then v_first := v_today - 29;
    when '3months' then v_first := (v_today - interval '3 months')::date + 1;
    when 'custom' then
      if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 731
         or p_from < date '2000-01-01' or p_to > date '2100-12-31' then
        perform private.fail('400', 'A custom range needs from <= to, at most two years apart');
      end if;
      v_first := p_from;
      v_end := p_to + 1;
    else
      perform private.fail('400', 'Unknown date range');
  end case;
  if p_range is distinct from 'custom' and (p_from is not null or p_to is not null) then
    perform private.fail('400', 'from and to belong to a custom range');
  end if;
  return query select v_first, v_end, v_first - (v_end - v_first);
end;
$$;
revoke execute on function private.dashboard_days(text, date, date) from public;
grant execute on function private.dashboard_days(text, date, date) to authenticated;

-- The same range as instants [starts_at, ends_at) with the previous period's start; every
-- dashboard read (metrics, chart, top locations, customers, cross-shopping, tabs) uses it.
create or replace function private.dashboard_range(p_range text, p_from date default null, p_to date default null)
returns table (starts_at timestamptz, ends_at timestamptz, previous_starts_at timestamptz)
language sql stable
set search_path = ''
as $$
  select d.first_day::timestamp at time zone private.programme_time_zone(),
         d.end_day::timestamp at time zone private.programme_time_zone(),
         d.previous_first_day::timestamp at time zone private.programme_time_zone()
    from private.dashboard_days(p_range, p_from, p_to) d
$$;
revoke execute on function private.dashboard_range(text, date, date) from public;
grant execute on function private.dashboard_range(text, date, date) to authenticated;

-- Dashboard metrics (SPEC §2 four cards) with their growth captions (DESIGN §8):
--   signupsToday  customers who joined today (programme time zone), vs yesterday;
--   totalVisits   approved visits in the range, vs the previous period of equal length;
--   redemptions   rewards redeemed in the range, vs the previous period;
--   activeMembers distinct customers with a visit in the range, vs the previous period.
-- With a location: sign-ups there, visits there, redemptions there, members who visited there.
create or replace function app.admin_metrics(p_location_id text default null, p_range text default '7days',
                                             p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  d record;
  v_zone text := private.programme_time_zone();
  v_today date := (now() at time zone v_zone)::date;
  v_today_start timestamptz := v_today::timestamp at time zone v_zone;
  v_yesterday_start timestamptz := (v_today - 1)::timestamp at time zone v_zone;
  v_today_end timestamptz := (v_today + 1)::timestamp at time zone v_zone;
  v_starts_at timestamptz; v_ends_at timestamptz; v_previous_starts_at timestamptz;
  v_signups bigint; v_signups_before bigint;
  v_visits bigint; v_visits_before bigint;
  v_redemptions bigint; v_redemptions_before bigint;
  v_active bigint; v_active_before bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  v_starts_at := d.first_day::timestamp at time zone v_zone;
  v_ends_at := d.end_day::timestamp at time zone v_zone;
  v_previous_starts_at := d.previous_first_day::timestamp at time zone v_zone;

  select count(*) filter (where c.created_at >= v_today_start),
         count(*) filter (where c.created_at < v_today_start)
    into v_signups, v_signups_before
    from public.customers c
   where c.created_at >= v_yesterday_start and c.created_at < v_today_end
     and (p_location_id is null or c.signup_location_id = p_location_id);

  select coalesce(sum(c.after) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.after) filter (where c.kind = 'redemptions'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'redemptions'), 0)
    into v_visits, v_visits_before, v_redemptions, v_redemptions_before
    from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits', 'redemptions']) c
   where p_location_id is null or c.location_id = p_location_id;

  v_active := private.active_members(coalesce(p_location_id, ''), d.first_day, d.end_day, v_visits);
  v_active_before := private.active_members(coalesce(p_location_id, ''), d.previous_first_day, d.first_day, v_visits_before);

  return jsonb_build_object(
    'signupsToday', v_signups,
    'totalVisits', v_visits,
    'redemptions', v_redemptions,
    'activeMembers', v_active,
    'growth', jsonb_build_object(
      'signupsToday', private.growth(v_signups, v_signups_before, 'yesterday'),
      'totalVisits', private.growth(v_visits, v_visits_before, 'previous_period'),
      'redemptions', private.growth(v_redemptions, v_redemptions_before, 'previous_period'),
      'activeMembers', private.growth(v_active, v_active_before, 'previous_period')),
    'range', jsonb_build_object('from', v_starts_at, 'to', v_ends_at),
    'previousRange', jsonb_build_object('from', v_previous_starts_at, 'to', v_starts_at),
    'today', jsonb_build_object('from', v_today_start, 'to', v_today_end, 'timeZone', v_zone));
end;
$$;
revoke execute on function app.admin_metrics(text, text, date, date) from public;
grant execute on function app.admin_metrics(text, text, date, date) to authenticated;

-- Top performing locations: visits in the range per business, with growth against the
-- previous period of equal length; businesses with no visit in the range are left out.
create or replace function app.admin_top_locations(p_range text default '7days', p_from date default null,
                                                   p_to date default null, p_limit integer default 5)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  d record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 50 then
    perform private.fail('400', 'limit is between 1 and 50');
  end if;
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.business_name, 'visits', x.visits, 'previousVisits', x.previous_visits,
             'growth', private.growth(x.visits, x.previous_visits, 'previous_period') -> 'percent',
             'icon', x.icon, 'color', x.color)
           order by x.visits desc, x.sort_order), '[]'::jsonb)
      from (
        select l.id, l.business_name, l.icon, l.color, l.sort_order, c.visits, c.previous_visits
          from public.locations l
          join (select c.location_id, c.after as visits, c.before as previous_visits
                  from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits']) c) c
            on c.location_id = l.id
         where c.visits > 0
         order by c.visits desc, l.sort_order
         limit p_limit
      ) x);
end;
$$;
revoke execute on function app.admin_top_locations(text, date, date, integer) from public;
grant execute on function app.admin_top_locations(text, date, date, integer) to authenticated;

-- The Locations tab: visits from the day rollup, distinct visiting members from the returns
-- rollup (all time: the members' first visits there), the rest from small tables.
create or replace function app.admin_locations(p_range text default '7days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_first date;
  v_end date;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  v_first := case when r.starts_at = '-infinity' then '-infinity'::date else private.programme_day(r.starts_at) end;
  v_end := case when r.ends_at = 'infinity' then 'infinity'::date else private.programme_day(r.ends_at) end;
  return (
    with visits as (select c.location_id, c.after as n from private.day_sums(v_first, v_first, v_end, array['visits']) c),
    signups as (select * from private.signups_by_location())
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', l.id, 'businessName', l.business_name, 'kind', l.kind, 'icon', l.icon, 'color', l.color,
             'visits', coalesce(v.n, 0),
             'members', private.active_members(l.id, v_first, v_end, coalesce(v.n, 0)),
             'signups', coalesce((select s.n from signups s where s.location_id = l.id), 0),
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
      left join visits v on v.location_id = l.id);
end;
$$;
revoke execute on function app.admin_locations(text, date, date) from public;
grant execute on function app.admin_locations(text, date, date) to authenticated;

-- A LIKE pattern matching p_part anywhere (its %, _ and \ taken literally).
create function private.like_contains(p_part text)
returns text
language sql immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(p_part, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke execute on function private.like_contains(text) from public;
grant execute on function private.like_contains(text) to authenticated;

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
revoke execute on function private.admin_customer_search_sql() from public;
grant execute on function private.admin_customer_search_sql() to authenticated;

-- The where clause of the tab's filters over public.customers c, with $1 search (lower case),
-- $2 phone digits (3 or more), $3 location, $4 range start, $5 range end; the range bounds of
-- 'all' are null. The same text serves the page, the count and the export.
--
-- As in 20261123001450_admin_customers_plans.sql, with the search written as LIKE (same matches as position() > 0).
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
revoke execute on function private.admin_customer_filter(text, text, date, date) from public;
grant execute on function private.admin_customer_filter(text, text, date, date) to authenticated;

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
revoke execute on function app.admin_customers(text, text, text, date, date, integer, integer, text, text) from public;
grant execute on function app.admin_customers(text, text, text, date, date, integer, integer, text, text) to authenticated;

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
revoke execute on function app.admin_customers_count(text, text, text, date, date) from public;
grant execute on function app.admin_customers_count(text, text, text, date, date) to authenticated;

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

-- Readers of the day rollup read the counters and the pending deltas (as in 20261123002020_dashboard_reads_from_rollups.sql).
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
revoke execute on function private.day_sums(date, date, date, text[]) from public;
grant execute on function private.day_sums(date, date, date, text[]) to authenticated;

-- The catalogue with, per reward and per business, the unlocks (where the unlocking visit
-- was; revoked unlocks not counted) and the redemptions (where it was honoured) in the range,
-- and how many are unlocked and still unused now.
--
-- As in 20261123002100_admin_reads_at_scale.sql, reading the counters and the pending deltas.
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
revoke execute on function app.admin_rewards(text, date, date) from public;
grant execute on function app.admin_rewards(text, date, date) to authenticated;

create trigger visits_roll_up_customer
  after insert or delete or update of status, created_at, customer_id on public.visits
  for each row execute function private.roll_up_customer_visits();

create trigger visits_roll_up_member_first_visits
  after delete or update of status, created_at, customer_id, location_id on public.visits
  for each row execute function private.roll_up_member_first_visits();

-- ===== supabase/schemas/75_rollups.sql =====

-- Derived tables kept by triggers on visits, customers and customer_rewards so that the
-- dashboard reads at 1M visits without scanning them: the day rollup, sign-up counts, returns,
-- members' first visit per business and their businesses per month. Each has a rebuild function
-- that recomputes it from the visits (the tests compare both). Approvals append to *_pending
-- tables and private.fold_rollups folds them, so no approval locks a shared counter row.

-- A daily rollup for the admin dashboard at 1M visits (issue 14): approved visits per day and
-- business, and reward unlocks and redemptions per day, business and reward, kept by triggers
-- in the same transaction as the change, so the chart and the Rewards tab sum a few thousand
-- rows instead of scanning every visit. Days are days in America/Chicago. Derived data: it can
-- be rebuilt from visits and customer_rewards at any time (private.rebuild_daily_rollup).
create table private.daily_rollup (
  day date not null,
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
-- per business kept by a trigger on customers (issue 14): counting them read ~50k index
-- entries a business, with a heap visit for each customer whose row an approval had just
-- updated (points), so the tab cost ~30 ms even for a 7-day range.
create table private.signup_counts (
  location_id text primary key,
  n integer not null
);
alter table private.signup_counts enable row level security;
revoke all on private.signup_counts from anon, authenticated, service_role;

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

-- One pass over the member's visits per approval for the dashboard's rollups, and one fold for
-- every pending counter (issue 15).
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

-- The monthly business report at 8 concurrent readers (issue 15): its "members" and "also shop
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

create function private.programme_day(p_at timestamptz)
returns date
language sql immutable
set search_path = ''
as $$
  select (p_at at time zone 'America/Chicago')::date
$$;
revoke execute on function private.programme_day(timestamptz) from public;
grant execute on function private.programme_day(timestamptz) to authenticated;

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
revoke execute on function private.active_members(text, date, date, bigint) from public;
grant execute on function private.active_members(text, date, date, bigint) to authenticated;

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
revoke execute on function private.append_cross_shopping(uuid[], integer[], text[], timestamptz[]) from public;

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
revoke execute on function private.roll_up_daily_rewards() from public;

-- Counts in [p_start, p_end) by (day, location, kind, reward): whole days from the rollup,
-- the edges from the tables. Security definer: the rollup is private; callers are admin
-- functions that have already checked the admin claim.
--
-- As in 20261123001460_daily_rollup.sql, reading the counters and the pending deltas.
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
  select v.customer_id, date_trunc('month', private.programme_day(v.created_at))::date, bit_or(1::bigint << b.bit)
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
create or replace function private.roll_up_visits()
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
        -- The member's businesses this month: written only when this is their first visit here
        -- this month (approvals lock the customer row first, so the last visit read above is current).
        if v_here is null or date_trunc('month', private.programme_day(v_lasts[v_here])) <> date_trunc('month', v_day) then
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
  select private.rebuild_member_month_masks();
$$;
revoke execute on function private.rebuild_daily_rollup() from public;

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

-- ===== supabase/schemas/80_coalition.sql =====

-- Coalition views (issue 14): what six businesses sharing one programme need and no single shop
-- report gives — cross-shopping between businesses, the monthly settlement of tier rewards, the
-- printable report per business — with the counters that make them cheap at 1M visits.

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

-- Coalition views (issue 14): what six small businesses sharing one programme need and no
-- single-merchant loyalty product gives them — who owes whom for rewards honoured across
-- businesses, how many members shop at more than one of them, and a one-page monthly report.
-- Months and days are in the programme's time zone (America/Chicago).
-- A month 'YYYY-MM' as [starts_at, ends_at) in the programme's time zone.
create function private.month_range(p_month text)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  v_first date;
begin
  if p_month is null or p_month !~ '^(20[0-9]{2})-(0[1-9]|1[0-2])$' then
    perform private.fail('400', 'month is YYYY-MM');
  end if;
  v_first := (p_month || '-01')::date;
  return query select v_first::timestamp at time zone private.programme_time_zone(),
                      (v_first + interval '1 month')::timestamp at time zone private.programme_time_zone();
end;
$$;
revoke execute on function private.month_range(text) from public;
grant execute on function private.month_range(text) to authenticated;

-- The settlement statement of a month. Per business: rewards it honoured (all, and those
-- earned elsewhere, with their value), rewards earned with it that others honoured, welcome
-- rewards redeemed, and its net (positive: the others owe it). Per pair of businesses: what
-- each honoured for the other and the one transfer that settles the pair.
create function app.admin_settlement(p_month text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the settlement');
  select * into r from private.month_range(p_month);
  return (
    with m as (select * from private.month_redemptions(p_month)),
    cross_rows as (select * from m where m.earned_at is not null and m.earned_at <> m.honoured_at),
    pairs as (
      select a.id as a, b.id as b,
             (select count(*) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b_cents,
             (select count(*) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a_cents
        from public.locations a
        join public.locations b on a.id < b.id)
    select jsonb_build_object(
      'month', p_month,
      'timeZone', private.programme_time_zone(),
      'from', r.starts_at, 'to', r.ends_at,
      'totals', jsonb_build_object(
        'redemptions', (select count(*) from m),
        'crossBusiness', (select count(*) from cross_rows),
        'crossBusinessCents', (select coalesce(sum(value_cents), 0) from cross_rows)),
      'businesses', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', l.id, 'businessName', l.business_name,
                 'honoured', (select count(*) from m where m.honoured_at = l.id),
                 'welcomeRedeemed', (select count(*) from m where m.honoured_at = l.id and m.kind = 'welcome'),
                 'honouredForOthers', (select count(*) from cross_rows x where x.honoured_at = l.id),
                 'honouredForOthersCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = l.id),
                 'earnedHonouredElsewhere', (select count(*) from cross_rows x where x.earned_at = l.id),
                 'earnedHonouredElsewhereCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.earned_at = l.id),
                 'netCents', (select coalesce(sum(case when x.honoured_at = l.id then x.value_cents else -x.value_cents end), 0)
                                from cross_rows x where l.id in (x.honoured_at, x.earned_at)))
               order by l.sort_order, l.id)
          from public.locations l),
      'pairs', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'a', p.a, 'b', p.b,
                 'aHonouredForB', p.a_for_b, 'aHonouredForBCents', p.a_for_b_cents,
                 'bHonouredForA', p.b_for_a, 'bHonouredForACents', p.b_for_a_cents,
                 'payer', case when p.a_for_b_cents > p.b_for_a_cents then p.b when p.b_for_a_cents > p.a_for_b_cents then p.a end,
                 'payee', case when p.a_for_b_cents > p.b_for_a_cents then p.a when p.b_for_a_cents > p.a_for_b_cents then p.b end,
                 'amountCents', abs(p.a_for_b_cents - p.b_for_a_cents))
               order by p.a, p.b), '[]'::jsonb)
          from pairs p
         where p.a_for_b > 0 or p.b_for_a > 0)));
end;
$$;
revoke execute on function app.admin_settlement(text) from public;
grant execute on function app.admin_settlement(text) to authenticated;
alter function app.admin_settlement(text) set jit = off;

-- The settlement's transfers as rows, for the CSV download: one row per pair of businesses
-- with anything honoured across them in the month.
create function app.admin_settlement_rows(p_month text)
returns table (month text, payer text, payer_name text, payee text, payee_name text, amount text,
               payee_honoured_for_payer integer, payer_honoured_for_payee integer)
language plpgsql stable
set search_path = ''
as $$
begin
  return query
    select p_month, x.payer, lp.business_name, x.payee, le.business_name,
           to_char(x.amount_cents / 100.0, 'FM999999990.00'),
           x.payee_for_payer, x.payer_for_payee
      from jsonb_to_recordset(app.admin_settlement(p_month) -> 'pairs') as j(
             a text, b text, "aHonouredForB" integer, "bHonouredForA" integer, payer text, payee text, "amountCents" integer)
      cross join lateral (
        select coalesce(j.payer, j.a) as payer, coalesce(j.payee, j.b) as payee, j."amountCents" as amount_cents,
               case when coalesce(j.payee, j.b) = j.a then j."aHonouredForB" else j."bHonouredForA" end as payee_for_payer,
               case when coalesce(j.payee, j.b) = j.a then j."bHonouredForA" else j."aHonouredForB" end as payer_for_payee) x
      join public.locations lp on lp.id = x.payer
      join public.locations le on le.id = x.payee
     order by x.amount_cents desc, x.payer, x.payee;
end;
$$;
revoke execute on function app.admin_settlement_rows(text) from public;
grant execute on function app.admin_settlement_rows(text) to authenticated;

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
revoke execute on function private.member_masks(timestamptz, timestamptz) from public;
grant execute on function private.member_masks(timestamptz, timestamptz) to authenticated;

-- The bit of each business in those masks.
create function private.location_bits()
returns table (id text, business_name text, sort_order integer, flag bigint)
language sql stable
set search_path = ''
as $$
  select l.id, l.business_name, l.sort_order, 1::bigint << (row_number() over (order by l.sort_order, l.id) - 1)::integer
    from public.locations l
$$;
revoke execute on function private.location_bits() from public;
grant execute on function private.location_bits() to authenticated;

-- Every redemption in a month with where the reward was earned and where it was honoured. A
-- tier reward is earned at the business of the visit that unlocked it (the visit that reached
-- the tier) and is worth its tier's reward_value_cents to the business that honours it. A
-- welcome reward is earned and honoured at its own business (worth nothing across businesses).
-- A redeemed reward whose visit was later voided (clawed back) still counts: the business
-- honoured it and bore the cost.
--
-- As in 20261123001440_coalition_views.sql, with the unlocking visit looked up only for a tier reward (COALESCE
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
revoke execute on function private.month_redemptions(text) from public;
grant execute on function private.month_redemptions(text) to authenticated;

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
revoke execute on function private.rebuild_cross_shopping() from public;

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
revoke execute on function private.cross_shopping_masks(date, date) from public;
grant execute on function private.cross_shopping_masks(date, date) to authenticated;

-- Cross-shopping in a range: members with an approved visit there, by business and by pair of
-- businesses (visited both), how many businesses each member visited, and the share of
-- members active at two or more businesses.
--
-- As in 20261123001470_coalition_masks.sql (work_mem from 20261123002100_admin_reads_at_scale.sql), with the masks from
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
revoke execute on function app.admin_cross_shopping(text, date, date) from public;
grant execute on function app.admin_cross_shopping(text, date, date) to authenticated;

-- Appends the change of some members' events: p_customers' approved visits now, against the
-- same less the rows p_replaced (ids whose new version is in the table) plus p_before (the rows
-- as they were before the statement).
--
-- As in 20261123002400_cross_shopping_rollup.sql: p_customers' states now against the same less the rows p_replaced plus
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
revoke execute on function private.shift_cross_shopping(uuid[], uuid[], public.visits[]) from public;

-- One business's month on one page: visits (and the month before), distinct visiting members,
-- new members (joined there; first visit there), welcome rewards redeemed there, tier rewards
-- it honoured, and where its members (those who visited it that month) also shopped that month.
--
-- As in 20261123002100_admin_reads_at_scale.sql, with the month's members from private.member_month_masks.
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
  v_month date;
  v_bit bigint;
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
  v_month := (r.starts_at at time zone private.programme_time_zone())::date;
  -- The month's members by their set of businesses from private.member_month_masks, when every
  -- business has a stable bit (up to 63); else (null) from the month's visits as before.
  if not exists (select 1 from public.locations l
                  where not exists (select 1 from private.cross_shopping_bits b where b.location_id = l.id)) then
    v_bit := (select 1::bigint << b.bit from private.cross_shopping_bits b where b.location_id = p_location_id);
  end if;
  return (
    -- The business's members in the month by the set of businesses each visited: only they are
    -- grouped (a semi-join on its own visits), not every member active in the month.
    with flags as (
      select b.bit, l.flag from private.cross_shopping_bits b join private.location_bits() l on l.id = b.location_id),
    m as (
      select t.mask, sum(k.members)::bigint as members
        from (select mm.mask, count(*) as members
                from private.member_month_masks mm
               where v_bit is not null and mm.month = v_month and mm.mask & v_bit <> 0
               group by 1) k
       cross join lateral (select coalesce(bit_or(f.flag), 0) as mask from flags f
                            where k.mask & (1::bigint << f.bit) <> 0) t
       group by t.mask
      union all
      select x.mask, count(*) as members
        from (select bit_or(b.flag) as mask
                from public.visits v
                join private.location_bits() b on b.id = v.location_id
               where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                 and v.customer_id in (select p.customer_id from public.visits p
                                        where p.location_id = p_location_id and p.status = 'approved'
                                          and p.created_at >= r.starts_at and p.created_at < r.ends_at)
                 and v_bit is null
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
revoke execute on function app.admin_business_report(text, text) from public;
grant execute on function app.admin_business_report(text, text) to authenticated;

create trigger locations_assign_cross_shopping_bit
  after insert on public.locations
  for each row execute function private.assign_cross_shopping_bit();

-- ===== supabase/schemas/85_request_door.sql =====

-- The api's door in one round trip (issue 15): a request's session check, claims and role, its
-- rate limit and its call in one transaction.

-- The api's door in one round trip (issue 15): a request's session check, claims and role go
-- to the server in the same pipelined batch as its rule call, so the check must be able to
-- abort the transaction by itself instead of the api reading a row and deciding.
-- A signed-out (revoked) session keeps a valid signature until it expires; GoTrue deletes its
-- auth.sessions row, so a token naming a missing session is refused (401) before any rule runs.
create function private.require_session(p_session_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_session_id is not null and not exists (select 1 from auth.sessions s where s.id = p_session_id) then
    perform private.fail('401', 'This session has ended; sign in again');
  end if;
end;
$$;
revoke execute on function private.require_session(uuid) from public;

-- A request's abuse limit counted in the same transaction (and the same pipelined round trip)
-- as its rule call (issue 15): one transaction per check-in by phone instead of two. The api
-- sends this ahead of the session check, as the connecting role, in the call's transaction.
-- A request over the limit raises LY429 with Retry-After seconds in the hint, so the rule call
-- behind it never runs. A call that fails rolls its hit back with everything else; the api then
-- counts the request again in a transaction of its own (app.hit_rate_limit), so every request
-- is counted once, failed ones included (a 404 by phone must count, or look-ups would list members).
create function private.take_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_wait integer := app.hit_rate_limit(p_bucket, p_key, p_limit, p_window_seconds);
begin
  if v_wait > 0 then
    perform private.fail('429', 'Too many requests; try again later', v_wait::text);
  end if;
end;
$$;
revoke execute on function private.take_rate_limit(text, text, integer, integer) from public;
