-- Consents (issue 11 §4): what a customer agreed to at sign-up, with the wording they were
-- shown and what it covers.

-- Consents a customer gave, with the wording they were shown (proof for the SMS programme).
-- Written only by the sign-up functions; a withdrawal later is a new row, never an edit.
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  wording text not null check (length(wording) between 1 and 2000),
  scope text not null check (length(scope) between 1 and 500),
  signup_channel text not null check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  created_at timestamptz not null default now()
);
create index consents_customer_id_idx on public.consents (customer_id);

alter table public.consents enable row level security;
revoke all on public.consents from anon, authenticated;
grant select on public.consents to authenticated;
create policy "Members read their own consents, admins all"
  on public.consents for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- The checkbox text of the sign-up forms (SPEC §2) and what the consent covers.
create function private.default_sms_consent_wording()
returns text
language sql immutable
set search_path = ''
as $$
  select 'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.'
$$;

create function private.consent_scope()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Village Rewards programme, on behalf of the six participating businesses'
$$;
revoke execute on function private.default_sms_consent_wording(), private.consent_scope() from public;
