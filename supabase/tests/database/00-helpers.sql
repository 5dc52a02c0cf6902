-- Helpers for the pgTAP specifications in this folder (included with \ir; created inside each
-- file's transaction, so nothing outlives a test run). Acting as a caller sets the same role
-- and request.jwt.claims the api function sets.
create schema if not exists tests;

create or replace function tests.create_user(p_phone text, p_app_metadata jsonb default '{"provider": "phone"}', p_anonymous boolean default false)
returns uuid language sql as $$
  insert into auth.users (id, aud, role, phone, is_anonymous, raw_app_meta_data)
  values (gen_random_uuid(), 'authenticated', 'authenticated', p_phone, p_anonymous, p_app_metadata)
  returning id
$$;

-- Become the Auth user with this id (their claims read from auth.users), or anon for null.
create or replace procedure tests.act_as(p_user_id uuid)
language plpgsql as $$
declare
  v_user auth.users;
begin
  reset role;
  if p_user_id is null then
    perform set_config('request.jwt.claims', '{"role": "anon"}', true);
    set local role anon;
    return;
  end if;
  select * into v_user from auth.users where id = p_user_id;
  perform set_config('request.jwt.claims', json_build_object(
    'sub', v_user.id, 'role', 'authenticated', 'aud', 'authenticated', 'phone', coalesce(v_user.phone, ''),
    'is_anonymous', v_user.is_anonymous, 'app_metadata', v_user.raw_app_meta_data)::text, true);
  set local role authenticated;
end;
$$;

create or replace procedure tests.act_as_superuser()
language sql as $$ reset role $$;

grant usage on schema tests to anon, authenticated;
grant execute on all functions in schema tests to anon, authenticated;
grant execute on all procedures in schema tests to anon, authenticated;
