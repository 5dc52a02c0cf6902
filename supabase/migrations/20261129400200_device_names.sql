-- Issue 31 §3: kiosks and staff phones have names the operator gives them (private.person_names,
-- app.admin_name_kiosk, app.admin_name_staff; admin only, audited), shown wherever a visit or a
-- redemption says who served (private.person_label) and in the kiosk and staff lists.
create table private.person_names (
  user_id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  named_by uuid references auth.users (id) on delete set null,
  named_at timestamptz not null default now()
);
alter table private.person_names enable row level security;
revoke all on private.person_names from anon, authenticated, service_role;
create index person_names_named_by_idx on private.person_names (named_by);

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

create or replace function private.person_label(p_user_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is null or not (private.is_admin() or private.owner_location_id() is not null) then null
    else coalesce(
      -- A kiosk: the name the operator gave it (private.person_names), and where it stands.
      (select coalesce(n.name || ' (kiosk at ' || coalesce(l.business_name, k.location_id) || ')',
                       'Kiosk at ' || coalesce(l.business_name, k.location_id))
         from public.kiosk_sessions k left join public.locations l on l.id = k.location_id
         left join private.person_names n on n.user_id = k.user_id
        where k.user_id = p_user_id),
      (select n.name from private.person_names n where n.user_id = p_user_id),
      (select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), right(u.phone, 10),
                       case when u.is_anonymous then 'Kiosk' end, 'Staff member')
         from auth.users u where u.id = p_user_id),
      'Removed user')
  end
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
             'name', (select n.name from private.person_names n where n.user_id = k.user_id),
             'createdAt', k.created_at, 'lastSeenAt', k.last_seen_at,
             'signedIn', exists (select 1 from auth.sessions s where s.user_id = k.user_id))
           order by k.last_seen_at desc, k.id), '[]'::jsonb)
      from public.kiosk_sessions k
     where k.location_id = p_location_id);
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
             'lastSignInAt', s.last_sign_in_at, 'grantedAt', s.granted_at,
             'name', (select n.name from private.person_names n where n.user_id = s.user_id))
           order by s.phone), '[]'::jsonb)
      from (
        select right(u.phone, 10) as phone, 'active' as status, u.id as user_id, u.last_sign_in_at,
               g.granted_at
          from auth.users u
          left join private.staff_grants g on g.user_id = u.id
         where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = p_location_id
        union all
        select right(g.phone, 10), 'pending', null, null, g.granted_at
          from private.staff_grants g
         where g.location_id = p_location_id and g.role = 'staff' and g.user_id is null
      ) s);
end;
$$;

