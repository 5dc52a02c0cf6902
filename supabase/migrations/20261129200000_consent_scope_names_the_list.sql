-- Issue 31 §1: the scope stored with every consent names the programme and points at the list of
-- businesses taking part (/businesses), not "the six participating businesses", so it stays true
-- when a business joins or leaves. Consents already recorded keep the words agreed to.
create or replace function private.consent_scope()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Village Rewards programme, on behalf of the businesses taking part (listed at /businesses)'
$$;
revoke execute on function private.consent_scope() from public;
