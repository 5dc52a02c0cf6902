-- The api's door in one round trip (issue 15): a request's session check, claims and role go
-- to the server in the same pipelined batch as its rule call, so the check must be able to
-- abort the transaction by itself instead of the api reading a row and deciding.

-- A signed-out (revoked) session keeps a valid signature until it expires; GoTrue deletes its
-- auth.sessions row, so a token naming a missing session is refused (401) before any rule runs.
create function private.require_session(p_session_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_session_id is not null and not exists (select 1 from auth.sessions s where s.id = p_session_id) then
    perform private.fail('401', 'This session has ended; sign in again');
  end if;
end;
$$;

revoke execute on function private.require_session(uuid) from public;
