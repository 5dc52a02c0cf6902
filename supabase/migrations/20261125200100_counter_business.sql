-- The business that scans decides where a visit counts (issue 20 §2), and a check-in the visit
-- limits will refuse is refused when it starts, saying when the member may check in next
-- (issue 20 §5).
--
-- A member's phone token (channel 'mobile') carries no business: the approving counter's
-- business is where the visit counts — the staff member's location, the admin's chosen
-- business at /staff, or an enrolled kiosk's location. A kiosk-started token stays bound to its
-- kiosk's business. The welcome reward and the counter's redeemable list follow that business.

alter table public.checkin_tokens alter column location_id drop not null;
alter table public.checkin_tokens
  add constraint checkin_tokens_business_unless_mobile check (location_id is not null or channel = 'mobile');

-- The visit limits of private.settings, in one place, without refusing: how long the member must
-- wait before a visit at p_location_id (null: at a business not known yet, so the per-business
-- limit cannot apply), the limit's sentence, and what the approval needs from the same pass over
-- the member's approved visits (first visit here, visits today before this one). 0 turns a
-- limit off. clock_timestamp(): a caller that waited for the customer's lock sees visits made
-- after its transaction began.
create function private.visit_limit_wait(p_customer_id uuid, p_location_id text,
                                         out wait_seconds integer, out reason text,
                                         out first_here boolean, out visits_today integer)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_settings private.settings;
  v_now timestamptz := clock_timestamp();
  v_day_start timestamptz;
  v_day_end timestamptz;
  v_last_here timestamptz;
  v_last timestamptz;
  v_last_hour timestamptz[];
  v_wait interval;
  v_oldest timestamptz;
begin
  select * into v_settings from private.settings s where s.id;
  select d.starts_at, d.ends_at into v_day_start, v_day_end
    from private.day_bounds((now() at time zone private.programme_time_zone())::date) d;

  select max(v.created_at) filter (where v.location_id = p_location_id),
         max(v.created_at),
         array_agg(v.created_at order by v.created_at desc) filter (where v.created_at > v_now - interval '1 hour'),
         count(*) filter (where v.created_at >= v_day_start and v.created_at < v_day_end)
    into v_last_here, v_last, v_last_hour, visits_today
    from public.visits v
   where v.customer_id = p_customer_id and v.status = 'approved';
  first_here := v_last_here is null;
  wait_seconds := 0;

  if v_settings.min_visit_interval > interval '0' then
    v_wait := v_last_here + v_settings.min_visit_interval - v_now;
    if v_wait > interval '0' then
      wait_seconds := ceil(extract(epoch from v_wait))::integer;
      reason := 'This visit was already approved recently';
      return;
    end if;
  end if;

  if v_settings.min_visit_gap_anywhere > interval '0' then
    v_wait := v_last + v_settings.min_visit_gap_anywhere - v_now;
    if v_wait > interval '0' then
      wait_seconds := ceil(extract(epoch from v_wait))::integer;
      reason := 'Another visit of this member was approved a moment ago';
      return;
    end if;
  end if;

  if v_settings.max_visits_per_hour > 0 then
    -- The visit that must leave the last hour before another fits.
    v_oldest := v_last_hour[v_settings.max_visits_per_hour];
    if v_oldest is not null then
      wait_seconds := greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - v_now)))::integer;
      reason := 'This member has reached the visits allowed in an hour';
      return;
    end if;
  end if;
end;
$$;

-- As before (20261123002210): refuses (LY429, hint = Retry-After seconds) a visit that breaks a
-- limit; now reads the limits from private.visit_limit_wait, their one home.
create or replace function private.check_visit_limits(p_customer_id uuid, p_location_id text,
                                                      out first_here boolean, out visits_today integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_limits record;
begin
  select * into v_limits from private.visit_limit_wait(p_customer_id, p_location_id);
  if v_limits.wait_seconds > 0 then
    perform private.fail('429', v_limits.reason, v_limits.wait_seconds::text);
  end if;
  first_here := v_limits.first_here;
  visits_today := v_limits.visits_today;
end;
$$;

revoke execute on function private.visit_limit_wait(uuid, text), private.check_visit_limits(uuid, text) from public;

-- As 20261123002510, plus: a member's own check-in (no phone) makes a token with no business
-- (a locationId sent with it is ignored: the counter decides); a kiosk's is bound to its
-- location. A check-in the limits would refuse at approval is refused here (LY429, Retry-After),
-- saying when the member may check in next, before any QR is shown.
create or replace function app.start_checkin(p_location_id text, p_phone text default null)
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

-- As 20261123002210, except where a token's visit counts:
--   * a kiosk's token: its kiosk's business, whoever approves it (staff of that business, an
--     admin, or the kiosk itself);
--   * a member's phone token (no business): the approving counter's business — staff at their
--     location, an admin at p_location_id (required), an enrolled kiosk at its own location.
create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_uid uuid := auth.uid();
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role = 'staff' then private.staff_location_id() end;
  v_token public.checkin_tokens;
  v_kiosk public.kiosk_sessions;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_first_here boolean;
  v_visits_today integer;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlock record;
  v_unlocked_ids uuid[];
  v_unlocked jsonb := '[]'::jsonb;
  v_result jsonb;
begin
  if v_uid is null then
    perform private.fail('401', 'Sign in to approve visits');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'approve_visit', 'token', encode(sha256(convert_to(p_token, 'UTF8')), 'hex'),
    'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  -- Staff count visits at their own business only.
  if v_role = 'staff' and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  if p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter.
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, v_staff_location);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = v_location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    v_customer_id := substr(p_token, 10)::uuid;
    v_via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if v_token.location_id is null then
      -- A member's phone token: the counter's business.
      if v_admin then
        v_location_id := p_location_id;
        if v_location_id is null then
          perform private.fail('400', 'Choose the location this visit is at');
        end if;
        v_via := 'admin';
      elsif v_staff_location is not null then
        v_location_id := v_staff_location;
        v_via := 'staff';
      else
        select * into v_kiosk from public.kiosk_sessions k where k.user_id = v_uid;
        if not found then
          perform private.fail('403', 'Only a counter can approve this check-in');
        end if;
        if v_kiosk.enrolled_at is null and not private.demo_mode() then
          perform private.fail('403', 'This kiosk is not enrolled to approve visits');
        end if;
        v_location_id := v_kiosk.location_id;
        v_via := 'kiosk';
      end if;
    elsif v_admin or coalesce(v_staff_location = v_token.location_id, false) then
      v_via := case when v_admin then 'admin' else 'staff' end;
      v_location_id := v_token.location_id;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
      v_location_id := v_token.location_id;
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
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(v_customer_id, v_location_id) l;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via)
  values (v_customer_id, v_location_id, v_points, v_token.id, v_uid, v_via)
  returning id into v_visit_id;
  v_total := private.record_event(v_customer_id, 'visit_approved', v_points, v_visit_id, null,
                                  v_location_id, p_idempotency_key);

  if v_token.id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = v_token.id;
  end if;

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_by_visit_id)
    select v_customer_id, r.id, case when r.kind = 'welcome' then r.location_id end, v_visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here)
        or (r.kind = 'tier' and t.min_points <= v_total)
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

  if cardinality(v_unlocked_ids) > 0 then
    for v_unlock in
      select cr.id, r.name, r.description, r.scope
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.id = any(v_unlocked_ids)
       order by r.kind desc, r.name
    loop
      perform private.record_event(v_customer_id, 'reward_unlocked', 0, v_visit_id, v_unlock.id,
                                   v_location_id, p_idempotency_key);
      v_unlocked := v_unlocked || jsonb_build_array(jsonb_build_object(
        'id', v_unlock.id, 'name', v_unlock.name, 'description', v_unlock.description, 'scope', v_unlock.scope));
    end loop;
  end if;

  perform private.note_velocity(v_customer_id, v_visits_today + 1);

  v_result := jsonb_build_object(
    'visitId', v_visit_id,
    'customer', jsonb_build_object('id', v_customer_id, 'name', v_customer.name),
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;

-- As 20261123001300; a member's phone token has no business, so the demo counter stands where the
-- member joined (or at the Creamery, the spec's mobile default).
create or replace function app.demo_simulate_scan(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_counter constant uuid := '00000000-0000-4000-8000-0000000de307';
  v_token public.checkin_tokens;
  v_location_id text;
  v_claims text := current_setting('request.jwt.claims', true);
  v_result jsonb;
begin
  if not private.demo_mode() then
    perform private.fail('403', 'Simulate Scan works only in demo mode');
  end if;
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in to simulate a scan');
  end if;
  if p_token is null or length(p_token) > 200 then
    perform private.fail('400', 'Not a check-in code');
  end if;
  select * into v_token
    from public.checkin_tokens t
   where t.token_hash = sha256(convert_to(p_token, 'UTF8'));
  if not found or v_token.channel <> 'mobile' or v_token.issued_by_user_id is distinct from auth.uid() then
    perform private.fail('404', 'Unknown check-in code');
  end if;
  v_location_id := coalesce(v_token.location_id,
                            (select c.signup_location_id from public.customers c where c.id = v_token.customer_id),
                            'creamery');

  insert into auth.users (id, aud, role, raw_app_meta_data, raw_user_meta_data)
  values (v_counter, 'authenticated', 'authenticated',
          jsonb_build_object('role', 'staff', 'provider', 'demo'), jsonb_build_object('name', 'Demo counter'))
  on conflict (id) do nothing;
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', v_counter, 'role', 'authenticated', 'aud', 'authenticated', 'is_anonymous', false,
    'app_metadata', jsonb_build_object('role', 'staff', 'location_id', v_location_id))::text, true);
  v_result := app.approve_visit(p_token);
  perform set_config('request.jwt.claims', v_claims, true);
  return v_result || jsonb_build_object('redeemableRewards', '[]'::jsonb);
end;
$$;
