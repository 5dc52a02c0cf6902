-- Sign-in code limits that hold whoever calls Supabase Auth (issue 24 §1). Until now the api
-- counted a code BEFORE asking Auth to send it, and only on its own path: /auth/v1/otp sent
-- codes past the daily cap, a send that Auth refused (max_frequency) still used up the day, and
-- /auth/v1/verify ignored a dead code. Now Supabase Auth's two hooks do the work at Auth itself:
--
-- * Send SMS hook (an HTTP hook: the api's POST /api/hooks/send-sms, which calls
--   app.sign_in_code_sending and then sends the SMS through the provider). Auth calls it only
--   for a code it really sends: after its own max_frequency and sms_sent checks, never for a test
--   number (supabase/auth internal/api/phone.go). It may refuse with {"error": {"http_code",
--   "message"}}: Auth then sends nothing and answers that status, on /otp, /resend and sign-up.
--   Enabling it replaces Auth's own SMS provider, so the hook must send.
-- * Custom Access Token hook (private.custom_access_token_hook, a Postgres hook). Auth runs it
--   in the transaction that issues every access token (verify, refresh, anonymous, password),
--   with {"user_id", "claims", "authentication_method"}; an error object refuses the session
--   (the transaction rolls back: the code is not used up). It runs only once a code was RIGHT:
--   it cannot see, let alone count, wrong tries at /auth/v1/verify (supabase/auth#2819). So the
--   api keeps counting tries on its path (app.sign_in_code_attempt), and the hook refuses an
--   'otp' session for a phone whose current code is dead, whichever path asked.

-- A try the api admitted and is checking with Auth right now: the hook lets that one through
-- although it is the max-th try (a try is counted before it is checked, so parallel guesses
-- cannot slip past); a code already dead has no admitted try, whatever path asks.
alter table private.sign_in_codes add column admitted_at timestamptz;

-- How long an admitted try may take to reach Auth's token issuance (the api calls Auth at once).
create function private.admitted_try_window()
returns interval
language sql immutable
set search_path = ''
as $$ select interval '15 seconds' $$;

-- The Send SMS hook's rule, called by the api's hook endpoint as service_role for a code Auth is
-- about to send: 429 (Retry-After in the hint) once the phone had sign_in_codes_per_day codes in
-- 24 hours; otherwise the code is counted and is a new code, with a fresh allowance of tries.
-- Returns the time it was counted by (as text: exact to the microsecond), for
-- app.sign_in_code_not_sent when the provider fails.
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

-- Before the api checks a code with Auth: counts the try; 401 when the current code already had
-- its tries. The try is admitted (admitted_at) for the access-token hook.
create or replace function app.sign_in_code_attempt(p_phone text)
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

-- Auth said the admitted try was wrong: it stays counted, and is no longer admitted.
create function app.sign_in_code_failed(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set admitted_at = null where s.phone = p_phone;
$$;

-- After a code was right: the try was not a failure (a test number's fixed code stays usable).
create or replace function app.sign_in_code_verified(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, admitted_at = null, updated_at = now() where s.phone = p_phone;
$$;

-- The Custom Access Token hook (Auth: [auth.hook.custom_access_token] uri =
-- "pg-functions://postgres/private/custom_access_token_hook"). Refuses (403) a session made by a
-- phone code ('otp') while the phone's current code is dead: sign_in_code_max_failures tries
-- counted and none admitted just now by the api. Every other token (refresh, anonymous, a live
-- code) gets its claims back unchanged. It reads; it writes nothing (a refusal rolls Auth's
-- transaction back anyway).
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

-- The api no longer counts a code before Auth sends it: the Send SMS hook does.
drop function app.sign_in_code_requested(text);
drop function app.sign_in_code_sent(text);

revoke execute on function
  private.admitted_try_window(),
  app.sign_in_code_sending(text),
  app.sign_in_code_not_sent(text, timestamptz),
  app.sign_in_code_failed(text),
  private.custom_access_token_hook(jsonb)
from public;
grant execute on function
  app.sign_in_code_sending(text),
  app.sign_in_code_not_sent(text, timestamptz),
  app.sign_in_code_failed(text)
to service_role;
-- Only Supabase Auth runs the hook (as supabase_auth_admin, which hosted Supabase has).
grant usage on schema private to supabase_auth_admin;
grant execute on function private.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function private.custom_access_token_hook(jsonb) from anon, authenticated, service_role;
