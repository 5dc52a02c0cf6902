-- The role a ledger event records, with the claims read once: private.counter_actor_role called
-- private.actor_role twice, and each call read the JWT claims up to five times (auth.uid,
-- private.is_anonymous, private.app_role). Same answers.

create or replace function private.actor_role()
returns text
language sql stable
set search_path = ''
as $$
  -- The claims read once (as private.is_anonymous and private.app_role read them): the ledger
  -- asks for every event of an approval.
  select case
    when auth.uid() is null then null
    when coalesce((x.claims ->> 'is_anonymous')::boolean, false) then 'kiosk'
    else coalesce(x.claims -> 'app_metadata' ->> 'role', 'member')
  end
  from (select auth.jwt() as claims) x
$$;

create or replace function private.counter_actor_role()
returns text
language sql stable
set search_path = ''
as $$
  select case x.role when 'owner' then 'staff' else x.role end from (select private.actor_role() as role) x
$$;
