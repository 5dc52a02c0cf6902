-- Sign-in code limits (issue 11 §3), which Supabase Auth does not have: after
-- sign_in_code_max_failures wrong tries a phone's current code is dead (even the right code then
-- fails until a new code is sent), and at most sign_in_codes_per_day codes per phone in any
-- 24 hours, on top of the per-minute and per-hour limits. 0 turns either off. The api function
-- calls these as service_role around its Supabase Auth calls (POST /api/auth/send-code, verify).

alter table private.settings
  add column sign_in_codes_per_day integer not null default 5 check (sign_in_codes_per_day >= 0),
  add column sign_in_code_max_failures integer not null default 5 check (sign_in_code_max_failures >= 0);

-- One row per phone (E.164 with '+'): when its recent codes were sent, and how many tries its
-- current code has had. Rows are locked while counted, so parallel requests count one by one.
create table private.sign_in_codes (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  sent_at timestamptz[] not null default '{}',
  attempts integer not null default 0 check (attempts >= 0),
  updated_at timestamptz not null default now()
);
create index sign_in_codes_updated_at_idx on private.sign_in_codes (updated_at);
alter table private.sign_in_codes enable row level security;
revoke all on private.sign_in_codes from anon, authenticated, service_role;

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

-- Before a code is sent: 429 (Retry-After in the hint) once the phone had its codes for 24 hours.
create function app.sign_in_code_requested(p_phone text)
returns void
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
  update private.sign_in_codes s set sent_at = v_recent || now() where s.phone = p_phone;
end;
$$;

-- After Supabase Auth sent the code: it is a new code, with a fresh allowance of tries.
create function app.sign_in_code_sent(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, updated_at = now() where s.phone = p_phone;
$$;

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
  update private.sign_in_codes s set attempts = s.attempts + 1 where s.phone = p_phone;
end;
$$;

-- After a code was right: the try was not a failure (a test number's fixed code stays usable).
create function app.sign_in_code_verified(p_phone text)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.sign_in_codes s set attempts = 0, updated_at = now() where s.phone = p_phone;
$$;

revoke execute on function
  private.lock_sign_in_code(text),
  app.sign_in_code_requested(text),
  app.sign_in_code_sent(text),
  app.sign_in_code_attempt(text),
  app.sign_in_code_verified(text)
from public;
grant execute on function
  app.sign_in_code_requested(text),
  app.sign_in_code_sent(text),
  app.sign_in_code_attempt(text),
  app.sign_in_code_verified(text)
to service_role;
