-- The api's door in one round trip (issue 15): a request's session check, claims and role, its
-- rate limit and its call in one transaction.

-- The api's door in one round trip (issue 15): a request's session check, claims and role go
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
-- The api runs it after `set role` (issue 24 §4): the three API roles may.
grant execute on function private.require_session(uuid) to anon, authenticated, service_role;

-- A request's abuse limit counted in the same transaction (and the same pipelined round trip)
-- as its rule call (issue 15): one transaction per check-in by phone instead of two. The api
-- sends this after `set role` and the session check, as the API role (issue 24 §4; security
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
