-- Issue 21 §3 / §4 (people and the record): admins and business owners granted by phone through
-- private.staff_grants (a role column), owners read their own business (metrics, monthly report,
-- settlement line, staff, kiosks, audit rows), contact messages are marked handled, every
-- existing admin / staff-management action writes one audit row, and the Audit view reads the log.
-- The schema files say the same: 05_authorization.sql, 07_audit.sql, 15_staff_grants.sql,
-- 16_people.sql, 30_kiosks.sql, 55_corrections.sql, 60_limits.sql, 65_contact.sql,
-- 70_admin_reads.sql, 80_coalition.sql.

alter table private.staff_grants
  add column role text not null default 'staff' constraint staff_grants_role_check check (role in ('staff', 'owner', 'admin'));
alter table private.staff_grants alter column location_id drop not null;
alter table private.staff_grants
  add constraint staff_grants_location_check check ((role = 'admin') = (location_id is null));

alter table public.contact_messages add column handled_at timestamptz;
alter table public.contact_messages add column handled_by uuid;
create index contact_messages_open_idx on public.contact_messages (created_at) where handled_at is null;

-- Refuses all but an admin and the owner of p_location_id (issue 21 §3): 401 signed out, 403 for
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

create or replace function private.apply_staff_grant()
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

create or replace function app.admin_staff(p_location_id text)
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

create or replace function app.grant_staff(p_location_id text, p_phone text)
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

create or replace function app.revoke_staff(p_location_id text, p_phone text)
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

-- 409 when v_phone (or its user) holds a role other than p_role at p_location_id.
create function private.refuse_other_role(p_phone text, p_user auth.users, p_role text, p_location_id text)
returns void
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_location_id text;
begin
  select g.role, g.location_id into v_role, v_location_id from private.staff_grants g where g.phone = p_phone;
  if v_role is null and p_user.raw_app_meta_data ->> 'role' in ('admin', 'owner', 'staff') then
    v_role := p_user.raw_app_meta_data ->> 'role';
    v_location_id := p_user.raw_app_meta_data ->> 'location_id';
  end if;
  if v_role is null or (v_role = p_role and v_location_id is not distinct from p_location_id) then
    return;
  end if;
  if v_role = 'admin' then
    perform private.fail('409', 'This phone belongs to an admin; remove the admin first');
  end if;
  perform private.fail('409', format('This phone is already %s at %s; remove it there first',
    case v_role when 'owner' then 'an owner' else 'staff' end,
    coalesce((select l.business_name from public.locations l where l.id = v_location_id), v_location_id)));
end;
$$;
revoke execute on function private.refuse_other_role(text, auth.users, text, text) from public;

-- Admins: users with the admin claim ('active') and admin grants whose phone has no user yet
-- ('pending'), by phone; `you` marks the caller.
create function app.admin_admins()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage admins');
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'phone', a.phone, 'status', a.status, 'userId', a.user_id, 'name', a.name,
             'lastSignInAt', a.last_sign_in_at, 'grantedAt', a.granted_at,
             'you', coalesce(a.user_id = auth.uid(), false))
           order by a.phone), '[]'::jsonb)
      from (
        select right(u.phone, 10) as phone, 'active' as status, u.id as user_id,
               nullif(btrim(u.raw_user_meta_data ->> 'name'), '') as name, u.last_sign_in_at, g.granted_at
          from auth.users u
          left join private.staff_grants g on g.phone = '+' || ltrim(u.phone, '+')
         where u.raw_app_meta_data ->> 'role' = 'admin' and not coalesce(u.is_anonymous, false)
        union all
        select right(g.phone, 10), 'pending', null, null, null, g.granted_at
          from private.staff_grants g
         where g.role = 'admin'
           and not exists (select 1 from auth.users u where u.phone = private.auth_phone(g.phone))
      ) a);
end;
$$;
revoke execute on function app.admin_admins() from public;
grant execute on function app.admin_admins() to authenticated;

-- Makes a phone an admin: its user at once (the claim is in their next token), or when it signs
-- up. Granting an admin again changes nothing. 409 when the phone is staff or an owner.
create function app.grant_admin(p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_granted_at timestamptz;
  v_changed boolean := false;
begin
  perform private.require_admin('Only admins can manage admins');
  v_phone := app.normalize_phone(p_phone);
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));
  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  perform private.refuse_other_role(v_phone, v_user, 'admin', null);

  insert into private.staff_grants (phone, location_id, granted_by, role)
  values (v_phone, null, auth.uid(), 'admin')
  on conflict (phone) do nothing
  returning granted_at into v_granted_at;
  if v_granted_at is null then
    select g.granted_at into v_granted_at from private.staff_grants g where g.phone = v_phone;
  elsif v_user.id is null then
    v_changed := true;
  end if;
  if v_user.id is not null and v_user.raw_app_meta_data ->> 'role' is distinct from 'admin' then
    update auth.users u
       set raw_app_meta_data = (u.raw_app_meta_data - 'location_id') || jsonb_build_object('role', 'admin')
     where u.id = v_user.id;
    v_changed := true;
  end if;
  if v_changed then
    perform private.audit('admin.grant', 'phone', v_phone,
                          jsonb_build_object('role', v_user.raw_app_meta_data ->> 'role'),
                          jsonb_build_object('role', 'admin', 'userId', v_user.id,
                                             'status', case when v_user.id is null then 'pending' else 'active' end));
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'status', case when v_user.id is null then 'pending' else 'active' end,
    'userId', v_user.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_admin(text) from public;
grant execute on function app.grant_admin(text) to authenticated;

-- Removes an admin (or a pending admin grant): the grant goes, the user loses the role and every
-- session. 404 when the phone is not an admin; 409 for yourself or the last admin; 403 when the
-- caller was removed meanwhile.
create function app.remove_admin(p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_grant boolean;
  v_admin boolean;
  v_sessions integer := 0;
begin
  perform private.require_admin('Only admins can manage admins');
  v_phone := app.normalize_phone(p_phone);
  -- Every admin removal in turn, then this phone's grants.
  perform pg_advisory_xact_lock(hashtextextended('admin_removal', 0));
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));
  -- The token says admin; the database must still say so (a removal may have just committed).
  if not exists (select 1 from auth.users u where u.id = auth.uid() and u.raw_app_meta_data ->> 'role' = 'admin') then
    perform private.fail('403', 'You are no longer an admin');
  end if;
  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  if v_user.id = auth.uid() then
    perform private.fail('409', 'You cannot remove yourself; another admin can remove you');
  end if;
  v_admin := coalesce(v_user.raw_app_meta_data ->> 'role' = 'admin', false);
  if v_admin and not exists (select 1 from auth.users u
                              where u.raw_app_meta_data ->> 'role' = 'admin' and u.id <> v_user.id
                                and not coalesce(u.is_anonymous, false)) then
    perform private.fail('409', 'This is the last admin; make another admin first');
  end if;
  delete from private.staff_grants g where g.phone = v_phone and g.role = 'admin';
  v_grant := found;
  if not v_grant and not v_admin then
    perform private.fail('404', 'This phone is not an admin');
  end if;
  if v_admin then
    update auth.users u set raw_app_meta_data = u.raw_app_meta_data - 'role' - 'location_id' where u.id = v_user.id;
    delete from auth.sessions s where s.user_id = v_user.id;
    get diagnostics v_sessions = row_count;
  end if;
  perform private.audit('admin.remove', 'phone', v_phone,
                        jsonb_build_object('role', 'admin', 'userId', v_user.id,
                                           'status', case when v_admin then 'active' else 'pending' end),
                        jsonb_build_object('role', null, 'sessionsEnded', v_sessions));
  return jsonb_build_object('phone', right(v_phone, 10), 'removed', true, 'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.remove_admin(text) from public;
grant execute on function app.remove_admin(text) to authenticated;

-- Business owners, of one business or (null) of every business: users with the owner claim
-- ('active') and owner grants whose phone has no user yet ('pending'). Admins only.
create function app.admin_owners(p_location_id text default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can manage business owners');
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'phone', o.phone, 'locationId', o.location_id, 'businessName', l.business_name,
             'status', o.status, 'userId', o.user_id, 'name', o.name,
             'lastSignInAt', o.last_sign_in_at, 'grantedAt', o.granted_at)
           order by l.sort_order, o.location_id, o.phone), '[]'::jsonb)
      from (
        select right(u.phone, 10) as phone, u.raw_app_meta_data ->> 'location_id' as location_id, 'active' as status,
               u.id as user_id, nullif(btrim(u.raw_user_meta_data ->> 'name'), '') as name, u.last_sign_in_at,
               g.granted_at
          from auth.users u
          left join private.staff_grants g on g.phone = '+' || ltrim(u.phone, '+')
         where u.raw_app_meta_data ->> 'role' = 'owner'
        union all
        select right(g.phone, 10), g.location_id, 'pending', null, null, null, g.granted_at
          from private.staff_grants g
         where g.role = 'owner'
           and not exists (select 1 from auth.users u where u.phone = private.auth_phone(g.phone))
      ) o
      join public.locations l on l.id = o.location_id
     where p_location_id is null or o.location_id = p_location_id);
end;
$$;
revoke execute on function app.admin_owners(text) from public;
grant execute on function app.admin_owners(text) to authenticated;

-- Makes a phone an owner of one business (several owners per business are fine). Granting again
-- changes nothing. 409 when the phone is an admin, staff, or an owner elsewhere.
create function app.grant_owner(p_location_id text, p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_granted_at timestamptz;
  v_changed boolean := false;
begin
  perform private.require_admin('Only admins can manage business owners');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v_phone := app.normalize_phone(p_phone);
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));
  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  perform private.refuse_other_role(v_phone, v_user, 'owner', p_location_id);

  insert into private.staff_grants (phone, location_id, granted_by, role)
  values (v_phone, p_location_id, auth.uid(), 'owner')
  on conflict (phone) do nothing
  returning granted_at into v_granted_at;
  if v_granted_at is null then
    select g.granted_at into v_granted_at from private.staff_grants g where g.phone = v_phone;
  elsif v_user.id is null then
    v_changed := true;
  end if;
  if v_user.id is not null and (v_user.raw_app_meta_data ->> 'role' is distinct from 'owner'
                                or v_user.raw_app_meta_data ->> 'location_id' is distinct from p_location_id) then
    update auth.users u
       set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object('role', 'owner', 'location_id', p_location_id)
     where u.id = v_user.id;
    v_changed := true;
  end if;
  if v_changed then
    perform private.audit('owner.grant', 'phone', v_phone, null,
                          jsonb_build_object('role', 'owner', 'locationId', p_location_id, 'userId', v_user.id,
                                             'status', case when v_user.id is null then 'pending' else 'active' end),
                          null, p_location_id);
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'locationId', p_location_id,
    'status', case when v_user.id is null then 'pending' else 'active' end,
    'userId', v_user.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_owner(text, text) from public;
grant execute on function app.grant_owner(text, text) to authenticated;

-- Removes an owner of a business (or a pending owner grant): the grant goes, the user loses the
-- role and every session. 404 when the phone is not an owner there.
create function app.revoke_owner(p_location_id text, p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_user auth.users;
  v_grant boolean;
  v_owner boolean;
  v_sessions integer := 0;
begin
  perform private.require_admin('Only admins can manage business owners');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v_phone := app.normalize_phone(p_phone);
  perform pg_advisory_xact_lock(hashtextextended('staff_grant:' || v_phone, 0));
  select * into v_user from auth.users u where u.phone = private.auth_phone(v_phone) for update;
  delete from private.staff_grants g where g.phone = v_phone and g.location_id = p_location_id and g.role = 'owner';
  v_grant := found;
  v_owner := coalesce(v_user.raw_app_meta_data ->> 'role' = 'owner'
                      and v_user.raw_app_meta_data ->> 'location_id' = p_location_id, false);
  if not v_grant and not v_owner then
    perform private.fail('404', 'This phone is not an owner of this business');
  end if;
  if v_owner then
    update auth.users u set raw_app_meta_data = u.raw_app_meta_data - 'role' - 'location_id' where u.id = v_user.id;
    delete from auth.sessions s where s.user_id = v_user.id;
    get diagnostics v_sessions = row_count;
  end if;
  perform private.audit('owner.revoke', 'phone', v_phone,
                        jsonb_build_object('role', 'owner', 'locationId', p_location_id, 'userId', v_user.id,
                                           'status', case when v_owner then 'active' else 'pending' end),
                        jsonb_build_object('role', null, 'sessionsEnded', v_sessions), null, p_location_id);
  return jsonb_build_object('phone', right(v_phone, 10), 'locationId', p_location_id, 'revoked', true,
                            'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.revoke_owner(text, text) from public;
grant execute on function app.revoke_owner(text, text) to authenticated;

create or replace function app.set_enrolment_code(p_location_id text, p_code text)
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

create or replace function app.void_visit(p_visit_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_visit public.visits;
  v_total integer;
  v_reversed_points integer;
  v_reversed record;
begin
  perform private.require_admin('Only admins can void visits');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
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
  perform private.audit('visit.void', 'visit', v_visit.id::text,
                        jsonb_build_object('status', v_visit.status, 'points', v_visit.points, 'customerId', v_visit.customer_id),
                        jsonb_build_object('status', 'voided', 'pointsReversed', v_reversed_points, 'totalPoints', v_total,
                                           'rewardsRevoked', to_jsonb(v_reversed.revoked),
                                           'rewardsClawedBack', to_jsonb(v_reversed.clawed_back)),
                        v_reason, v_visit.location_id);

  return jsonb_build_object('visitId', v_visit.id, 'voided', true, 'pointsReversed', v_reversed_points,
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back),
                            'totalPoints', v_total);
end;
$$;

create or replace function app.adjust_points(p_customer_id uuid, p_points integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_total integer;
  v_unlocked uuid[];
  v_reversed record;
begin
  perform private.require_admin('Only admins can adjust points');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
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
  perform private.audit('points.adjust', 'customer', p_customer_id::text,
                        jsonb_build_object('totalPoints', v_total - p_points),
                        jsonb_build_object('totalPoints', v_total, 'pointsAdjusted', p_points), v_reason);

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

create or replace function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
  v_was timestamptz;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  select f.dismissed_at into v_was from private.velocity_flags f where f.id = p_flag_id for update;
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  -- Dismissing twice keeps the first time and records nothing new.
  if v_was is null then
    perform private.audit('flag.dismiss', 'velocity_flag', v_flag.id::text,
                          jsonb_build_object('dismissedAt', null),
                          jsonb_build_object('dismissedAt', v_flag.dismissed_at, 'customerId', v_flag.customer_id));
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;

create or replace function app.revoke_kiosk(p_kiosk_id uuid)
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

create or replace function app.admin_kiosks(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can see its kiosks');
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

create or replace function app.admin_contact_messages(p_limit integer default 50, p_page integer default 1)
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
    'open', (select count(*) from public.contact_messages x where x.handled_at is null),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'email', m.email,
                                                   'subject', m.subject, 'message', m.message, 'createdAt', m.created_at,
                                                   'handledAt', m.handled_at)
             order by m.created_at desc, m.id), '[]'::jsonb)
        from (select * from public.contact_messages x order by x.created_at desc, x.id
               limit p_limit offset (p_page - 1)::bigint * p_limit) m));
end;
$$;

create or replace function app.admin_metrics(p_location_id text default null, p_range text default '7days',
                                             p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
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
  -- Admins for any business or all; an owner for theirs (security definer: the check is here).
  perform private.require_owner_of(p_location_id, 'Only admins and business owners can read the dashboard');
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
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can read its report');
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

create function private.settlement(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  select * into r from private.month_range(p_month);
  return (
    with m as (select * from private.month_redemptions(p_month)),
    cross_rows as (select * from m where m.earned_at is not null and m.earned_at <> m.honoured_at),
    -- Redeemed before every redemption happened at a counter (a member's own Redeem): no business
    -- to pay back, so they are shown apart, never dropped.
    unattributed as (
      select case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0) else 0 end as value_cents
        from public.customer_rewards cr
        join public.rewards rw on rw.id = cr.reward_id
        left join public.tiers t on t.name = rw.tier
       where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
         and cr.redeemed_location_id is null),
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
        -- Every redemption of the month, those recorded without a business too (issue 20 §3).
        'redemptions', (select count(*) from m) + (select count(*) from unattributed),
        'crossBusiness', (select count(*) from cross_rows),
        'crossBusinessCents', (select coalesce(sum(value_cents), 0) from cross_rows),
        'unattributed', (select count(*) from unattributed),
        'unattributedCents', (select coalesce(sum(u.value_cents), 0) from unattributed u)),
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
revoke execute on function private.settlement(text) from public;

create or replace function app.admin_settlement(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the settlement');
  return private.settlement(p_month);
end;
$$;
revoke execute on function app.admin_settlement(text) from public;
grant execute on function app.admin_settlement(text) to authenticated;
alter function app.admin_settlement(text) set jit = off;

-- One business's line of the month's settlement (issue 21 §3): its row and the pairs it is in,
-- for an admin or the business's owners.
create function app.business_settlement(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can read its settlement');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v := private.settlement(p_month);
  return jsonb_build_object(
    'month', v -> 'month', 'timeZone', v -> 'timeZone', 'from', v -> 'from', 'to', v -> 'to',
    'business', (select b from jsonb_array_elements(v -> 'businesses') b where b ->> 'locationId' = p_location_id),
    'pairs', (select coalesce(jsonb_agg(p), '[]'::jsonb) from jsonb_array_elements(v -> 'pairs') p
               where p_location_id in (p ->> 'a', p ->> 'b')));
end;
$$;
revoke execute on function app.business_settlement(text, text) from public;
grant execute on function app.business_settlement(text, text) to authenticated;

-- An admin marks a message handled (p_handled) or open again; audited. Marking it as it already
-- is changes nothing and records nothing. Returns the message's {id, handledAt, handledBy}.
create function app.set_contact_message_handled(p_message_id uuid, p_handled boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.contact_messages;
begin
  perform private.require_admin('Only admins can handle messages');
  if p_handled is null then
    perform private.fail('400', 'Say whether the message is handled');
  end if;
  select * into m from public.contact_messages x where x.id = p_message_id for update;
  if not found then
    perform private.fail('404', 'Message not found');
  end if;
  if (m.handled_at is not null) <> p_handled then
    update public.contact_messages x
       set handled_at = case when p_handled then now() end,
           handled_by = case when p_handled then auth.uid() end
     where x.id = m.id
    returning * into m;
    perform private.audit(case when p_handled then 'message.handle' else 'message.reopen' end,
                          'contact_message', m.id::text,
                          jsonb_build_object('handled', not p_handled),
                          jsonb_build_object('handled', p_handled, 'handledAt', m.handled_at));
  end if;
  return jsonb_build_object('id', m.id, 'handledAt', m.handled_at, 'handledBy', m.handled_by);
end;
$$;
revoke execute on function app.set_contact_message_handled(uuid, boolean) from public;
grant execute on function app.set_contact_message_handled(uuid, boolean) to authenticated;

-- The Audit view (issue 21 §4): the log newest first, a page at a time, with the total and the
-- action names there are (for the filter). Filters: p_action an action ('staff.grant') or its kind
-- ('staff'); p_actor a role ('admin', 'owner', 'system', ...) or digits of the actor's phone;
-- p_target the target's id or part of it; p_location_id one business; p_from / p_to days in the
-- programme's time zone, both included. Admins read every row; an owner reads only the rows of
-- their business and must name it (403 for another business or for all of them).
create function app.admin_audit(p_action text default null, p_actor text default null, p_target text default null,
                                p_location_id text default null, p_from date default null, p_to date default null,
                                p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_zone text := private.programme_time_zone();
  v_action text := nullif(lower(btrim(coalesce(p_action, ''))), '');
  v_actor text := nullif(lower(btrim(coalesce(p_actor, ''))), '');
  v_digits text;
  v_target text := nullif(btrim(coalesce(p_target, '')), '');
begin
  perform private.require_owner_of(p_location_id, 'Only admins and business owners can read the audit log');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    perform private.fail('400', 'The start date is after the end date');
  end if;
  if length(coalesce(v_action, '')) > 80 or length(coalesce(v_actor, '')) > 40 or length(coalesce(v_target, '')) > 200 then
    perform private.fail('400', 'A filter is too long');
  end if;
  v_digits := nullif(regexp_replace(coalesce(v_actor, ''), '[^0-9]', '', 'g'), '');
  return (
    with rows as (
      select a.*
        from private.audit_log a
       where (p_location_id is null or a.location_id = p_location_id)
         and (v_action is null or a.action = v_action or a.action like v_action || '.%')
         and (v_actor is null or a.actor_role = v_actor
              or (v_digits is not null and a.actor_phone like '%' || v_digits || '%'))
         and (v_target is null or a.target_id ilike private.like_contains(v_target))
         and (p_from is null or a.at >= p_from::timestamp at time zone v_zone)
         and (p_to is null or a.at < (p_to + 1)::timestamp at time zone v_zone))
    select jsonb_build_object(
      'total', (select count(*) from rows),
      'actions', (select coalesce(jsonb_agg(x.action order by x.action), '[]'::jsonb)
                    from (select distinct a.action from private.audit_log a
                           where p_location_id is null or a.location_id = p_location_id) x),
      'entries', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', e.id, 'at', e.at, 'actorId', e.actor_id, 'actorRole', e.actor_role,
                 'actorPhone', right(e.actor_phone, 10), 'action', e.action, 'targetType', e.target_type,
                 'targetId', e.target_id, 'locationId', e.location_id, 'before', e.before, 'after', e.after,
                 'reason', e.reason)
               order by e.at desc, e.id desc), '[]'::jsonb)
          from (select * from rows r order by r.at desc, r.id desc
                 limit p_limit offset (p_page - 1)::bigint * p_limit) e)));
end;
$$;
revoke execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) from public;
grant execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) to authenticated;
