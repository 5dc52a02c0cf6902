-- The programme's state transitions, one function each, in schema app (not exposed by the
-- Data API; the api function calls them as the caller). Each decides who may act from
-- auth.jwt(), takes the row locks that make it safe under concurrent requests, and raises
-- private.fail() errors (SQLSTATE LY<http status>) that the API maps to HTTP statuses.
-- They are security definer because they write tables the API roles cannot write directly.

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

-- Sign-up (SPEC §3 sign-up payload). One customer per phone: a second sign-up is a 409.
-- A signed-in, non-anonymous caller whose verified phone matches is linked to the new row.
-- Returns the welcome reward of the business the customer joined at, if any.
create function app.create_customer(
  p_name text,
  p_phone text,
  p_email text default null,
  p_sms_consent boolean default false,
  p_email_consent boolean default false,
  p_location_id text default null,
  p_channel text default 'web'
)
returns table (customer_id uuid, welcome_reward_name text, welcome_reward_description text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_user_id uuid;
  v_id uuid;
begin
  if p_location_id is not null and not exists (select 1 from public.locations l where l.id = p_location_id) then
    perform private.fail('404', 'Unknown location');
  end if;
  if auth.uid() is not null and not private.is_anonymous()
     and '+' || ltrim(coalesce(auth.jwt() ->> 'phone', ''), '+') = v_phone then
    v_user_id := auth.uid();
  end if;

  insert into public.customers (user_id, name, phone, email, sms_consent, email_consent, signup_location_id, signup_channel)
  values (v_user_id, btrim(p_name), v_phone, nullif(btrim(coalesce(p_email, '')), ''),
          coalesce(p_sms_consent, false), coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning id into v_id;

  if v_id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  return query
    select v_id, r.name, r.description
      from (select 1) as one
      left join public.rewards r on r.kind = 'welcome' and r.location_id = p_location_id;
end;
$$;

-- Links the signed-in member (verified phone) to their customer row; 404 when none exists.
create function app.link_customer_to_user()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := '+' || ltrim(coalesce(auth.jwt() ->> 'phone', ''), '+');
  v_id uuid;
begin
  if auth.uid() is null or private.is_anonymous() or v_phone = '+' then
    perform private.fail('401', 'Sign in with your phone first');
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

-- A kiosk (an anonymous Auth user, one per device) opens or moves its session to a location.
-- Moving to another location drops the enrolment: a kiosk is trusted for one place only.
create function app.open_kiosk_session(p_location_id text, p_device_fingerprint text default null)
returns table (session_id uuid, location_id text, enrolled boolean)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    perform private.fail('401', 'A kiosk must sign in anonymously first');
  end if;
  if not private.is_anonymous() then
    perform private.fail('403', 'Kiosk sessions are for kiosk devices');
  end if;
  if not exists (select 1 from public.locations l where l.id = p_location_id) then
    perform private.fail('404', 'Unknown location');
  end if;

  return query
    insert into public.kiosk_sessions as k (user_id, location_id, device_fingerprint)
    values (auth.uid(), p_location_id, left(p_device_fingerprint, 512))
    on conflict (user_id) do update
      set location_id = excluded.location_id,
          device_fingerprint = excluded.device_fingerprint,
          last_seen_at = now(),
          enrolled_at = case when k.location_id = excluded.location_id then k.enrolled_at end
    returning k.id, k.location_id, k.enrolled_at is not null;
end;
$$;

-- An admin sets (or replaces) a location's kiosk enrolment code; only a salted hash is kept.
create function app.set_enrolment_code(p_location_id text, p_code text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_salt bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only an admin can set enrolment codes');
  end if;
  if not exists (select 1 from public.locations l where l.id = p_location_id) then
    perform private.fail('404', 'Unknown location');
  end if;
  if length(coalesce(p_code, '')) not between 8 and 128 then
    perform private.fail('400', 'An enrolment code has 8 to 128 characters');
  end if;
  insert into private.location_enrolment_codes (location_id, salt, code_hash, set_by)
  values (p_location_id, v_salt, sha256(v_salt || convert_to(p_code, 'UTF8')), auth.uid())
  on conflict (location_id) do update
    set salt = excluded.salt, code_hash = excluded.code_hash, set_by = excluded.set_by, set_at = now();
  -- A new code revokes every kiosk enrolled with the old one.
  update public.kiosk_sessions k set enrolled_at = null where k.location_id = p_location_id;
end;
$$;

-- A kiosk proves its location's enrolment code and becomes trusted to approve its own tokens.
create function app.enrol_kiosk(p_code text)
returns table (session_id uuid, location_id text, enrolled boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_session public.kiosk_sessions;
  v_code private.location_enrolment_codes;
begin
  select * into v_session from public.kiosk_sessions k where k.user_id = auth.uid() for update;
  if not found then
    perform private.fail('404', 'Open a kiosk session first');
  end if;
  select * into v_code from private.location_enrolment_codes e where e.location_id = v_session.location_id;
  if not found or sha256(v_code.salt || convert_to(coalesce(p_code, ''), 'UTF8')) <> v_code.code_hash then
    perform private.fail('403', 'That enrolment code is not valid for this location');
  end if;
  update public.kiosk_sessions k set enrolled_at = now() where k.id = v_session.id;
  return query select v_session.id, v_session.location_id, true;
end;
$$;

-- Starts a check-in: an enrolled kiosk (any kiosk in demo mode) by the customer's phone at its
-- own location, or a signed-in member for themselves (mobile QR). Returns a fresh token: 244
-- random bits from two v4 UUIDs, valid 15 minutes, stored only as its SHA-256.
create function app.start_checkin(p_location_id text, p_phone text default null)
returns table (token text, expires_at timestamptz, customer_id uuid, customer_name text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_channel text;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz := now() + interval '15 minutes';
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to check in');
  end if;
  if not exists (select 1 from public.locations l where l.id = p_location_id) then
    perform private.fail('404', 'Unknown location');
  end if;

  if p_phone is not null then
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
  else
    select * into v_customer from public.customers c where c.id = private.current_customer_id();
    if not found then
      perform private.fail('404', 'No account found for this sign-in');
    end if;
    v_channel := 'mobile';
  end if;

  insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, issued_by_user_id, kiosk_session_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), v_customer.id, p_location_id, v_channel, auth.uid(), v_kiosk.id, v_expires);

  return query select v_token, v_expires, v_customer.id, v_customer.name;
end;
$$;

-- Approves a visit from a scanned QR value: a check-in token, or a member card
-- 'customer:{id}'. Awards the points, unlocks the business's welcome reward on the first
-- visit there and each tier reward once, and marks the token used — all or nothing.
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere.
-- Races: the token row lock makes N parallel approvals of one token award once; the
-- customer row lock serialises every approval of one customer, so points, the minimum
-- visit interval and reward unlocks are decided on committed state.
create function app.approve_visit(p_token text, p_location_id text default null)
returns table (
  visit_id uuid,
  customer_id uuid,
  customer_name text,
  location_id text,
  points_earned integer,
  total_points integer,
  unlocked_rewards jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token public.checkin_tokens;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_last_visit timestamptz;
  v_wait interval;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlocked jsonb;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to approve visits');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;

  if p_token ~ '^customer:[0-9a-fA-F-]{36}$' then
    -- A member card: staff scan it at their counter.
    if private.app_role() is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, private.staff_location_id());
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not private.is_staff_at(v_location_id) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    v_customer_id := substr(p_token, 10)::uuid;
    v_via := case when private.is_admin() then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if private.is_staff_at(v_token.location_id) then
      v_via := case when private.is_admin() then 'admin' else 'staff' end;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = auth.uid() then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = auth.uid()
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if v_token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if v_token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := v_token.customer_id;
    v_location_id := v_token.location_id;
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;

  select max(v.created_at) into v_last_visit
    from public.visits v
   where v.customer_id = v_customer_id and v.location_id = v_location_id;
  -- clock_timestamp(), not now(): a transaction that waited for the lock above may have
  -- started before the visit it now sees was made.
  v_wait := v_last_visit + private.min_visit_interval() - clock_timestamp();
  if v_wait > interval '0' then
    perform private.fail('429', 'This visit was already approved recently',
                         ceil(extract(epoch from v_wait))::integer::text);
  end if;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via)
  values (v_customer_id, v_location_id, v_points, v_token.id, auth.uid(), v_via)
  returning id into v_visit_id;

  update public.customers c
     set total_points = c.total_points + v_points
   where c.id = v_customer_id
  returning c.total_points into v_total;

  if v_token.id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = v_token.id;
  end if;

  -- The welcome reward only on the customer's first visit at this business (no earlier visit
  -- there, read above under the customer lock): one added to the business later is not given
  -- on a later visit (SPEC: "on the first visit").
  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, unlocked_by_visit_id)
    select v_customer_id, r.id, v_visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_last_visit is null)
        or (r.kind = 'tier' and t.min_points <= v_total)
    on conflict on constraint customer_rewards_customer_id_reward_id_key do nothing
    returning id, reward_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'name', r.name, 'description', r.description, 'scope', r.scope)
                            order by r.kind desc, r.name), '[]'::jsonb)
    into v_unlocked
    from unlocked u
    join public.rewards r on r.id = u.reward_id;

  return query select v_visit_id, v_customer_id, v_customer.name, v_location_id, v_points, v_total, v_unlocked;
end;
$$;

-- Redeems an unlocked reward, once. The owner may redeem it; so may staff of a location
-- where it is valid (its own business for a welcome reward, any for a network reward), and
-- admins. The row lock makes parallel redemptions of one reward succeed exactly once.
create function app.redeem_reward(p_customer_reward_id uuid, p_location_id text default null)
returns table (id uuid, status text, redeemed_at timestamptz, reward_name text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_reward public.rewards;
  v_is_owner boolean;
  v_location_id text;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id for update;
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;

  -- coalesce: a caller with no customer row (a kiosk, staff, a user who never signed up) is
  -- not the owner; comparing with null must not let them through as one.
  v_is_owner := coalesce(v_row.customer_id = private.current_customer_id(), false);
  v_location_id := coalesce(p_location_id, private.staff_location_id(),
                            case when v_reward.scope = 'location' then v_reward.location_id end);
  if not v_is_owner then
    if private.app_role() is null then
      -- Someone else's reward: do not reveal that it exists.
      perform private.fail('404', 'Reward not found');
    end if;
    if v_location_id is null or not private.is_staff_at(v_location_id) then
      perform private.fail('403', 'Only staff of a location where this reward is valid can redeem it');
    end if;
  end if;
  if v_reward.scope = 'location' and v_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;

  return query
    update public.customer_rewards cr
       set status = 'redeemed', redeemed_at = now(), redeemed_location_id = v_location_id, redeemed_by = auth.uid()
     where cr.id = v_row.id
    returning cr.id, cr.status, cr.redeemed_at, v_reward.name;
end;
$$;

-- Stores a contact-form message (SPEC §2 Contact). Rate limited by the API.
create function app.submit_contact_message(p_name text, p_email text, p_subject text, p_message text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.contact_messages (name, email, subject, message)
  values (btrim(p_name), btrim(p_email), nullif(btrim(coalesce(p_subject, '')), ''), p_message)
  returning id
$$;

-- Counts one request against a fixed-window limit shared by every edge instance. Returns 0
-- when allowed, otherwise the seconds until the window resets (for Retry-After).
create function app.hit_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_window_start timestamptz :=
    to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  insert into private.rate_limit_hits as h (bucket, key, window_start, hits)
  values (p_bucket, p_key, v_window_start, 1)
  on conflict (bucket, key, window_start) do update set hits = h.hits + 1
  returning h.hits into v_hits;
  -- Old windows are useless; drop a few at a time so the table stays small.
  delete from private.rate_limit_hits h
   where h.ctid in (select o.ctid from private.rate_limit_hits o
                     where o.window_start < now() - interval '1 day' limit 100);
  if v_hits > p_limit then
    return greatest(1, ceil(extract(epoch from v_window_start + make_interval(secs => p_window_seconds) - now()))::integer);
  end if;
  return 0;
end;
$$;

revoke execute on all functions in schema app from public;
grant execute on function app.normalize_phone(text) to anon, authenticated, service_role;
grant execute on function
  app.create_customer(text, text, text, boolean, boolean, text, text),
  app.submit_contact_message(text, text, text, text)
to anon, authenticated;
grant execute on function
  app.link_customer_to_user(),
  app.open_kiosk_session(text, text),
  app.set_enrolment_code(text, text),
  app.enrol_kiosk(text),
  app.start_checkin(text, text),
  app.approve_visit(text, text),
  app.redeem_reward(uuid, text)
to authenticated;
grant execute on function app.hit_rate_limit(text, text, integer, integer) to service_role;
