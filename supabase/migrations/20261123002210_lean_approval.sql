-- A leaner approval (issue 15), same rules (DESIGN §3.2–3.4, issue 11 §3), measured with
-- pgbench -f on the statements the api sends (docs/PERFORMANCE.md):
--   * the limits, the first-visit-here question and the velocity count come from ONE pass over
--     the member's approved visits (they were five queries: three limits, the welcome reward's
--     "first here", and the day's count after the insert);
--   * the caller's role is read from the claims once, not by every helper in turn (is_staff_at,
--     refuse_own_account, ...): each of those is a function call that parses the JWT claims;
--   * a kiosk's approval (no role) skips the own-account check, which only applies to staff
--     and admins, and p_location_id is looked up only when given.

drop function private.check_visit_limits(uuid, text);
drop function private.note_velocity(uuid);

-- Refuses (LY429, hint = Retry-After seconds) a visit that breaks a time limit, and answers what
-- the approval needs from the same visits: whether this is the member's first approved visit at
-- this business (its welcome reward) and how many approved visits they have today (programme
-- time zone, before this one: the velocity flag). The caller holds the customer's row lock.
-- clock_timestamp(), not now(): a transaction that waited for the lock may have started before
-- the visit it now sees was made. Settings: private.settings (0 turns a limit off).
create function private.check_visit_limits(p_customer_id uuid, p_location_id text,
                                           out first_here boolean, out visits_today integer)
language plpgsql
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

  if v_settings.min_visit_interval > interval '0' then
    v_wait := v_last_here + v_settings.min_visit_interval - v_now;
    if v_wait > interval '0' then
      perform private.fail('429', 'This visit was already approved recently',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.min_visit_gap_anywhere > interval '0' then
    v_wait := v_last + v_settings.min_visit_gap_anywhere - v_now;
    if v_wait > interval '0' then
      perform private.fail('429', 'Another visit of this member was approved a moment ago',
                           ceil(extract(epoch from v_wait))::integer::text);
    end if;
  end if;

  if v_settings.max_visits_per_hour > 0 then
    -- The visit that must leave the last hour before another fits.
    v_oldest := v_last_hour[v_settings.max_visits_per_hour];
    if v_oldest is not null then
      perform private.fail('429', 'This member has reached the visits allowed in an hour',
                           greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - v_now)))::integer::text);
    end if;
  end if;

  first_here := v_last_here is null;
end;
$$;

-- Called after a visit is approved (under the customer's row lock), with the day's approved
-- visits including it: flags the member once a day at velocity_flag_visits (0 = off).
create function private.note_velocity(p_customer_id uuid, p_visits_today integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select s.velocity_flag_visits from private.settings s where s.id);
begin
  if v_threshold > 0 and p_visits_today >= v_threshold then
    insert into private.velocity_flags (customer_id, day)
    values (p_customer_id, (now() at time zone private.programme_time_zone())::date)
    on conflict (customer_id, day) do nothing;
  end if;
end;
$$;

revoke execute on function private.check_visit_limits(uuid, text), private.note_velocity(uuid, integer) from public;

-- Approves a visit from a scanned QR value: a check-in token, or a member card
-- 'customer:{id}'. The rules are those of 20261122000460_visit_approval.sql:
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere; neither for
--     their own customer row (LY403);
--   * the abuse limits (private.check_visit_limits) answer LY429 with Retry-After in the hint.
-- The welcome reward of the business is unlocked only when this is the customer's first
-- approved visit there; each tier reward once (unique indexes on customer_rewards).
-- p_idempotency_key: a retry with the same key (same caller) returns the first result; the
-- same key for another request is LY422.
-- Races: the idempotency key's insert lock, then the token row lock (N parallel approvals of
-- one token award once), then the customer row lock, which serialises every approval of one
-- customer so that points, limits and unlocks are decided on committed state.
create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_uid uuid := auth.uid();
  -- The caller's role once ('admin', 'staff' or null): is_staff_at below is
  -- private.is_staff_at's rule (an admin anywhere, staff at their location) on these values.
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role = 'staff' then private.staff_location_id() end;
  v_token public.checkin_tokens;
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
    if v_admin or coalesce(v_staff_location = v_token.location_id, false) then
      v_via := case when v_admin then 'admin' else 'staff' end;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = v_uid
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
  -- Only staff and admins can be approving their own account (private.refuse_own_account).
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
    -- No conflict target: both "once" indexes arbitrate (see customer_rewards).
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

  -- The visit just approved counts towards today's.
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
