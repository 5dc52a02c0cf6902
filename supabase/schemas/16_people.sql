-- People: admins and business owners, granted and removed from /admin the way staff are
-- (15_staff_grants.sql): a grant in private.staff_grants (role 'admin' or 'owner') that names
-- the person by user id, or by phone until they sign up. A person has one role: granting someone
-- who is staff, an owner or an admin elsewhere is a 409 that says where. Removing names the
-- person (by user id from the list, or by their phone now) and ends every session of theirs, like
-- a staff revoke. Every grant and removal is audited (private.audit).
--
-- Admin removal: never yourself (409: another admin removes you, so an admin cannot lock the
-- programme out by a slip), never the last admin (409). Removals of admins run one at a time
-- (an advisory lock) and re-read the caller's role from auth.users, so two admins removing each
-- other at once leave one.

-- 409 when the person (or the phone) holds a role other than p_role at p_location_id.
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
  select h.role, h.location_id into v_role, v_location_id from private.held_role(p_phone, p_user) h;
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

-- Admins: users with the admin claim ('active', with their phone as it is now) and admin grants
-- whose phone has no user yet ('pending'); `you` marks the caller.
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
          left join private.staff_grants g on g.user_id = u.id
         where u.raw_app_meta_data ->> 'role' = 'admin' and not coalesce(u.is_anonymous, false)
        union all
        select right(g.phone, 10), 'pending', null, null, null, g.granted_at
          from private.staff_grants g
         where g.role = 'admin' and g.user_id is null
      ) a);
end;
$$;
revoke execute on function app.admin_admins() from public;
grant execute on function app.admin_admins() to authenticated;

-- Makes a phone an admin: its user at once (the claim is in their next token), or when it signs
-- up. Granting an admin again changes nothing. 409 when the person is staff or an owner.
create function app.grant_admin(p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_granted_at timestamptz;
  v_changed boolean;
begin
  perform private.require_admin('Only admins can manage admins');
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  perform private.refuse_other_role(v_phone, v_person, 'admin', null);
  select r.granted_at, r.changed into v_granted_at, v_changed
    from private.give_role(v_phone, v_person, 'admin', null) r;
  -- An admin set up without a grant now has one: nothing changed that the audit should say.
  if v_changed and v_person.raw_app_meta_data ->> 'role' is distinct from 'admin' then
    perform private.audit('admin.grant', 'phone', v_phone,
                          jsonb_build_object('role', v_person.raw_app_meta_data ->> 'role'),
                          jsonb_build_object('role', 'admin', 'userId', v_person.id,
                                             'status', case when v_person.id is null then 'pending' else 'active' end));
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'status', case when v_person.id is null then 'pending' else 'active' end,
    'userId', v_person.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_admin(text) from public;
grant execute on function app.grant_admin(text) to authenticated;

-- Removes an admin (or a pending admin grant), named by user id or by their phone now: the grant
-- goes, the user loses the role and every session. 404 when nobody so named is an admin; 409 for
-- yourself or the last admin; 403 when the caller was removed meanwhile.
create function app.remove_admin(p_phone text default null, p_user_id uuid default null)
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
  perform private.require_admin('Only admins can manage admins');
  -- Every admin removal in turn.
  perform pg_advisory_xact_lock(hashtextextended('admin_removal', 0));
  -- The token says admin; the database must still say so (a removal may have just committed).
  if not exists (select 1 from auth.users u where u.id = auth.uid() and u.raw_app_meta_data ->> 'role' = 'admin') then
    perform private.fail('403', 'You are no longer an admin');
  end if;
  select * into v_found from private.find_person(p_phone, p_user_id);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  if v_person.id = auth.uid() then
    perform private.fail('409', 'You cannot remove yourself; another admin can remove you');
  end if;
  if coalesce(v_person.raw_app_meta_data ->> 'role' = 'admin', false)
     and not exists (select 1 from auth.users u
                      where u.raw_app_meta_data ->> 'role' = 'admin' and u.id <> v_person.id
                        and not coalesce(u.is_anonymous, false)) then
    perform private.fail('409', 'This is the last admin; make another admin first');
  end if;
  select t.held, t.active, t.sessions_ended into v_held, v_active, v_sessions
    from private.take_role(v_phone, v_person, 'admin', null) t;
  if not v_held then
    perform private.fail('404', case when p_user_id is null then 'Nobody with this phone is an admin'
                                     else 'This person is not an admin' end);
  end if;
  perform private.audit('admin.remove', 'phone', v_phone,
                        jsonb_build_object('role', 'admin', 'userId', v_person.id,
                                           'status', case when v_active then 'active' else 'pending' end),
                        jsonb_build_object('role', null, 'sessionsEnded', v_sessions));
  return jsonb_build_object('phone', right(v_phone, 10), 'userId', v_person.id, 'removed', true,
                            'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.remove_admin(text, uuid) from public;
grant execute on function app.remove_admin(text, uuid) to authenticated;

-- Business owners, of one business or (null) of every business: users with the owner claim
-- ('active', with their phone as it is now) and owner grants whose phone has no user yet
-- ('pending'). Admins only.
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
          left join private.staff_grants g on g.user_id = u.id
         where u.raw_app_meta_data ->> 'role' = 'owner'
        union all
        select right(g.phone, 10), g.location_id, 'pending', null, null, null, g.granted_at
          from private.staff_grants g
         where g.role = 'owner' and g.user_id is null
      ) o
      join public.locations l on l.id = o.location_id
     where p_location_id is null or o.location_id = p_location_id);
end;
$$;
revoke execute on function app.admin_owners(text) from public;
grant execute on function app.admin_owners(text) to authenticated;

-- Makes a phone an owner of one business (several owners per business are fine). Granting again
-- changes nothing. 409 when the person is an admin, staff, or an owner elsewhere.
create function app.grant_owner(p_location_id text, p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_granted_at timestamptz;
  v_changed boolean;
begin
  perform private.require_admin('Only admins can manage business owners');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  perform private.refuse_other_role(v_phone, v_person, 'owner', p_location_id);
  select r.granted_at, r.changed into v_granted_at, v_changed
    from private.give_role(v_phone, v_person, 'owner', p_location_id) r;
  if v_changed then
    perform private.audit('owner.grant', 'phone', v_phone, null,
                          jsonb_build_object('role', 'owner', 'locationId', p_location_id, 'userId', v_person.id,
                                             'status', case when v_person.id is null then 'pending' else 'active' end),
                          null, p_location_id);
  end if;
  return jsonb_build_object(
    'phone', right(v_phone, 10), 'locationId', p_location_id,
    'status', case when v_person.id is null then 'pending' else 'active' end,
    'userId', v_person.id, 'grantedAt', v_granted_at);
end;
$$;
revoke execute on function app.grant_owner(text, text) from public;
grant execute on function app.grant_owner(text, text) to authenticated;

-- Removes an owner of a business (or a pending owner grant), named by user id or by their phone
-- now: the grant goes, the user loses the role and every session. 404 when nobody so named is an
-- owner there.
create function app.revoke_owner(p_location_id text, p_phone text default null, p_user_id uuid default null)
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
  perform private.require_admin('Only admins can manage business owners');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into v_found from private.find_person(p_phone, p_user_id);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  select t.held, t.active, t.sessions_ended into v_held, v_active, v_sessions
    from private.take_role(v_phone, v_person, 'owner', p_location_id) t;
  if not v_held then
    perform private.fail('404', case when p_user_id is null then 'Nobody with this phone is an owner of this business'
                                     else 'This person is not an owner of this business' end);
  end if;
  perform private.audit('owner.revoke', 'phone', v_phone,
                        jsonb_build_object('role', 'owner', 'locationId', p_location_id, 'userId', v_person.id,
                                           'status', case when v_active then 'active' else 'pending' end),
                        jsonb_build_object('role', null, 'sessionsEnded', v_sessions), null, p_location_id);
  return jsonb_build_object('phone', right(v_phone, 10), 'userId', v_person.id, 'locationId', p_location_id,
                            'revoked', true, 'sessionsEnded', v_sessions);
end;
$$;
revoke execute on function app.revoke_owner(text, text, uuid) from public;
grant execute on function app.revoke_owner(text, text, uuid) to authenticated;

-- The first admin, without SQL: `npm run deploy` calls this with the phone named in the village
-- file (only the database owner may: no API role can). It grants through private.give_role as
-- app.grant_admin does, audited as 'admin.bootstrap'; a phone nobody has yet gets a pending grant
-- that becomes theirs at their first sign-in. Once any admin exists it refuses (409): every
-- other admin is added on /admin → People. The lock makes two bootstraps at once give one admin.
create function private.bootstrap_first_admin(p_phone text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found record;
  v_person auth.users;
  v_phone text;
  v_granted_at timestamptz;
  v_status text;
begin
  perform pg_advisory_xact_lock(hashtextextended('first_admin', 0));
  if exists (select 1 from private.staff_grants g where g.role = 'admin')
     or exists (select 1 from auth.users u where u.raw_app_meta_data ->> 'role' = 'admin') then
    perform private.fail('409', 'The programme already has an admin: add more admins on /admin, People');
  end if;
  select * into v_found from private.find_person(p_phone, null);
  v_person := v_found.person;
  v_phone := v_found.person_phone;
  perform private.refuse_other_role(v_phone, v_person, 'admin', null);
  select r.granted_at into v_granted_at from private.give_role(v_phone, v_person, 'admin', null) r;
  v_status := case when v_person.id is null then 'pending' else 'active' end;
  perform private.audit('admin.bootstrap', 'phone', v_phone,
                        jsonb_build_object('role', v_person.raw_app_meta_data ->> 'role'),
                        jsonb_build_object('role', 'admin', 'userId', v_person.id, 'status', v_status),
                        'The first admin, named in the village file', null, 'system');
  return jsonb_build_object('phone', right(v_phone, 10), 'status', v_status, 'userId', v_person.id,
                            'grantedAt', v_granted_at);
end;
$$;
revoke execute on function private.bootstrap_first_admin(text) from public, anon, authenticated, service_role;
