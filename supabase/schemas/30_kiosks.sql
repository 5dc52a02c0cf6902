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

-- Triggers on public.kiosk_sessions, declared beside their functions in later files:
--   kiosk_sessions_refuse_archived_location (78_catalogue.sql)  no kiosk at an archived business

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

-- Enrolment codes are compared ignoring case, spaces and dashes: staff read
-- "ABCD-EFGH-JKMN" off the admin screen and type "abcd efgh jkmn" on a tablet. A code is hashed by
-- its key; a code hashed as typed (set before this rule) still matches as typed.
create function private.enrolment_code_key(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(regexp_replace(coalesce(p_code, ''), '[[:space:]-]+', '', 'g'))
$$;
revoke execute on function private.enrolment_code_key(text) from public;

-- An admin sets (or replaces) a location's kiosk enrolment code; only a salted hash of its key is kept.
-- Returns {"locationId", "enrolmentCodeSet": true}.
create function app.set_enrolment_code(p_location_id text, p_code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
  v_unenrolled integer;
begin
  perform private.require_admin('Only an admin can set enrolment codes');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  if length(coalesce(p_code, '')) not between 8 and 128
     or length(private.enrolment_code_key(p_code)) < 8 then
    perform private.fail('400', 'An enrolment code has 8 to 128 characters');
  end if;
  insert into private.location_enrolment_codes (location_id, salt, code_hash, set_by)
  values (p_location_id, v_salt,
          sha256(v_salt || convert_to(private.enrolment_code_key(p_code), 'UTF8')), auth.uid())
  on conflict (location_id) do update
    set salt = excluded.salt, code_hash = excluded.code_hash, set_by = excluded.set_by, set_at = now();
  -- A new code revokes every kiosk enrolled with the old one.
  update public.kiosk_sessions k set enrolled_at = null where k.location_id = p_location_id and k.enrolled_at is not null;
  get diagnostics v_unenrolled = row_count;
  -- The code itself is never recorded, only that it changed.
  perform private.audit('kiosk.enrolment_code_set', 'location', p_location_id, null,
                        jsonb_build_object('enrolmentCodeSet', true, 'kiosksUnenrolled', v_unenrolled),
                        null, p_location_id);
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
  if not found or (
    sha256(v_code.salt || convert_to(private.enrolment_code_key(p_code), 'UTF8')) <> v_code.code_hash
    and sha256(v_code.salt || convert_to(coalesce(p_code, ''), 'UTF8')) <> v_code.code_hash
  ) then
    perform private.fail('403', 'That enrolment code is not valid for this location');
  end if;
  update public.kiosk_sessions k set enrolled_at = now() where k.id = v_session.id;
  return jsonb_build_object('session', jsonb_build_object(
    'id', v_session.id, 'locationId', v_session.location_id, 'enrolled', true));
end;
$$;
revoke execute on function app.enrol_kiosk(text) from public;
grant execute on function app.enrol_kiosk(text) to authenticated;

-- Names the operator gives kiosks and staff phones: "Front counter tablet",
-- "Maria's phone". Shown wherever a visit or a redemption says who served (private.person_label)
-- instead of a browser string or a bare phone. One name per Auth user (a kiosk is one); set and
-- changed by admins only (app.admin_name_kiosk, app.admin_name_staff), each change audited.
create table private.person_names (
  user_id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  named_by uuid references auth.users (id) on delete set null,
  named_at timestamptz not null default now()
);
alter table private.person_names enable row level security;
revoke all on private.person_names from anon, authenticated, service_role;
create index person_names_named_by_idx on private.person_names (named_by);

-- Sets (or, with an empty name, clears) a user's name; one audit row when it changed.
create function private.set_person_name(p_user_id uuid, p_name text, p_target_type text, p_target_id text,
                                        p_location_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := nullif(btrim(coalesce(p_name, '')), '');
  v_before text;
begin
  if v_name is not null then
    v_name := private.clean_text(v_name, 'The name', 60);
  end if;
  select n.name into v_before from private.person_names n where n.user_id = p_user_id for update;
  if v_name is null then
    delete from private.person_names n where n.user_id = p_user_id;
  else
    insert into private.person_names (user_id, name, named_by, named_at)
    values (p_user_id, v_name, auth.uid(), now())
    on conflict (user_id) do update set name = excluded.name, named_by = excluded.named_by, named_at = excluded.named_at;
  end if;
  if v_before is distinct from v_name then
    perform private.audit(p_target_type || '.rename', p_target_type, p_target_id,
                          jsonb_build_object('name', v_before), jsonb_build_object('name', v_name), null, p_location_id);
  end if;
  return v_name;
end;
$$;
revoke execute on function private.set_person_name(uuid, text, text, text, text) from public;

-- PUT /api/admin/kiosks/:kioskId/name. Returns {"id", "name"}.
create function app.admin_name_kiosk(p_kiosk_id uuid, p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk public.kiosk_sessions;
begin
  perform private.require_admin('Only admins can name kiosks');
  select * into v_kiosk from public.kiosk_sessions k where k.id = p_kiosk_id;
  if not found then
    perform private.fail('404', 'Kiosk not found');
  end if;
  return jsonb_build_object('id', v_kiosk.id,
    'name', private.set_person_name(v_kiosk.user_id, p_name, 'kiosk', v_kiosk.id::text, v_kiosk.location_id));
end;
$$;
revoke execute on function app.admin_name_kiosk(uuid, text) from public;
grant execute on function app.admin_name_kiosk(uuid, text) to authenticated;

-- PUT /api/admin/locations/:locationId/staff/name: a staff phone of that business, by its user.
-- Returns {"userId", "name"}.
create function app.admin_name_staff(p_location_id text, p_user_id uuid, p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can name staff phones');
  if not exists (select 1 from auth.users u
                  where u.id = p_user_id and u.raw_app_meta_data ->> 'role' in ('staff', 'owner')
                    and u.raw_app_meta_data ->> 'location_id' = p_location_id) then
    perform private.fail('404', 'This phone is not staff at this business');
  end if;
  return jsonb_build_object('userId', p_user_id,
    'name', private.set_person_name(p_user_id, p_name, 'staff', p_user_id::text, p_location_id));
end;
$$;
revoke execute on function app.admin_name_staff(text, uuid, text) from public;
grant execute on function app.admin_name_staff(text, uuid, text) to authenticated;

-- PUT /api/admin/locations/:locationId/staff/pending-name: a staff grant for a phone that has not
-- signed in yet gets its name now ("Maria"; empty clears it), listed with the grant; when the
-- phone signs in, the name becomes the user's (private.person_names). One 'staff.rename' audit
-- row when it changed. Returns {"phone" (10 digits), "name"}.
create function app.admin_name_pending_staff(p_location_id text, p_phone text, p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_name text := nullif(btrim(coalesce(p_name, '')), '');
  v_before text;
begin
  perform private.require_admin('Only admins can name staff phones');
  if v_name is not null then
    v_name := private.clean_text(v_name, 'The name', 60);
  end if;
  select g.pending_name into v_before from private.staff_grants g
   where g.phone = v_phone and g.location_id = p_location_id and g.role = 'staff' and g.user_id is null
     for update;
  if not found then
    perform private.fail('404', 'No pending staff grant for this phone at this business');
  end if;
  update private.staff_grants g set pending_name = v_name
   where g.phone = v_phone and g.location_id = p_location_id and g.user_id is null;
  if v_before is distinct from v_name then
    perform private.audit('staff.rename', 'phone', v_phone,
                          jsonb_build_object('name', v_before), jsonb_build_object('name', v_name), null, p_location_id);
  end if;
  return jsonb_build_object('phone', right(v_phone, 10), 'name', v_name);
end;
$$;
revoke execute on function app.admin_name_pending_staff(text, text, text) from public;
grant execute on function app.admin_name_pending_staff(text, text, text) to authenticated;

-- A pending grant's name becomes its person's once their phone signs in and takes the grant up
-- (private.apply_staff_grant, before the user row is written; this runs after it). A name the
-- operator gave the user already is kept.
create function private.name_from_staff_grant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  select g.pending_name into v_name from private.staff_grants g
   where g.user_id = new.id and g.pending_name is not null;
  if v_name is null then
    return new;
  end if;
  insert into private.person_names (user_id, name, named_by, named_at)
  values (new.id, v_name, null, now())
  on conflict (user_id) do nothing;
  update private.staff_grants g set pending_name = null where g.user_id = new.id;
  return new;
end;
$$;
revoke execute on function private.name_from_staff_grant() from public;

create trigger users_name_from_staff_grant
after insert or update of phone, raw_app_meta_data on auth.users
for each row execute function private.name_from_staff_grant();

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
  v_was_enrolled timestamptz;
  v_sessions integer;
begin
  perform private.require_admin('Only admins can manage kiosks');
  select x.enrolled_at into v_was_enrolled from public.kiosk_sessions x where x.id = p_kiosk_id for update;
  update public.kiosk_sessions x set enrolled_at = null where x.id = p_kiosk_id returning * into k;
  if not found then
    perform private.fail('404', 'Unknown kiosk');
  end if;
  delete from auth.sessions s where s.user_id = k.user_id;
  get diagnostics v_sessions = row_count;
  perform private.audit('kiosk.revoke', 'kiosk', k.id::text,
                        jsonb_build_object('enrolled', v_was_enrolled is not null, 'enrolledAt', v_was_enrolled),
                        jsonb_build_object('enrolled', false, 'sessionsEnded', v_sessions), null, k.location_id);
  return jsonb_build_object('id', k.id, 'locationId', k.location_id, 'revoked', true);
end;
$$;
revoke execute on function app.revoke_kiosk(uuid) from public;
grant execute on function app.revoke_kiosk(uuid) to authenticated;
