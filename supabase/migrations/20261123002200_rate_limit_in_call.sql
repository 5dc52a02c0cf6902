-- A request's abuse limit counted in the same transaction (and the same pipelined round trip)
-- as its rule call (issue 15): one transaction per check-in by phone instead of two. The api
-- sends this ahead of the session check, as the connecting role, in the call's transaction.
-- A request over the limit raises LY429 with Retry-After seconds in the hint, so the rule call
-- behind it never runs. A call that fails rolls its hit back with everything else; the api then
-- counts the request again in a transaction of its own (app.hit_rate_limit), so every request
-- is counted once, failed ones included (a 404 by phone must count, or look-ups would list members).
create function private.take_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns void
language plpgsql
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
