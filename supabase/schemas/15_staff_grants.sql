-- Roles of people: an admin (or a business's owner) makes a phone staff at one business, an
-- owner of one business, or an admin. The role belongs to the Auth user, not to the phone: a
-- grant names its person by user id as soon as that person has an Auth user, and the phone is
-- only how an admin finds someone who has not signed up yet. So a member who changes their
-- phone (Auth's phone_change, or /account) keeps their role, the lists show their phone as it
-- is now, and a removal by user id reaches them whatever their phone is; the next holder of an
-- old number inherits nothing.
--
-- The role itself is in the user's app_metadata ({"role": ..., "location_id": ...}, which users
-- cannot edit; private.app_role reads it from the token). A trigger on auth.users puts it back
-- from the grant whenever Auth rewrites app_metadata (GoTrue writes its in-memory copy back when
-- it records a sign-in's provider) and attaches a pending grant to the user who signs up with,
-- or moves to, its phone. One person, one role. Every grant, revoke and attachment of a staff
-- grant is recorded in private.staff_grant_events; of owners and admins, in the audit log.
create table private.staff_grants (
  id bigint generated always as identity primary key,
  -- The person, once they have an Auth user. Deferred: the trigger on auth.users attaches a
  -- pending grant while Auth inserts the user, before the row exists.
  user_id uuid unique references auth.users (id) on delete cascade deferrable initially deferred,
  -- A pending grant's phone as E.164 ('+1...', as app.normalize_phone returns it); null once attached.
  phone text unique check (phone ~ '^\+1[2-9][0-9]{9}$'),
  role text not null default 'staff' constraint staff_grants_role_check check (role in ('staff', 'owner', 'admin')),
  location_id text references public.locations (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now(),
  -- The name the operator gave a pending grant's person ("Maria"), before their phone signed in;
  -- it moves to private.person_names when it does (private.name_from_staff_grant).
  pending_name text check (length(pending_name) between 1 and 60),
  constraint staff_grants_location_check check ((role = 'admin') = (location_id is null)),
  constraint staff_grants_person_check check ((user_id is null) <> (phone is null))
);
alter table private.staff_grants enable row level security;
create index staff_grants_location_id_idx on private.staff_grants (location_id);
create index staff_grants_granted_by_idx on private.staff_grants (granted_by);

-- Who granted or revoked whose access, and when; 'applied' when a sign-up (or a phone change)
-- took up a pending grant (actor_id null). History: no foreign keys, so it outlives the users and
-- grants it names. The phone is the person's phone at the time.
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

-- The role a person holds, in the shape of app_metadata: their grant's when they have one, else
-- the claim set up without a grant (the first admin is made by SQL), else a pending grant of the
-- phone. p_user may be a row of nulls (nobody has this phone yet).
create function private.held_role(p_phone text, p_user auth.users, out role text, out location_id text)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if p_user.id is not null then
    select g.role, g.location_id into role, location_id from private.staff_grants g where g.user_id = p_user.id;
    if role is null and p_user.raw_app_meta_data ->> 'role' in ('admin', 'owner', 'staff') then
      role := p_user.raw_app_meta_data ->> 'role';
      location_id := p_user.raw_app_meta_data ->> 'location_id';
    end if;
  end if;
  if role is null and p_phone is not null then
    select g.role, g.location_id into role, location_id from private.staff_grants g where g.phone = p_phone;
  end if;
end;
$$;
revoke execute on function private.held_role(text, auth.users) from public;

-- The person a grant or a removal names: by user id (from a list), or by the phone they have now
-- (or a pending grant's phone). Locks the user's row, and the phone's grants in turn with a
-- sign-up or another grant of that phone. 400 when neither or both are given.
create function private.find_person(p_phone text, p_user_id uuid, out person auth.users, out person_phone text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (p_phone is null) = (p_user_id is null) then
    perform private.fail('400', 'Name the person by their user id or by their phone');
  end if;
  if p_user_id is not null then
    select * into person from auth.users u where u.id = p_user_id and not coalesce(u.is_anonymous, false) for update;
    person_phone := nullif('+' || ltrim(coalesce(person.phone, ''), '+'), '+');
  else
    person_phone := app.normalize_phone(p_phone);
    perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || person_phone, 0));
    select * into person from auth.users u
     where u.phone = private.auth_phone(person_phone) and not coalesce(u.is_anonymous, false) for update;
  end if;
end;
$$;
revoke execute on function private.find_person(text, uuid) from public;

-- Gives a person (or, with no user yet, a phone) a role: the grant row, and the user's claim at
-- once (in their next token). Granting the same role again changes nothing. The caller has
-- already refused another role (one person, one role). Returns the grant's time and whether
-- anything changed, for the caller's audit.
create function private.give_role(p_phone text, p_user auth.users, p_role text, p_location_id text,
                                  out granted_at timestamptz, out changed boolean)
language plpgsql
security definer
set search_path = ''
as $$
begin
  changed := false;
  if p_user.id is null then
    insert into private.staff_grants (phone, role, location_id, granted_by)
    values (p_phone, p_role, p_location_id, auth.uid())
    on conflict (phone) do nothing
    returning staff_grants.granted_at into granted_at;
    changed := granted_at is not null;
    if not changed then
      select g.granted_at into granted_at from private.staff_grants g where g.phone = p_phone;
    end if;
    return;
  end if;
  -- A pending grant of this phone made while the user signed up is theirs.
  delete from private.staff_grants g where g.phone = p_phone and g.user_id is null;
  insert into private.staff_grants (user_id, role, location_id, granted_by)
  values (p_user.id, p_role, p_location_id, auth.uid())
  on conflict (user_id) do nothing
  returning staff_grants.granted_at into granted_at;
  changed := granted_at is not null;
  if not changed then
    select g.granted_at into granted_at from private.staff_grants g where g.user_id = p_user.id;
  end if;
  if p_user.raw_app_meta_data ->> 'role' is distinct from p_role
     or p_user.raw_app_meta_data ->> 'location_id' is distinct from p_location_id then
    update auth.users u
       set raw_app_meta_data = (coalesce(u.raw_app_meta_data, '{}'::jsonb) - 'role' - 'location_id')
                               || jsonb_strip_nulls(jsonb_build_object('role', p_role, 'location_id', p_location_id))
     where u.id = p_user.id;
    changed := true;
  end if;
end;
$$;
revoke execute on function private.give_role(text, auth.users, text, text) from public;

-- Takes a role from a person (or a phone's pending grant): the grant goes, the user loses the
-- claim and every session, so the api and Storage refuse their token at once (both check
-- auth.sessions) and it cannot be refreshed. held: whether there was anything to take (the
-- caller answers 404 otherwise).
create function private.take_role(p_phone text, p_user auth.users, p_role text, p_location_id text,
                                  out held boolean, out active boolean, out sessions_ended integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  sessions_ended := 0;
  active := p_user.id is not null
            and coalesce(p_user.raw_app_meta_data ->> 'role' = p_role, false)
            and p_user.raw_app_meta_data ->> 'location_id' is not distinct from p_location_id;
  delete from private.staff_grants g
   where g.role = p_role and g.location_id is not distinct from p_location_id
     and (g.user_id = p_user.id or (g.user_id is null and g.phone = p_phone));
  held := found or active;
  if active then
    update auth.users u set raw_app_meta_data = u.raw_app_meta_data - 'role' - 'location_id' where u.id = p_user.id;
    delete from auth.sessions s where s.user_id = p_user.id;
    get diagnostics sessions_ended = row_count;
  end if;
end;
$$;
revoke execute on function private.take_role(text, auth.users, text, text) from public;

-- Before a write of auth.users: a user with a grant has the grant's role (staff or owner at its
-- business, or admin); a user whose phone (new, or changed) holds a pending grant takes it up,
-- unless they already hold a role. Anonymous users (kiosks) have no phone and no role. A staff
-- grant taken up is a staff_grant_event; an owner or admin grant, an audit row.
create function private.apply_staff_grant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_grant private.staff_grants;
  v_phone text;
begin
  if coalesce(new.is_anonymous, false) then
    return new;
  end if;
  select * into v_grant from private.staff_grants g where g.user_id = new.id;
  if v_grant.id is null then
    if new.phone is null or new.phone = '' or new.raw_app_meta_data ->> 'role' in ('admin', 'owner', 'staff') then
      return new;
    end if;
    v_phone := '+' || ltrim(new.phone, '+');
    -- Most writes are of phones without a grant: one index probe, no lock. A grant committed
    -- while this sign-up runs is taken up by the sign-in's next write of app_metadata.
    if not exists (select 1 from private.staff_grants g where g.phone = v_phone) then
      return new;
    end if;
    -- In turn with a grant or revoke of this phone.
    perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));
    update private.staff_grants g set user_id = new.id, phone = null
     where g.phone = v_phone and g.user_id is null
    returning * into v_grant;
    if v_grant.id is null then
      return new;
    end if;
    if v_grant.role = 'staff' then
      insert into private.staff_grant_events (action, phone, location_id, user_id)
      values ('applied', v_phone, v_grant.location_id, new.id);
    else
      perform private.audit(v_grant.role || '.applied', 'phone', v_phone, null,
                            jsonb_build_object('role', v_grant.role, 'locationId', v_grant.location_id, 'userId', new.id),
                            'A pending grant took effect when this phone signed in', v_grant.location_id, 'system');
    end if;
  end if;
  if new.raw_app_meta_data ->> 'role' is distinct from v_grant.role
     or new.raw_app_meta_data ->> 'location_id' is distinct from v_grant.location_id then
    new.raw_app_meta_data := (coalesce(new.raw_app_meta_data, '{}'::jsonb) - 'role' - 'location_id')
                             || jsonb_strip_nulls(jsonb_build_object('role', v_grant.role, 'location_id', v_grant.location_id));
  end if;
  return new;
end;
$$;
revoke execute on function private.apply_staff_grant() from public;

-- The staff of one business: users who are staff there ('active', with their phone as it is
-- now), and grants whose phone has no Auth user yet ('pending').
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
             'lastSignInAt', s.last_sign_in_at, 'grantedAt', s.granted_at,
             'name', coalesce((select n.name from private.person_names n where n.user_id = s.user_id), s.pending_name))
           order by s.phone), '[]'::jsonb)
      from (
        select right(u.phone, 10) as phone, 'active' as status, u.id as user_id, u.last_sign_in_at,
               g.granted_at, null::text as pending_name
          from auth.users u
          left join private.staff_grants g on g.user_id = u.id
         where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = p_location_id
        union all
        select right(g.phone, 10), 'pending', null, null, g.granted_at, g.pending_name
          from private.staff_grants g
         where g.location_id = p_location_id and g.role = 'staff' and g.user_id is null
      ) s);
end;
$$;
revoke execute on function app.admin_staff(text) from public;
grant execute on function app.admin_staff(text) to authenticated;

-- Grants a phone staff access at a business. The phone's user (if any) becomes staff at once;
-- they get the claim with their next token (sign-in or refresh). A phone with no user yet keeps a
-- pending grant that its sign-up takes up. Granting again at the same business changes nothing.
-- 409: the person is an admin or a business owner, or is staff at another business (remove them
-- there first). A phone that is a member's is said before it is granted: status
-- 'needs_confirmation' and nothing granted, unless p_member_confirmed. Admins, and the business's owners, grant; each grant is audited.
create function app.grant_staff(p_location_id text, p_phone text, p_member_confirmed boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_role text;
  v_role_location text;
  v_granted_at timestamptz;
  v_changed boolean;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  select h.role, h.location_id into v_role, v_role_location from private.held_role(v_phone, v_person) h;
  if v_role = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin, who can already use the staff counter');
  end if;
  if v_role = 'owner' then
    perform private.fail('409', 'This phone belongs to a business owner; remove the owner first');
  end if;
  if v_role = 'staff' and v_role_location is distinct from p_location_id then
    perform private.fail('409', format('This phone is already staff at %s; remove it there first',
      coalesce((select l.business_name from public.locations l where l.id = v_role_location), v_role_location)));
  end if;
  if v_role is null and not coalesce(p_member_confirmed, false)
     and exists (select 1 from public.customers c
                  where c.phone = v_phone or (v_person.id is not null and c.user_id = v_person.id)) then
    -- Nothing is granted: the answer asks the question, so the screen can put it before the grant.
    return jsonb_build_object(
      'phone', right(v_phone, 10), 'locationId', p_location_id, 'status', 'needs_confirmation',
      'userId', null, 'grantedAt', null,
      'question', 'This phone belongs to a member of the programme. As staff they sign in to the counter with it '
                  || 'and keep their own account; their own visits and rewards are approved by someone else. '
                  || 'Add them as staff?');
  end if;

  select r.granted_at, r.changed into v_granted_at, v_changed
    from private.give_role(v_phone, v_person, 'staff', p_location_id) r;
  if v_changed then
    insert into private.staff_grant_events (action, phone, location_id, user_id, actor_id)
    values ('granted', v_phone, p_location_id, v_person.id, auth.uid());
    perform private.audit('staff.grant', 'phone', v_phone, null,
                          jsonb_build_object('role', 'staff', 'locationId', p_location_id, 'userId', v_person.id,
                                             'status', case when v_person.id is null then 'pending' else 'active' end),
                          null, p_location_id);
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'locationId', p_location_id,
    'status', case when v_person.id is null then 'pending' else 'active' end,
    'userId', v_person.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_staff(text, text, boolean) from public;
grant execute on function app.grant_staff(text, text, boolean) to authenticated;

-- Revokes a person's staff access at a business, named by user id (from the list) or by the
-- phone they have now (or a pending grant's phone): the grant goes, the user loses the role and
-- every session. 404 when nobody so named is staff there; 409 for an admin (never demoted here).
-- Admins and the business's owners revoke; each revoke is audited.
create function app.revoke_staff(p_location_id text, p_phone text default null, p_user_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_held boolean;
  v_active boolean;
  v_sessions integer;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can manage staff');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into v_found from private.find_person(p_phone, p_user_id);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  if v_person.raw_app_meta_data ->> 'role' = 'admin' then
    perform private.fail('409', 'This person is an admin; an admin cannot be removed as staff');
  end if;
  select t.held, t.active, t.sessions_ended into v_held, v_active, v_sessions
    from private.take_role(v_phone, v_person, 'staff', p_location_id) t;
  if not v_held then
    perform private.fail('404', case when p_user_id is null then 'Nobody with this phone is staff at this business'
                                     else 'This person is not staff at this business' end);
  end if;
  insert into private.staff_grant_events (action, phone, location_id, user_id, actor_id)
  values ('revoked', coalesce(v_phone, ''), p_location_id, v_person.id, auth.uid());
  perform private.audit('staff.revoke', 'phone', v_phone,
                        jsonb_build_object('role', 'staff', 'locationId', p_location_id, 'userId', v_person.id,
                                           'status', case when v_active then 'active' else 'pending' end),
                        jsonb_build_object('sessionsEnded', v_sessions), null, p_location_id);
  return jsonb_build_object('phone', right(v_phone, 10), 'userId', v_person.id, 'locationId', p_location_id,
                            'revoked', true, 'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.revoke_staff(text, text, uuid) from public;
grant execute on function app.revoke_staff(text, text, uuid) to authenticated;

create trigger users_apply_staff_grant
before insert or update of phone, raw_app_meta_data on auth.users
for each row execute function private.apply_staff_grant();
