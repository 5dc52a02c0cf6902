-- The api's door as one statement with every value a bound parameter: private.door.

-- The api's door as one statement: the session check, claims, demo mode and role, the
-- request's abuse limits and its rule call, with every value a bound parameter of this function
-- and the call's text made of checked names only (app.* function, p_* parameters, each cast to its
-- catalogue type): `select to_jsonb(app.fn(p_x => ($1->>0)::type, ...))`, run with p_args (a JSON
-- array) as its one parameter. The call is planned after the role is set, so its EXECUTE grant and
-- RLS are the API role's; the role is set last, so the session check still runs as the connecting
-- role, as in a transaction the api opens itself. One statement is one implicit transaction: the
-- first error rolls every part back. Only the connecting role (the function's owner) may run it.
-- No SET clause: the settings it makes must outlive it, for the rest of the call's transaction.
create or replace function private.door(
  p_session_id uuid,
  p_claims text,
  p_demo_mode text,
  p_role text,
  p_async_commit boolean,
  p_limits jsonb,
  p_call text,
  p_args jsonb
)
returns jsonb
language plpgsql
as $$
declare
  v_limit jsonb;
  v_result jsonb;
begin
  if p_role is null or p_role not in ('anon', 'authenticated', 'service_role') then
    raise exception 'unknown database role %', p_role;
  end if;
  perform private.require_session(p_session_id);
  perform pg_catalog.set_config('request.jwt.claims', p_claims, true),
          pg_catalog.set_config('app.demo_mode', p_demo_mode, true),
          pg_catalog.set_config('role', p_role, true);
  if p_async_commit then
    perform pg_catalog.set_config('synchronous_commit', 'off', true);
  end if;
  for v_limit in select value from pg_catalog.jsonb_array_elements(coalesce(p_limits, '[]')) loop
    perform private.take_rate_limit(v_limit ->> 'bucket', v_limit ->> 'key',
      (v_limit ->> 'limit')::integer, (v_limit ->> 'windowSeconds')::integer);
  end loop;
  execute p_call into v_result using p_args;
  return v_result;
end;
$$;
revoke execute on function private.door(uuid, text, text, text, boolean, jsonb, text, jsonb)
  from public, anon, authenticated, service_role;
