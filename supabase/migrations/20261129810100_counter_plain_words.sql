-- The counter in plain words: a visit refused as too soon says when the member may come back
-- (as the kiosk's check-in does), and a closed or suspended membership's card reads the same at
-- every counter path (approving, the card scan for rewards, redeeming).
create or replace function private.come_back_phrase(p_wait_seconds integer)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case when p_wait_seconds < 90 then 'in ' || p_wait_seconds || ' seconds'
              else 'at ' || to_char((now() + make_interval(secs => p_wait_seconds))
                                    at time zone private.programme_time_zone(), 'FMHH12:MI AM')
                   || ' (in ' || ceil(p_wait_seconds / 60.0)::integer || ' minutes)' end
$$;

revoke execute on function private.come_back_phrase(integer) from public;

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
    perform private.fail('429', v_limits.reason || '. They can check in again '
                                || private.come_back_phrase(v_limits.wait_seconds) || '.',
                         v_limits.wait_seconds::text);
  end if;
  first_here := v_limits.first_here;
  visits_today := v_limits.visits_today;
end;
$$;

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
  v_staff_location text := case when v_role in ('staff', 'owner') then private.staff_location_id() end;
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
  v_lookup boolean;
  v_seen text;
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
  if v_role in ('staff', 'owner') and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  v_lookup := p_token ~ '^lookup:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  if v_lookup or p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter. Or a member a clerk found by name or phone
    -- (their search's lookup, 10 minutes, theirs only): a visit, but no proof for redeeming.
    -- A closed or suspended membership's card says so first, the same at every counter.
    if not v_lookup then
      perform private.refuse_inactive_member(substr(p_token, 10)::uuid);
    end if;
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
    if v_lookup then
      select s.customer_id into v_customer_id from private.counter_sightings s
       where s.id = substr(p_token, 8)::uuid and s.how = 'search' and s.seen_by = v_uid
         and s.created_at > now() - interval '10 minutes';
      if v_customer_id is null then
        perform private.fail('404', 'This search has expired: search for the member again');
      end if;
    else
      v_customer_id := substr(p_token, 10)::uuid;
    end if;
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
  -- A clerk scanning the member's card or phone saw them here (proof for redeeming, 2 minutes);
  -- a kiosk's own code was typed in by phone number, so it proves nothing.
  v_seen := case when v_role is null or v_lookup then null
                 when v_token.id is null then 'card'
                 when v_token.location_id is null then 'phone' end;
  if v_seen is not null then
    perform private.note_sighting(v_customer_id, v_location_id, v_seen);
  end if;
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(v_customer_id, v_location_id) l;

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via, found_by_search)
  values (v_customer_id, v_location_id, v_points, v_token.id, v_uid, v_via, v_lookup)
  returning id into v_visit_id;
  if v_lookup then
    perform private.audit('visit.approve_by_search', 'customer', v_customer_id::text, null,
                          jsonb_build_object('visitId', v_visit_id), null, v_location_id);
  end if;
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
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here and r.retired_at is null)
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
    -- After a search the member's id (their card's value) stays unsaid.
    'customer', case when v_lookup then jsonb_build_object('name', v_customer.name)
                     else jsonb_build_object('id', v_customer_id, 'name', v_customer.name) end,
    'foundBySearch', v_lookup,
    -- This counter scanned the member's card or phone: their rewards redeem here for 2 minutes.
    'memberSeen', v_seen is not null,
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;

create or replace function app.redeemable_rewards(p_customer_id uuid, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location_id text := coalesce(p_location_id, private.staff_location_id());
  v_customer public.customers;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.app_role() is null then
    perform private.fail('403', 'Only staff can look up a member''s rewards');
  end if;
  if v_location_id is null then
    perform private.fail('400', 'Choose the location the rewards are redeemed at');
  end if;
  perform private.require_location(v_location_id);
  if not private.is_staff_at(v_location_id) then
    perform private.fail('403', 'Only staff of this location can look up rewards here');
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  perform private.refuse_inactive_member(p_customer_id);
  perform private.refuse_own_account(p_customer_id);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name),
    'locationId', v_location_id,
    'redeemableRewards', private.redeemable_rewards(p_customer_id, v_location_id));
end;
$$;

create or replace function app.redeem_reward(p_customer_reward_id uuid, p_location_id text default null,
                                  p_idempotency_key text default null, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_row public.customer_rewards;
  v_reward public.rewards;
  v_location_id text;
  v_proof text;
  v_reason text;
  v_result jsonb;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'redeem_reward', 'customerRewardId', p_customer_reward_id, 'locationId', p_location_id,
    'reason', p_reason));
  if v_prior is not null then
    return v_prior;
  end if;
  perform private.require_location(p_location_id);

  v_row := private.lock_customer_reward(p_customer_reward_id);
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  if v_row.id is null or v_reward.id is null then
    perform private.fail('404', 'Reward not found');
  end if;

  if private.app_role() is not null then
    perform private.refuse_inactive_member(v_row.customer_id);
    perform private.refuse_own_account(v_row.customer_id);
    v_location_id := coalesce(p_location_id, private.staff_location_id(),
                              case when v_reward.scope = 'location' then v_reward.location_id end);
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this reward is redeemed at');
    end if;
    if not private.is_staff_at(v_location_id) then
      perform private.fail('403', 'Only staff of a location where this reward is valid can redeem it');
    end if;
  elsif v_row.customer_id = private.current_customer_id() then
    perform private.fail('403', 'Rewards are redeemed at the counter: press Redeem and show the code to the staff');
  else
    perform private.fail('404', 'Reward not found');
  end if;

  v_proof := private.counter_saw(v_row.customer_id, v_location_id);
  if v_proof is null then
    if not private.is_admin() then
      perform private.fail('403', 'The member must be at the counter: ask for the code on their phone or scan their card');
    end if;
    if nullif(btrim(coalesce(p_reason, '')), '') is null then
      perform private.fail('403', 'The member must be at the counter: ask for the code on their phone or scan '
                                  'their card, or give a reason for redeeming without them');
    end if;
    v_reason := private.clean_text(p_reason, 'A reason', 500);
    v_proof := 'admin_reason';
  end if;

  v_result := private.finish_redemption(v_row.id, v_location_id, p_idempotency_key, v_proof, v_reason);
  if v_proof = 'admin_reason' then
    perform private.audit('reward.redeem_without_member', 'customer_reward', v_row.id::text, null,
                          jsonb_build_object('customerId', v_row.customer_id, 'reward', v_reward.name),
                          v_reason, v_location_id);
  end if;
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
