-- The api's door (issue 24 §4) keeps its values as E'' literals in one simple query (bound
-- parameters cost a third of the throughput: docs/PERFORMANCE.md), and sends every statement
-- that carries a value only after `set role`: the role and demo mode first (server constants),
-- then the session check and claims, then the rate-limit hits, then the call. So the session
-- check and the rate-limit hits now run as the API role, not as the connecting role: each is a
-- security definer helper the three API roles may execute, and nothing else.
alter function private.take_rate_limit(text, text, integer, integer) security definer;
grant execute on function private.require_session(uuid) to anon, authenticated, service_role;
grant execute on function private.take_rate_limit(text, text, integer, integer) to anon, authenticated, service_role;
