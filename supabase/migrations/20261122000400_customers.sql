-- Customers: sign-up (with the SMS consent it records), names and phones made canonical, and
-- the sign-in step that links a member's Auth user to their customer row.
-- The functions in schema app (not exposed by the Data API; the api function calls them as the
-- caller) decide who may act from auth.jwt() and raise private.fail() errors (SQLSTATE
-- LY<http status>). They are security definer because they write tables the API roles cannot.

revoke all on schema app from public;
grant usage on schema app to anon, authenticated, service_role;

-- Normalises a US phone (10 digits, or 11 starting with 1, any punctuation) to E.164.
create function app.normalize_phone(p_phone text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_digits text := regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) = 11 and left(v_digits, 1) = '1' then
    v_digits := substr(v_digits, 2);
  end if;
  if v_digits !~ '^[2-9][0-9]{9}$' then
    perform private.fail('400', 'Phone must be a 10-digit US number');
  end if;
  return '+1' || v_digits;
end;
$$;

-- A person's name as stored (issue 11 §1.5): NFC-normalised, then trimmed at both ends of
-- whitespace and invisible characters (controls, zero-width spaces and joiners, soft hyphen,
-- bidi marks, BOM, Hangul fillers, variation selectors, tags...); inside the name they stay
-- (emoji sequences and some scripts need joiners). Nothing left, or more than 100 characters:
-- LY400. The zod PersonName (INVISIBLE_CHARACTERS in contract/common.ts) is its twin; both are
-- tested against tests/support/name-cases.ts.
create function private.clean_name(p_name text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_name, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', 'Name needs at least one visible character');
  end if;
  if char_length(v) > 100 then
    perform private.fail('400', 'Name is at most 100 characters');
  end if;
  return v;
end;
$$;

-- Every way a name is written (sign-up, a member editing their details) stores the clean form.
create function private.customers_clean_name()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := private.clean_name(new.name);
  return new;
end;
$$;

create trigger customers_clean_name
  before insert or update of name on public.customers
  for each row execute function private.customers_clean_name();

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

-- Creates a customer; one per phone (a second sign-up is a 409). A signed-in caller whose
-- phone claim is this phone and was proven by an SMS code, and who has no customer yet, is
-- linked to the new row. Records the SMS consent with the wording shown.
create function private.create_customer(
  p_name text, p_phone text, p_email text, p_sms_consent boolean, p_email_consent boolean,
  p_location_id text, p_channel text, p_sms_consent_wording text
)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_name text := private.clean_name(p_name);
  v_user_id uuid;
  v_row public.customers;
begin
  perform private.require_location(p_location_id);
  if auth.uid() is not null and not private.is_anonymous()
     and private.jwt_phone() = v_phone and private.phone_proven_by_code()
     and not exists (select 1 from public.customers c where c.user_id = auth.uid()) then
    v_user_id := auth.uid();
  end if;

  insert into public.customers (user_id, name, phone, email, sms_consent, email_consent, signup_location_id, signup_channel)
  values (v_user_id, v_name, v_phone, nullif(btrim(coalesce(p_email, '')), ''),
          coalesce(p_sms_consent, false), coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning * into v_row;
  if v_row.id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  if coalesce(p_sms_consent, false) then
    insert into public.consents (customer_id, channel, wording, scope, signup_channel)
    values (v_row.id, 'sms',
            coalesce(nullif(btrim(coalesce(p_sms_consent_wording, '')), ''), private.default_sms_consent_wording()),
            private.consent_scope(), p_channel);
  end if;
  return v_row;
end;
$$;

-- Sign-up (POST /api/customers; SPEC §3 sign-up payload). The channel is the caller's: a kiosk
-- (anonymous device session) signs customers up at its own location unless told another;
-- otherwise 'business' when a location is given, else 'web'. Returns the contract's shape:
-- {"customer": {"id", "name"}, "welcomeReward": {"name", "description"} | null}.
create function app.create_customer(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk_location text;
  v_location_id text := p_location_id;
  v_channel text;
  v_row public.customers;
begin
  if private.is_anonymous() and auth.uid() is not null then
    select k.location_id into v_kiosk_location from public.kiosk_sessions k where k.user_id = auth.uid();
    v_location_id := coalesce(p_location_id, v_kiosk_location);
    v_channel := 'kiosk';
  else
    v_channel := case when p_location_id is not null then 'business' else 'web' end;
  end if;
  v_row := private.create_customer(p_name, p_phone, p_email, p_sms_consent, p_email_consent,
                                   v_location_id, v_channel, p_sms_consent_wording);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_row.id, 'name', v_row.name),
    'welcomeReward', (select jsonb_build_object('name', r.name, 'description', r.description)
                        from public.rewards r
                       where r.kind = 'welcome' and r.location_id = v_location_id));
end;
$$;

-- Links the signed-in member to their customer row by their phone claim; 404 when none has it.
-- Only a session proven by an SMS code may (403 otherwise, issue 11 §1.6).
-- Phone change (issue 11 §1.7): a user already linked to a customer keeps that link, even when
-- their phone claim now matches another customer row; that other row is left untouched (it
-- stays with whoever signs in with that phone and no linked customer). No error.
create function app.link_customer_to_user()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.jwt_phone();
  v_id uuid;
begin
  if auth.uid() is null or private.is_anonymous() or v_phone is null then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  if not private.phone_proven_by_code() then
    perform private.fail('403', 'Sign in with a code sent to your phone to use your account');
  end if;
  select c.id into v_id from public.customers c where c.user_id = auth.uid();
  if found then
    return v_id;
  end if;
  update public.customers c
     set user_id = auth.uid()
   where c.phone = v_phone
  returning c.id into v_id;
  if v_id is null then
    perform private.fail('404', 'No account found with this phone number');
  end if;
  return v_id;
end;
$$;

-- After a verified phone sign-in (POST /api/auth/verify): links the member to the customer
-- with their phone; with sign-up details (the mobile sign-up variant) creates it when none
-- exists. Two parallel sign-ups with one phone create one customer: the loser of the insert
-- race links to the winner's row instead of failing.
-- Returns {"customer": {"id", "name", "phone" (10 digits)}, "created"}.
create function app.claim_customer(
  p_name text default null,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_sms_consent_wording text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_created boolean := false;
begin
  begin
    v_id := app.link_customer_to_user();
  exception when sqlstate 'LY404' then
    if p_name is null then
      raise;
    end if;
    begin
      v_id := (private.create_customer(p_name, private.jwt_phone(), p_email, p_sms_consent, p_email_consent,
                                       null, 'mobile', p_sms_consent_wording)).id;
      v_created := true;
    exception when sqlstate 'LY409' then
      v_id := app.link_customer_to_user();
    end;
  end;
  return (select jsonb_build_object(
            'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', right(c.phone, 10)),
            'created', v_created)
            from public.customers c where c.id = v_id);
end;
$$;

revoke execute on all functions in schema app from public;
revoke execute on all functions in schema private from public;
grant execute on function app.normalize_phone(text) to anon, authenticated, service_role;
grant execute on function private.clean_name(text) to anon, authenticated, service_role;
grant execute on function
  app.create_customer(text, text, text, boolean, boolean, text, text)
to anon, authenticated;
grant execute on function
  app.link_customer_to_user(),
  app.claim_customer(text, text, boolean, boolean, text)
to authenticated;
