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
-- Issue 21 §3: the same grants make admins (role 'admin', no business) and business owners
-- (role 'owner' at one business); one phone has one role, and one trigger applies them all.
create table private.staff_grants (
  phone text primary key check (phone ~ '^\+1[2-9][0-9]{9}$'),
  location_id text references public.locations (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now(),
  role text not null default 'staff' constraint staff_grants_role_check check (role in ('staff', 'owner', 'admin')),
  constraint staff_grants_location_check check ((role = 'admin') = (location_id is null))
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

-- Before a write of auth.users: a user whose phone holds a grant has the grant's role (staff or
-- owner at its business, or admin). Admins are never demoted here; anonymous users (kiosks) have
-- no phone. A staff grant taken up is a staff_grant_event; an owner or admin grant, an audit row.
create function private.apply_staff_grant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location_id text;
  v_role text;
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
  select g.role, g.location_id into v_role, v_location_id from private.staff_grants g where g.phone = '+' || ltrim(new.phone, '+');
  if v_role is null
     or (new.raw_app_meta_data ->> 'role' = v_role
         and new.raw_app_meta_data ->> 'location_id' is not distinct from v_location_id) then
    return new;
  end if;
  if v_role = 'admin' then
    new.raw_app_meta_data := (coalesce(new.raw_app_meta_data, '{}'::jsonb) - 'location_id')
                             || jsonb_build_object('role', 'admin');
  else
    new.raw_app_meta_data := coalesce(new.raw_app_meta_data, '{}'::jsonb)
                             || jsonb_build_object('role', v_role, 'location_id', v_location_id);
  end if;
  if v_role = 'staff' then
    insert into private.staff_grant_events (action, phone, location_id, user_id)
    values ('applied', '+' || ltrim(new.phone, '+'), v_location_id, new.id);
  else
    perform private.audit(v_role || '.applied', 'phone', '+' || ltrim(new.phone, '+'), null,
                          jsonb_build_object('role', v_role, 'locationId', v_location_id, 'userId', new.id),
                          'A pending grant took effect when this phone signed in', v_location_id, 'system');
  end if;
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
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
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
         where g.location_id = p_location_id and g.role = 'staff'
           and not exists (select 1 from auth.users u where u.phone = private.auth_phone(g.phone))
      ) s);
end;
$$;
revoke execute on function app.admin_staff(text) from public;
grant execute on function app.admin_staff(text) to authenticated;

-- Grants a phone staff access at a business. The phone's user (if any) becomes staff at once;
-- they get the claim with their next token (sign-in or refresh). A phone with no user yet keeps a
-- pending grant that its sign-up takes up. Granting again at the same business changes nothing.
-- 409: the phone belongs to an admin or a business owner, or is staff at another business (remove
-- it there first). Admins, and the business's owners (issue 21 §3), grant; each grant is audited.
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
  v_grant_role text;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v_phone := app.normalize_phone(p_phone);
  -- One phone's grants and revokes in turn (two admins at once, or a sign-up in between).
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));

  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  select g.role into v_grant_role from private.staff_grants g where g.phone = v_phone;
  if v_user.raw_app_meta_data ->> 'role' = 'admin' or v_grant_role = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin, who can already use the staff counter');
  end if;
  if v_user.raw_app_meta_data ->> 'role' = 'owner' or v_grant_role = 'owner' then
    perform private.fail('409', 'This phone belongs to a business owner; remove the owner first');
  end if;
  select g.location_id into v_other from private.staff_grants g
   where g.phone = v_phone and g.role = 'staff' and g.location_id <> p_location_id;
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
    perform private.audit('staff.grant', 'phone', v_phone, null,
                          jsonb_build_object('role', 'staff', 'locationId', p_location_id, 'userId', v_user.id,
                                             'status', case when v_user.id is null then 'pending' else 'active' end),
                          null, p_location_id);
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
-- Admins and the business's owners revoke; each revoke is audited.
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
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
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
  delete from private.staff_grants g where g.phone = v_phone and g.location_id = p_location_id and g.role = 'staff';
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
  perform private.audit('staff.revoke', 'phone', v_phone,
                        jsonb_build_object('role', 'staff', 'locationId', p_location_id, 'userId', v_user.id),
                        jsonb_build_object('sessionsEnded', v_sessions), null, p_location_id);
  return jsonb_build_object('phone', right(v_phone, 10), 'locationId', p_location_id, 'revoked', true,
                            'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.revoke_staff(text, text) from public;
grant execute on function app.revoke_staff(text, text) to authenticated;

create trigger users_apply_staff_grant
before insert or update of phone, raw_app_meta_data on auth.users
for each row execute function private.apply_staff_grant();
