-- Customers: one per phone (E.164, US numbers), names and phones made canonical in one place,
-- the consents they gave with the wording they saw, and sign-up (the channel decided here, not by
-- the caller).

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  -- The Supabase Auth user who signed in with this phone (set on first verified sign-in).
  user_id uuid unique references auth.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 100),
  -- E.164, US numbers only (PRODUCT §9: 10 digits). One customer per phone. Null only
  -- for a forgotten member (customers_phone_unless_forgotten below): the phone may
  -- then join again as a new member.
  phone text unique check (phone ~ '^\+1[2-9][0-9]{9}$'),
  email text check (email is null or (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  sms_consent boolean not null default false,
  email_consent boolean not null default false,
  signup_location_id text references public.locations (id) on delete set null,
  signup_channel text not null check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  -- Lifetime points: always the sum of the customer's points_ledger deltas (5 per approved,
  -- unvoided visit). Only the app functions change it, under a row lock, with a ledger event.
  total_points integer not null default 0 check (total_points >= 0),
  created_at timestamptz not null default now(),
  -- The admin Customers tab: last visit and total visits are rolled up on the
  -- customer row by a trigger on visits (67_rollups.sql), so sorting and filtering by them is an
  -- index scan, not an aggregate.
  visit_count integer not null default 0 check (visit_count >= 0),
  last_visit_at timestamptz,
  -- Member records (57_member_records.sql). A forgotten member (the operator's
  -- "Forget member" or the member's "Delete my account") keeps the row and its numbers with the
  -- name 'Forgotten member', no phone, no email, no Auth user: forgotten_at is set and phone null.
  forgotten_at timestamptz,
  -- A suspended member cannot check in or redeem (the reason is kept with it).
  suspended_at timestamptz,
  suspension_reason text check (length(suspension_reason) <= 500),
  constraint customers_phone_unless_forgotten check (phone is not null or forgotten_at is not null),
  constraint customers_suspension_has_reason check (suspended_at is null or suspension_reason is not null),
  -- Double opt-in: consent ticked on a form (anyone can type any number) waits here until the
  -- phone itself confirms it (a reply YES, or a sign-in with a code sent to it). sms_consent is
  -- the confirmed consent, the only one any text but the confirmation request goes to.
  sms_consent_pending boolean not null default false,
  constraint customers_sms_consent_pending_or_confirmed check (not (sms_consent and sms_consent_pending))
);
alter table public.customers enable row level security;
revoke all on public.customers from anon, authenticated;

-- Triggers on public.customers, declared beside their functions in later files:
--   customers_text_welcome (48_texts.sql)                    the welcome text
--   customers_text_changed (48_texts.sql)                    the consent question, the phone-change notice
--   customers_remember_former_phone (57_member_records.sql)  the old number of a phone change
--   customers_count_signups (67_rollups.sql)                 sign-ups per business
--   customers_refuse_archived_location (78_catalogue.sql)    no sign-up at an archived business
--   customers_referral_bookkeeping (97_referrals.sql)        the invitation code, the phone's fingerprint
--   customers_forget_referrals (97_referrals.sql)            a forgotten member's code and referral links

-- Customers: a member sees and edits their own contact details; admins see everyone.
-- Points and links change only through the app functions (column grants below).
grant select, delete on public.customers to authenticated;
grant update (name, email, sms_consent, email_consent) on public.customers to authenticated;

create index customers_signup_location_id_idx on public.customers (signup_location_id);
create index customers_created_at_idx on public.customers (created_at);

-- Every ordering the tab offers, each with the id as the tie-breaker (stable pages).
create index customers_name_idx on public.customers (name, id);
-- The two orderings only the tab uses leave forgotten members out (the tab never lists them):
-- a deep page (page 500 of everyone by points) skips its rows in the index alone instead of
-- reading each skipped member's row to see whether they were forgotten.
create index customers_total_points_idx on public.customers (total_points, id) where forgotten_at is null;
create index customers_visit_count_idx on public.customers (visit_count, id) where forgotten_at is null;
create index customers_last_visit_at_idx on public.customers (last_visit_at desc nulls last, id desc);
-- A name as the searches compare it: lower case, accents removed ("Ana Pérez" -> "ana perez").
-- unaccent() is only stable (its dictionary could change); naming the dictionary makes this
-- wrapper safe to declare immutable, so the trigram index below can use it.
create function private.fold(p_text text)
returns text
language sql immutable parallel safe strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;
revoke execute on function private.fold(text) from public;
grant execute on function private.fold(text) to authenticated;

create index customers_name_fold_trgm_idx on public.customers using gin (private.fold(name) extensions.gin_trgm_ops);
create index customers_phone_trgm_idx on public.customers using gin (phone extensions.gin_trgm_ops);
create index customers_last_active_idx on public.customers ((greatest(created_at, last_visit_at)), id)
  include (created_at, last_visit_at);
-- The few forgotten members, whose unused rewards no longer count as outstanding.
create index customers_forgotten_idx on public.customers (id) where forgotten_at is not null;
create policy "Members can read their own customer record, admins all"
  on public.customers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Members can edit their own contact details, admins all"
  on public.customers for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Admins can remove customers"
  on public.customers for delete to authenticated
  using ((select private.is_admin()));

-- Consents: what a customer agreed to at sign-up, with the wording they were
-- shown and what it covers.
-- Consents a customer gave, with the wording they were shown (proof for the SMS programme).
-- Written only by the sign-up functions; a withdrawal later is a new row, never an edit.
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  wording text not null check (length(wording) between 1 and 2000),
  scope text not null check (length(scope) between 1 and 500),
  -- The sign-up form's channel for a consent given at sign-up; null for a later change.
  signup_channel text check (signup_channel in ('web', 'business', 'kiosk', 'mobile')),
  created_at timestamptz not null default now(),
  -- Consent is a history. true grants, false withdraws; the newest row of a channel is
  -- the customer's current choice (customers.sms_consent mirrors it, private.record_sms_consent
  -- writes both). Where the change came from: the sign-up form, the member's /account, an SMS
  -- reply (STOP / START), or an admin's correction.
  granted boolean not null default true,
  source text not null default 'signup' check (source in ('signup', 'account', 'sms_reply', 'admin', 'sign_in')),
  check (source <> 'signup' or signup_channel is not null),
  -- A consent given on a form, not yet confirmed by the phone: the first of double opt-in's two
  -- steps. The second is a later granted row from an SMS reply or a sign-in ('sign_in': a
  -- session proven by a code sent to the phone).
  pending boolean not null default false,
  constraint consents_pending_is_granted check (not pending or granted)
);
alter table public.consents enable row level security;
revoke all on public.consents from anon, authenticated;
grant select on public.consents to authenticated;
create index consents_customer_id_idx on public.consents (customer_id, channel, created_at desc);
-- The funder's report counts a month's SMS withdrawals (92_funder_report.sql).
create index consents_sms_withdrawn_idx on public.consents (created_at) where channel = 'sms' and not granted;
create policy "Members read their own consents, admins all"
  on public.consents for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- Customers' names and phones made canonical: one US phone format, one name rule for every
-- write of a name (sign-up, a member editing their details), and the email shape as a 400.
-- (Phones: app.normalize_phone, 06_helpers.sql.)

-- Characters no stored text may hold inside it: they print nothing or move what is around them,
-- so a text could read otherwise than it is (a campaign's "Reply STOP to opt out." shown reversed
-- by U+202E, a fake line after a carriage return, a name hiding a terminal escape). C0 and C1
-- controls (a line feed only where p_lines), bidi embeddings, overrides and isolates, zero-width
-- space, word joiner and invisible operators, BOM, soft hyphen, CGJ, Hangul fillers, Mongolian
-- vowel separator, line and paragraph separators, tag characters. Kept: zero-width (non-)joiners
-- and variation selectors (emoji sequences and several scripts need them) and the direction
-- marks LRM, RLM, ALM (they place neighbouring punctuation, never reverse a word). LY400 naming
-- p_label and the character. The zod twin is hiddenCharacter in contract/common.ts;
-- tests/support/name-cases.ts drives both.
create function private.refuse_hidden_characters(p_text text, p_label text, p_lines boolean default false)
returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  c_hidden constant text :=
    '\u0001-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u034F\u115F\u1160\u180E\u200B\u2028-\u202E'
    '\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\U000E0000-\U000E007F';
  v_found text := substring(p_text from '[' || c_hidden || case when p_lines then '' else '\u000A' end || ']');
  v_code integer;
begin
  if v_found is not null then
    v_code := ascii(v_found);
    perform private.fail('400', p_label || ' has '
      || case when v_code < 32 or v_code between 127 and 159 then 'a control character'
              else 'an invisible or text-direction character' end
      || ' (U+' || upper(lpad(to_hex(v_code), greatest(4, length(to_hex(v_code))), '0')) || '); remove it');
  end if;
end;
$$;
revoke execute on function private.refuse_hidden_characters(text, text, boolean) from public;
grant execute on function private.refuse_hidden_characters(text, text, boolean) to anon, authenticated, service_role;

-- Visible text as stored (names; reasons of voids and adjustments):
-- NFC-normalised, trimmed at both ends of whitespace and invisible characters (controls,
-- zero-width spaces and joiners, soft hyphen, bidi marks, BOM, Hangul fillers, variation
-- selectors, tags...); inside the text, the characters private.refuse_hidden_characters names are
-- refused (joiners stay: emoji sequences and some scripts need them). Nothing left, something
-- hidden inside, or more than p_max characters: LY400 naming p_label. The zod twin is visibleText
-- (cleanName, INVISIBLE_CHARACTERS) in contract/common.ts; tests/support/name-cases.ts drives both.
create function private.clean_text(p_text text, p_label text, p_max integer)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  c_invisible constant text :=
    '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  v text := normalize(coalesce(p_text, ''), NFC);
begin
  v := regexp_replace(v, '^' || c_invisible || '+|' || c_invisible || '+$', '', 'g');
  if v = '' then
    perform private.fail('400', p_label || ' needs at least one visible character');
  end if;
  if char_length(v) > p_max then
    perform private.fail('400', p_label || ' is at most ' || p_max || ' characters');
  end if;
  perform private.refuse_hidden_characters(v, p_label);
  return v;
end;
$$;
revoke execute on function private.clean_text(text, text, integer) from public;
grant execute on function private.clean_text(text, text, integer) to anon, authenticated, service_role;

-- A person's name: the rule above, at most 100 characters.
create function private.clean_name(p_name text)
returns text
language sql immutable
set search_path = ''
as $$
  select private.clean_text(p_name, 'Name', 100)
$$;
revoke execute on function private.clean_name(text) from public;
grant execute on function private.clean_name(text) to anon, authenticated, service_role;

-- The same rule where text is stored, whatever function writes it: the tiers'
-- wording, rewards' names and descriptions, a consent's wording and the reason kept in the
-- audit log are refused with the LY400 above if something is hidden inside. The functions that
-- take such text check it first with their own words; these triggers hold for every other
-- writer (app.admin_update_tiers, the reasons of archiving a business and of retiring or
-- replacing a reward, the wording a sign-up sends), and for the next one.
create function private.refuse_hidden_in_tier()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.goal_label, new.name || ': the goal label');
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_tier() from public;

create trigger tiers_refuse_hidden_characters
  before insert or update of goal_label on public.tiers
  for each row execute function private.refuse_hidden_in_tier();

create function private.refuse_hidden_in_reward()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.name, 'The reward''s name');
  perform private.refuse_hidden_characters(new.description, 'The description', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_reward() from public;

create trigger rewards_refuse_hidden_characters
  before insert or update of name, description on public.rewards
  for each row execute function private.refuse_hidden_in_reward();

create function private.refuse_hidden_in_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.wording, 'The consent wording', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_consent() from public;

create trigger consents_refuse_hidden_characters
  before insert or update of wording on public.consents
  for each row when (new.wording is not null)
  execute function private.refuse_hidden_in_consent();

create function private.refuse_hidden_in_audit_reason()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse_hidden_characters(new.reason, 'The reason', true);
  return new;
end;
$$;
revoke execute on function private.refuse_hidden_in_audit_reason() from public;

create trigger audit_log_refuse_hidden_characters
  before insert on private.audit_log
  for each row when (new.reason is not null)
  execute function private.refuse_hidden_in_audit_reason();

-- The email shape the tables' check constraints accept (so a bad one is a 400, not a 500).
create function private.is_email(p_email text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select length(p_email) <= 254 and p_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;
revoke execute on function private.is_email(text) from public;

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
revoke execute on function private.customers_clean_name() from public;

-- The checkbox text of the sign-up forms (PRODUCT §2) and what the consent covers.
create function private.default_sms_consent_wording()
returns text
language sql immutable
set search_path = ''
as $$
  select 'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.'
$$;
revoke execute on function private.default_sms_consent_wording() from public;

-- What a consent covers: the programme, and the list of businesses taking part as
-- it stands (the public /businesses page) — not a count, so the wording stays true when a business
-- joins or leaves. Consents recorded before keep the words the member agreed to.
create function private.consent_scope()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Village Rewards programme, on behalf of the businesses taking part (listed at /businesses)'
$$;
revoke execute on function private.consent_scope() from public;

-- What the history says of a consent confirmed by a sign-in.
create function private.sign_in_confirmation_wording()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Confirmed by signing in with a code sent to this phone'
$$;
revoke execute on function private.sign_in_confirmation_wording() from public;

-- The one place a customer's SMS consent changes after sign-up (their /account, an SMS
-- reply STOP / START / YES, a sign-in that confirms a pending consent). Appends the consent row
-- with the wording the member saw (or the keyword they sent) and sets customers.sms_consent to
-- it, under the customer's row lock; a change to the value it already has records nothing.
-- Every caller that grants has proof of the phone (a session proven by a code sent to it, or a
-- text from it), so a grant is confirmed consent and ends a pending one; a withdrawal ends both.
-- Returns whether it changed.
create function private.record_sms_consent(
  p_customer_id uuid, p_granted boolean, p_wording text, p_source text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_current boolean;
  v_pending boolean;
begin
  select c.sms_consent, c.sms_consent_pending into v_current, v_pending
    from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if (p_granted and v_current) or (not p_granted and not v_current and not v_pending) then
    return false;
  end if;
  update public.customers c set sms_consent = p_granted, sms_consent_pending = false where c.id = p_customer_id;
  -- clock_timestamp: a confirmation in the transaction that recorded the form's consent still
  -- comes after it in the history.
  insert into public.consents (customer_id, channel, wording, scope, granted, source, created_at)
  values (p_customer_id, 'sms',
          coalesce(nullif(btrim(coalesce(p_wording, '')), ''), private.default_sms_consent_wording()),
          private.consent_scope(), p_granted, p_source, clock_timestamp());
  return true;
end;
$$;
revoke execute on function private.record_sms_consent(uuid, boolean, text, text) from public;

-- The second step of double opt-in by sign-in: a session proven by a code sent to p_phone
-- confirms the pending consent of the customer who has that phone. Returns whether it did.
create function private.confirm_sms_consent_by_sign_in(p_customer_id uuid, p_phone text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.customers c
                  where c.id = p_customer_id and c.phone = p_phone and c.sms_consent_pending) then
    return false;
  end if;
  return private.record_sms_consent(p_customer_id, true, private.sign_in_confirmation_wording(), 'sign_in');
end;
$$;
revoke execute on function private.confirm_sms_consent_by_sign_in(uuid, text) from public;

-- Sign-up: one customer per phone, the channel decided here (not by the caller), the SMS
-- consent recorded. The functions in schema app (not exposed by the Data API; the api function
-- calls them as the caller) decide who may act from auth.jwt() and raise private.fail() errors
-- (SQLSTATE LY<http status>); they are security definer because they write tables the API
-- roles cannot.
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
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_user_id uuid;
  v_row public.customers;
begin
  perform private.require_location(p_location_id);
  if v_email is not null and not private.is_email(v_email) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if auth.uid() is not null and not private.is_anonymous()
     and private.jwt_phone() = v_phone and private.phone_proven_by_code()
     and not exists (select 1 from public.customers c where c.user_id = auth.uid()) then
    v_user_id := auth.uid();
  end if;

  -- Consent ticked on the form is pending until the phone confirms it, unless this session was
  -- itself proven by a code sent to the phone (then both steps are recorded now).
  insert into public.customers (user_id, name, phone, email, sms_consent, sms_consent_pending, email_consent,
                                signup_location_id, signup_channel)
  values (v_user_id, v_name, v_phone, v_email,
          coalesce(p_sms_consent, false) and v_user_id is not null,
          coalesce(p_sms_consent, false) and v_user_id is null,
          coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning * into v_row;
  if v_row.id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  if coalesce(p_sms_consent, false) then
    insert into public.consents (customer_id, channel, wording, scope, signup_channel, pending)
    values (v_row.id, 'sms',
            coalesce(nullif(btrim(coalesce(p_sms_consent_wording, '')), ''), private.default_sms_consent_wording()),
            private.consent_scope(), p_channel, true);
    if v_user_id is not null then
      insert into public.consents (customer_id, channel, wording, scope, source, created_at)
      values (v_row.id, 'sms', private.sign_in_confirmation_wording(), private.consent_scope(), 'sign_in',
              clock_timestamp());
    end if;
  end if;
  return v_row;
end;
$$;
revoke execute on function private.create_customer(text, text, text, boolean, boolean, text, text, text) from public;

-- Sign-up (POST /api/customers; PRODUCT §3 sign-up payload). The channel is the caller's: a kiosk
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
                       where r.kind = 'welcome' and r.location_id = v_location_id and r.retired_at is null));
end;
$$;
revoke execute on function app.create_customer(text, text, text, boolean, boolean, text, text) from public;
grant execute on function app.create_customer(text, text, text, boolean, boolean, text, text) to anon, authenticated;

create trigger customers_clean_name
  before insert or update of name on public.customers
  for each row execute function private.customers_clean_name();

-- A forgotten member has no phone left to confirm a consent with.
create function private.customers_forgotten_not_pending()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sms_consent_pending := false;
  return new;
end;
$$;
revoke execute on function private.customers_forgotten_not_pending() from public;

create trigger customers_forgotten_not_pending
  before update on public.customers
  for each row when (new.forgotten_at is not null and new.sms_consent_pending)
  execute function private.customers_forgotten_not_pending();

-- Staff and admins do not approve visits or redeem rewards for themselves: not on a customer
-- row linked to their own user, nor on one with their own phone (LY403).
create function private.refuse_own_account(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.app_role() is not null and exists (
    select 1 from public.customers c
     where c.id = p_customer_id and (c.user_id = auth.uid() or c.phone = private.jwt_phone())
  ) then
    perform private.fail('403', 'Staff cannot approve visits or redeem rewards on their own account');
  end if;
end;
$$;
revoke execute on function private.refuse_own_account(uuid) from public;

-- The refusal a suspended (or forgotten) member meets at every door that checks in or redeems:
-- the counter's paths call it first, and the BEFORE triggers of 57_member_records.sql call it on
-- the tables, so no check-in or redemption path can skip it.
create function private.refuse_inactive_member(p_customer_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
begin
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if v_customer.forgotten_at is not null then
    perform private.fail('403', 'This membership was closed.');
  end if;
  if v_customer.suspended_at is not null then
    perform private.fail('403', 'This membership is suspended. Please speak to the programme''s operator.');
  end if;
end;
$$;
revoke execute on function private.refuse_inactive_member(uuid) from public;
