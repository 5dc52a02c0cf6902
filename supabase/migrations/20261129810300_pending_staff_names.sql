-- Pending staff grants (a phone that has not signed in yet) can be named by the operator; the
-- name is listed with the grant and becomes the person's (private.person_names) at sign-in.
alter table private.staff_grants
  add column pending_name text check (length(pending_name) between 1 and 60);

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

create or replace function app.admin_name_pending_staff(p_location_id text, p_phone text, p_name text)
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

create or replace function private.name_from_staff_grant()
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
