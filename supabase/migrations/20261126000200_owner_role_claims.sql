-- Issue 21 §3: the business-owner role's claims helpers (private.owner_location_id, private.is_owner_of).

-- Issue 21 §3: a business owner is an Auth user whose app_metadata says
-- {"role": "owner", "location_id": ...}: they read their one business's figures, report,
-- settlement line, staff and kiosks, and nothing of another business. Null for everyone else.
create function private.owner_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() = 'owner' then auth.jwt() -> 'app_metadata' ->> 'location_id' end
$$;
revoke execute on function private.owner_location_id from public;
grant execute on function private.owner_location_id() to anon, authenticated, service_role;

-- The owner of this business, or an admin (who sees every business).
create function private.is_owner_of(p_location_id text)
returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_admin() or coalesce(private.owner_location_id() = p_location_id, false)
$$;
revoke execute on function private.is_owner_of from public;
grant execute on function private.is_owner_of(text) to anon, authenticated, service_role;
