-- The api's door in one round trip: a request's session check, claims and role, its
-- rate limit and its call in one transaction.

-- The api's door in one round trip: a request's session check, claims and role go
-- to the server in the same pipelined batch as its rule call, so the check must be able to
-- abort the transaction by itself instead of the api reading a row and deciding.
-- A token whose session has ended (private.session_live) is refused (401) before any rule runs.
create function private.require_session(p_session_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.session_live(p_session_id) then
    perform private.fail('401', 'This session has ended; sign in again');
  end if;
end;
$$;
revoke execute on function private.require_session(uuid) from public;
-- The api runs it after `set role`: the three API roles may.
grant execute on function private.require_session(uuid) to anon, authenticated, service_role;

-- A request's abuse limit counted in the same transaction (and the same pipelined round trip)
-- as its rule call: one transaction per check-in by phone instead of two. The api
-- sends this after `set role` and the session check, as the API role (security
-- definer, so it reaches the counters), in the call's transaction.
-- A request over the limit raises LY429 with Retry-After seconds in the hint, so the rule call
-- behind it never runs. A call that fails rolls its hit back with everything else; the api then
-- counts the request again in a transaction of its own (app.hit_rate_limit), so every request
-- is counted once, failed ones included (a 404 by phone must count, or look-ups would list members).
create function private.take_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wait integer := app.hit_rate_limit(p_bucket, p_key, p_limit, p_window_seconds);
begin
  if v_wait > 0 then
    perform private.fail('429', 'Too many requests; try again later', v_wait::text);
  end if;
end;
$$;
revoke execute on function private.take_rate_limit(text, text, integer, integer) from public;
grant execute on function private.take_rate_limit(text, text, integer, integer) to anon, authenticated, service_role;

-- The api's door as one statement: the session check, claims, demo mode and role, the
-- request's abuse limits and its rule call, with every value a bound parameter of this function
-- and the call's text made of checked names only (app.* function, p_* parameters, each cast to its
-- catalogue type): `select to_jsonb(app.fn(p_x => ($1->>0)::type, ...))`, run with p_args (a JSON
-- array) as its one parameter. The call is planned after the role is set, so its EXECUTE grant and
-- RLS are the API role's; the role is set last, so the session check still runs as the connecting
-- role, as in a transaction the api opens itself. One statement is one implicit transaction: the
-- first error rolls every part back. Only the connecting role (the function's owner) may run it.
-- Its one SET clause pins search_path (restored when it returns); the claims, demo mode and role it
-- sets with set_config(…, true) are other settings, so they outlive it for the rest of the call's
-- transaction. Every name in it and in the call's text is schema-qualified or pg_catalog's.
create function private.door(
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
set search_path = ''
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
