-- Sign-in: linking a member's Auth user to their customer row by a phone claim proven by an SMS
-- code, and the sign-in code limits Supabase Auth does not have (codes per phone per day, wrong
-- tries before a code is dead).

-- One row per phone (E.164 with '+'): when its recent codes were sent, and how many tries its
-- current code has had. Rows are locked while counted, so parallel requests count one by one.
create table private.sign_in_codes (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  sent_at timestamptz[] not null default '{}',
  attempts integer not null default 0 check (attempts >= 0),
  updated_at timestamptz not null default now(),
  -- A try the api admitted and is checking with Auth right now: the Custom Access
  -- Token hook lets that one through although it is the max-th try.
  admitted_at timestamptz
);
alter table private.sign_in_codes enable row level security;
revoke all on private.sign_in_codes from anon, authenticated, service_role;
create index sign_in_codes_updated_at_idx on private.sign_in_codes (updated_at);

-- Sign-in: linking a member's Auth user to their customer row by a phone claim proven by an
-- SMS code, or creating it (the mobile sign-up variant).
-- Links the signed-in member to their customer row by their phone claim; 404 when none has it.
-- Only a session proven by an SMS code may (403 otherwise).
-- Phone change: a user already linked to a customer keeps that link, even when
-- their phone claim now matches another customer row; that other row is left untouched (it
-- stays with whoever signs in with that phone and no linked customer). No error.
-- A pending SMS consent of the customer with this phone is confirmed (double opt-in's second step).
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
  if not found then
    update public.customers c
       set user_id = auth.uid()
     where c.phone = v_phone
    returning c.id into v_id;
    if v_id is null then
      perform private.fail('404', 'No account found with this phone number');
    end if;
  end if;
  -- The code that proved this session went to the phone: it confirms a consent given on a form.
  perform private.confirm_sms_consent_by_sign_in(v_id, v_phone);
  return v_id;
end;
$$;
revoke execute on function app.link_customer_to_user() from public;
grant execute on function app.link_customer_to_user() to authenticated;

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
revoke execute on function app.claim_customer(text, text, boolean, boolean, text) from public;
grant execute on function app.claim_customer(text, text, boolean, boolean, text) to authenticated;

-- The phone's row, locked for this transaction (created on first use).
create function private.lock_sign_in_code(p_phone text)
returns private.sign_in_codes
language plpgsql
set search_path = ''
as $$
declare
  v_row private.sign_in_codes;
begin
  insert into private.sign_in_codes as s (phone) values (p_phone)
  on conflict (phone) do update set updated_at = now()
  returning * into v_row;
  -- Rows untouched for two days count nothing any more (the window is 24 hours): drop a few
  -- each time, so guesses at many phones cannot grow the table without end.
  delete from private.sign_in_codes o
   where o.ctid in (select d.ctid from private.sign_in_codes d
                     where d.updated_at < now() - interval '2 days' limit 100);
  return v_row;
end;
$$;
revoke execute on function private.lock_sign_in_code(text) from public;

-- How long an admitted try may take to reach Auth's token issuance (the api calls Auth at once).
create function private.admitted_try_window()
returns interval
language sql immutable
set search_path = ''
as $$ select interval '15 seconds' $$;
revoke execute on function private.admitted_try_window() from public;

-- The Send SMS hook's rule, called by the api's hook endpoint as service_role for a
-- code Auth is about to send: 429 (Retry-After in the hint) once the phone had
-- sign_in_codes_per_day codes in 24 hours; otherwise the code is counted and is a new code, with
-- a fresh allowance of tries. Returns the time it was counted by (as text: exact to the
-- microsecond), for app.sign_in_code_not_sent when the provider fails.
create function app.sign_in_code_sending(p_phone text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.sign_in_codes := private.lock_sign_in_code(p_phone);
  v_limit integer := (select s.sign_in_codes_per_day from private.settings s);
  v_recent timestamptz[] := array(select t from unnest(v_row.sent_at) t where t > now() - interval '24 hours' order by t);
begin
  if v_limit > 0 and cardinality(v_recent) >= v_limit then
    perform private.fail('429', 'Too many codes for this phone today; try again later',
      greatest(1, ceil(extract(epoch from v_recent[cardinality(v_recent) - v_limit + 1] + interval '24 hours' - now())))::text);
  end if;
  update private.sign_in_codes s
     set sent_at = v_recent || now(), attempts = 0, admitted_at = null, updated_at = now()
   where s.phone = p_phone;
  return now()::text;
end;
$$;
revoke execute on function app.sign_in_code_sending(text) from public;
grant execute on function app.sign_in_code_sending(text) to service_role;

-- The provider could not send the code counted at p_at: it does not use up the day.
create function app.sign_in_code_not_sent(p_phone text, p_at timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  -- One entry goes (codes counted in one transaction share their time).
  update private.sign_in_codes s
     set sent_at = s.sent_at[:array_position(s.sent_at, p_at) - 1] || s.sent_at[array_position(s.sent_at, p_at) + 1:]
   where s.phone = p_phone and p_at = any(s.sent_at);
$$;
revoke execute on function app.sign_in_code_not_sent(text, timestamptz) from public;
grant execute on function app.sign_in_code_not_sent(text, timestamptz) to service_role;

-- Before a code is checked: counts the try; 401 when the current code already had its tries.
-- Counting before checking (not after a failure) means parallel guesses cannot slip past.
create function app.sign_in_code_attempt(p_phone text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.sign_in_codes := private.lock_sign_in_code(p_phone);
  v_max integer := (select s.sign_in_code_max_failures from private.settings s);
begin
  if v_max > 0 and v_row.attempts >= v_max then
    perform private.fail('401', 'This code had too many wrong tries; ask for a new code');
  end if;
  update private.sign_in_codes s set attempts = s.attempts + 1, admitted_at = now() where s.phone = p_phone;
end;
$$;
revoke execute on function app.sign_in_code_attempt(text) from public;
grant execute on function app.sign_in_code_attempt(text) to service_role;

-- Auth said the admitted try was wrong: it stays counted, and is no longer admitted.
create function app.sign_in_code_failed(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set admitted_at = null where s.phone = p_phone;
$$;
revoke execute on function app.sign_in_code_failed(text) from public;
grant execute on function app.sign_in_code_failed(text) to service_role;

-- After a code was right: the try was not a failure (a test number's fixed code stays usable).
create function app.sign_in_code_verified(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, admitted_at = null, updated_at = now() where s.phone = p_phone;
$$;
revoke execute on function app.sign_in_code_verified(text) from public;
grant execute on function app.sign_in_code_verified(text) to service_role;

-- The Custom Access Token hook (Auth: [auth.hook.custom_access_token] uri =
-- "pg-functions://postgres/private/custom_access_token_hook"). Refuses (403) a session made by a
-- phone code ('otp') while the phone's current code is dead: sign_in_code_max_failures tries
-- counted and none admitted just now by the api. Every other token (refresh, anonymous, a live
-- code) gets its claims back unchanged. Only Supabase Auth runs it (as supabase_auth_admin).
create function private.custom_access_token_hook(event jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_phone text := nullif(event -> 'claims' ->> 'phone', '');
  v_max integer := (select s.sign_in_code_max_failures from private.settings s);
  v_row private.sign_in_codes;
begin
  if event ->> 'authentication_method' = 'otp' and v_phone is not null and v_max > 0 then
    -- Auth keeps phones without the '+'; the counters have E.164 with it.
    select * into v_row from private.sign_in_codes s
     where s.phone = '+' || ltrim(v_phone, '+');
    if found and v_row.attempts >= v_max
       and (v_row.admitted_at is null or v_row.admitted_at < now() - private.admitted_try_window()) then
      return jsonb_build_object('error', jsonb_build_object(
        'http_code', 403,
        'message', 'This code had too many wrong tries; ask for a new code'));
    end if;
  end if;
  return jsonb_build_object('claims', event -> 'claims');
end;
$$;
revoke execute on function private.custom_access_token_hook(jsonb) from public;
revoke execute on function private.custom_access_token_hook(jsonb) from anon, authenticated, service_role;
grant usage on schema private to supabase_auth_admin;
grant execute on function private.custom_access_token_hook(jsonb) to supabase_auth_admin;
