-- Check-in tokens: the one-time code behind a check-in QR: 244 random bits, kept
-- only as their SHA-256, single use, valid 15 minutes.

create table public.checkin_tokens (
  id uuid primary key default gen_random_uuid(),
  -- Only the SHA-256 of the token is kept: the token itself is shown once, in a QR code.
  token_hash bytea not null unique check (length(token_hash) = 32),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Null for a member's phone token: the approving counter's business is where it counts.
  location_id text references public.locations (id) on delete cascade,
  channel text not null check (channel in ('kiosk', 'mobile')),
  issued_by_user_id uuid references auth.users (id) on delete set null,
  kiosk_session_id uuid references public.kiosk_sessions (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at),
  check (channel <> 'kiosk' or kiosk_session_id is not null),
  constraint checkin_tokens_business_unless_mobile check (location_id is not null or channel = 'mobile')
);
alter table public.checkin_tokens enable row level security;
revoke all on public.checkin_tokens from anon, authenticated;

-- Triggers on public.checkin_tokens, declared beside their functions in later files:
--   checkin_tokens_member_active (57_member_records.sql)  no check-in for a suspended or forgotten member

-- Check-in tokens (hashes only): the member they belong to and admins. Not the issuing kiosk
-- nor the location's staff: a token names its member (customer_id), and a kiosk's
-- token or a clerk's session is no reason to learn members' ids; the api's functions answer a
-- kiosk's and a counter's questions about a token.
grant select on public.checkin_tokens to authenticated;
create index checkin_tokens_customer_id_idx on public.checkin_tokens (customer_id);
create index checkin_tokens_location_id_idx on public.checkin_tokens (location_id);
create index checkin_tokens_issued_by_user_id_idx on public.checkin_tokens (issued_by_user_id);
create index checkin_tokens_kiosk_session_id_idx on public.checkin_tokens (kiosk_session_id);
create index checkin_tokens_expires_at_idx on public.checkin_tokens (expires_at);
create policy "Members read their own check-in tokens, admins all"
  on public.checkin_tokens for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- A check-in's start commits asynchronously. The first of a check-in's two
-- transactions only issues a short-lived token (and counts the kiosk's rate limit): if the
-- server crashed in the few hundred milliseconds before its commit reached disk, the token would
-- be gone and the member would start the check-in again ("Unknown check-in code"). Nothing of
-- value waits on it: the approval, which awards points, commits synchronously, and its flush
-- carries every earlier commit's WAL with it (an approval of a token implies the token is on
-- disk). Saves one WAL flush wait per check-in.
--
-- Starts a check-in: an enrolled kiosk (any kiosk in demo mode) by the customer's
-- phone at its own location, or a signed-in member for themselves (the mobile QR). Returns a
-- fresh token: 244 random bits from two v4 UUIDs, valid 15 minutes, stored only as its SHA-256.
-- Where the visit counts: a kiosk's token is bound to the kiosk's business; a
-- member's own token carries no business (a locationId sent with it is ignored) — the counter
-- that approves it decides (app.approve_visit). A check-in the visit limits would refuse at
-- approval is refused here (LY429, Retry-After), saying when the member may check in next,
-- before any QR is shown (private.visit_limit_wait, the limits' one home).
-- synchronous_commit is off for this transaction (set_config local, not a SET clause: a SET
-- clause would be undone when the function returns).
create function app.start_checkin(p_location_id text, p_phone text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_channel text;
  v_location_id text;
  v_limits record;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz := now() + interval '15 minutes';
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to check in');
  end if;

  if p_phone is not null then
    if p_location_id is null then
      perform private.fail('400', 'Choose the location to check in at');
    end if;
    perform private.require_location(p_location_id);
    -- At a kiosk: only the kiosk of this location looks customers up by phone.
    select * into v_kiosk from public.kiosk_sessions k where k.user_id = auth.uid();
    if not found or v_kiosk.location_id <> p_location_id then
      perform private.fail('403', 'Only this location''s kiosk can check customers in by phone');
    end if;
    -- Looking a phone up tells whether it belongs to a member: only trusted kiosks may.
    if v_kiosk.enrolled_at is null and not private.demo_mode() then
      perform private.fail('403', 'This kiosk is not enrolled to check customers in');
    end if;
    select * into v_customer from public.customers c where c.phone = app.normalize_phone(p_phone);
    if not found then
      perform private.fail('404', 'Customer not found');
    end if;
    v_channel := 'kiosk';
    v_location_id := p_location_id;
  else
    perform private.require_location(p_location_id);
    select * into v_customer from public.customers c where c.id = private.current_customer_id();
    if not found then
      perform private.fail('404', 'No account found for this sign-in');
    end if;
    v_channel := 'mobile';
  end if;

  select * into v_limits from private.visit_limit_wait(v_customer.id, v_location_id);
  if v_limits.wait_seconds > 0 then
    perform private.fail('429',
      'You checked in a moment ago. You can check in again '
      || case when v_limits.wait_seconds < 90 then 'in ' || v_limits.wait_seconds || ' seconds'
              else 'at ' || to_char((now() + make_interval(secs => v_limits.wait_seconds))
                                    at time zone private.programme_time_zone(), 'FMHH12:MI AM')
                   || ' (in ' || ceil(v_limits.wait_seconds / 60.0)::integer || ' minutes)' end
      || '.', v_limits.wait_seconds::text);
  end if;

  perform set_config('synchronous_commit', 'off', true);
  insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, issued_by_user_id, kiosk_session_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), v_customer.id, v_location_id, v_channel, auth.uid(), v_kiosk.id, v_expires);

  return jsonb_build_object('token', v_token, 'expiresAt', v_expires,
                            'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name));
end;
$$;
revoke execute on function app.start_checkin(text, text) from public;
grant execute on function app.start_checkin(text, text) to authenticated;
