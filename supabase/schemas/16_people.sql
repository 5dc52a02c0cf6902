-- People (issue 21 §3): admins and business owners, granted and removed by phone from /admin,
-- the way staff are (15_staff_grants.sql): a grant per phone in private.staff_grants (role
-- 'admin' or 'owner'), applied at once to the phone's Auth user (the claim is in their next
-- token) or, for a phone with no user yet, by private.apply_staff_grant when it signs up. A
-- phone has one role: granting a phone that is staff, an owner or an admin elsewhere is a 409
-- that says where. Removing ends the user's sessions, like a staff revoke. Every grant and
-- removal is audited (private.audit).
--
-- Admin removal: never yourself (409: another admin removes you, so an admin cannot lock the
-- programme out by a slip), never the last admin (409). Removals of admins run one at a time
-- (an advisory lock) and re-read the caller's role from auth.users, so two admins removing each
-- other at once leave one.

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
