-- A removed person's token is dead everywhere: the Storage policies of business images ask that
-- the caller's session is live, as the api's door does (one check, private.session_live).

create or replace function private.session_live(p_session_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_session_id is null or exists (select 1 from auth.sessions s where s.id = p_session_id)
$$;
revoke execute on function private.session_live(uuid) from public;
grant execute on function private.session_live(uuid) to anon, authenticated, service_role;

-- The caller's own session (the token's session_id claim) is live: for policies, which see only
-- the claims (Storage checks a token's signature, never its session).
create or replace function private.caller_session_live()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.session_live(nullif(auth.jwt() ->> 'session_id', '')::uuid)
$$;
revoke execute on function private.caller_session_live() from public;
grant execute on function private.caller_session_live() to anon, authenticated, service_role;

create or replace function private.require_session(p_session_id uuid)
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
grant execute on function private.require_session(uuid) to anon, authenticated, service_role;

drop policy "admins upload business images" on storage.objects;
drop policy "admins replace business images" on storage.objects;
drop policy "admins remove business images" on storage.objects;
drop policy "admins list business images" on storage.objects;

create policy "admins upload business images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

create policy "admins replace business images" on storage.objects
  for update to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()))
  with check (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

create policy "admins remove business images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));

-- Upsert and remove read the row first: admins see the bucket's objects (anyone reads the files
-- through the public URL, which does not ask RLS).
create policy "admins list business images" on storage.objects
  for select to authenticated
  using (bucket_id = 'business-images' and (select private.is_admin()) and (select private.caller_session_live()));
