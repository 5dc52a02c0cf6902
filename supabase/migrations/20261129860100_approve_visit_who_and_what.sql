-- app.approve_visit in two parts: who may approve, for whom and where
-- (private.authorize_visit_approval), and what an approval does (private.apply_visit_approval:
-- the limits, private.points_per_visit's points, the ledger, the unlocks). Same rules, same
-- errors in the same order, same locks in the same order.

-- Who may approve a visit, and for whom and where: the scanned value (a check-in token, a member
-- card 'customer:{id}', or a clerk's search 'lookup:{sighting}') and the caller decide it.
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere; neither for
--     their own customer row (LY403);
--   * where the visit counts: a kiosk's token at its kiosk's business, whoever approves it; a
--     member's phone token (no business) and a member card at the approving counter's business
--     — staff at their location, an admin at p_location_id (required), an enrolled kiosk at its
--     own location;
--   * a token is used once (409) and not after it expires (410).
-- Locks, in this order: the token's row (N parallel approvals of one token award once), then the
-- customer's row, which serialises every approval of one customer. Changes nothing else.
create or replace function private.authorize_visit_approval(
  p_token text,
  p_location_id text,
  out customer public.customers,
  out location_id text,
  out via text,
  out token public.checkin_tokens,
  out found_by_search boolean
)
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_role text := private.app_role();
  v_admin boolean := coalesce(v_role = 'admin', false);
  v_staff_location text := case when v_role in ('staff', 'owner') then private.staff_location_id() end;
  v_kiosk public.kiosk_sessions;
  v_customer_id uuid;
begin
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  -- Staff count visits at their own business only.
  if v_role in ('staff', 'owner') and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
    perform private.fail('403', 'Only staff of this location can approve visits here');
  end if;

  found_by_search := p_token ~ '^lookup:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  if found_by_search or p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter. Or a member a clerk found by name or phone
    -- (their search's lookup, 10 minutes, theirs only): a visit, but no proof for redeeming.
    if v_role is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    location_id := coalesce(p_location_id, v_staff_location);
    if location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not (v_admin or coalesce(v_staff_location = location_id, false)) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    if found_by_search then
      select s.customer_id into v_customer_id from private.counter_sightings s
       where s.id = substr(p_token, 8)::uuid and s.how = 'search' and s.seen_by = v_uid
         and s.created_at > now() - interval '10 minutes';
      if v_customer_id is null then
        perform private.fail('404', 'This search has expired: search for the member again');
      end if;
    else
      v_customer_id := substr(p_token, 10)::uuid;
    end if;
    via := case when v_admin then 'admin' else 'staff' end;
  else
    select * into token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if token.location_id is null then
      -- A member's phone token: the counter's business.
      if v_admin then
        location_id := p_location_id;
        if location_id is null then
          perform private.fail('400', 'Choose the location this visit is at');
        end if;
        via := 'admin';
      elsif v_staff_location is not null then
        location_id := v_staff_location;
        via := 'staff';
      else
        select * into v_kiosk from public.kiosk_sessions k where k.user_id = v_uid;
        if not found then
          perform private.fail('403', 'Only a counter can approve this check-in');
        end if;
        if v_kiosk.enrolled_at is null and not private.demo_mode() then
          perform private.fail('403', 'This kiosk is not enrolled to approve visits');
        end if;
        location_id := v_kiosk.location_id;
        via := 'kiosk';
      end if;
    elsif v_admin or coalesce(v_staff_location = token.location_id, false) then
      via := case when v_admin then 'admin' else 'staff' end;
      location_id := token.location_id;
    elsif token.channel = 'kiosk' and token.issued_by_user_id = v_uid then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = token.kiosk_session_id and k.user_id = v_uid
           and k.location_id = token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      via := 'kiosk';
      location_id := token.location_id;
    else
      perform private.fail('403', 'Only staff of this location can approve this check-in');
    end if;
    if token.used_at is not null then
      perform private.fail('409', 'This check-in code has already been used');
    end if;
    if token.expires_at <= now() then
      perform private.fail('410', 'This check-in code has expired');
    end if;
    v_customer_id := token.customer_id;
  end if;

  select * into customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_role is not null then
    perform private.refuse_own_account(v_customer_id);
  end if;
end;
$$;
revoke execute on function private.authorize_visit_approval(text, text) from public;

-- What an approved visit does, all or nothing, for a customer whose row the caller holds locked
-- (so points, limits and unlocks are decided on committed state):
--   * the visit limits (private.check_visit_limits) answer LY429 with Retry-After in the hint;
--   * the visit earns private.points_per_visit() points, the programme's one points rule, as a
--     ledger event that adds them to the customer's total;
--   * the business's welcome reward unlocks on the customer's first approved visit there, if it
--     is the current (not retired) one; each tier reward the new total reaches unlocks once
--     (unique indexes on customer_rewards); each unlock is a ledger event;
--   * the check-in token, if any, is used; a visit found by a clerk's search is audited; a
--     member with many visits today is flagged (private.note_velocity).
create or replace function private.apply_visit_approval(
  p_customer_id uuid,
  p_location_id text,
  p_via text,
  p_token_id uuid,
  p_found_by_search boolean,
  p_idempotency_key text,
  out visit_id uuid,
  out points integer,
  out total_points integer,
  out unlocked_rewards jsonb
)
language plpgsql
set search_path = ''
as $$
declare
  v_first_here boolean;
  v_visits_today integer;
  v_unlock record;
  v_unlocked_ids uuid[];
begin
  select l.first_here, l.visits_today into v_first_here, v_visits_today
    from private.check_visit_limits(p_customer_id, p_location_id) l;

  points := private.points_per_visit();
  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via, found_by_search)
  values (p_customer_id, p_location_id, apply_visit_approval.points, p_token_id, auth.uid(), p_via, p_found_by_search)
  returning id into visit_id;
  if p_found_by_search then
    perform private.audit('visit.approve_by_search', 'customer', p_customer_id::text, null,
                          jsonb_build_object('visitId', visit_id), null, p_location_id);
  end if;
  total_points := private.record_event(p_customer_id, 'visit_approved', apply_visit_approval.points, visit_id, null,
                                       p_location_id, p_idempotency_key);

  if p_token_id is not null then
    update public.checkin_tokens t set used_at = now() where t.id = p_token_id;
  end if;

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, unlocked_by_visit_id)
    select p_customer_id, r.id, case when r.kind = 'welcome' then r.location_id end, apply_visit_approval.visit_id
      from public.rewards r
      left join public.tiers t on t.name = r.tier
     where (r.kind = 'welcome' and r.location_id = p_location_id and v_first_here and r.retired_at is null)
        or (r.kind = 'tier' and t.min_points <= apply_visit_approval.total_points)
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

  unlocked_rewards := '[]'::jsonb;
  if cardinality(v_unlocked_ids) > 0 then
    for v_unlock in
      select cr.id, r.name, r.description, r.scope
        from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
       where cr.id = any(v_unlocked_ids)
       order by r.kind desc, r.name
    loop
      perform private.record_event(p_customer_id, 'reward_unlocked', 0, visit_id, v_unlock.id,
                                   p_location_id, p_idempotency_key);
      unlocked_rewards := unlocked_rewards || jsonb_build_array(jsonb_build_object(
        'id', v_unlock.id, 'name', v_unlock.name, 'description', v_unlock.description, 'scope', v_unlock.scope));
    end loop;
  end if;

  perform private.note_velocity(p_customer_id, v_visits_today + 1);
end;
$$;
revoke execute on function private.apply_visit_approval(uuid, text, text, uuid, boolean, text) from public;

-- Approves a visit from a scanned QR value (POST /api/visits/approve): who may, for whom and
-- where (private.authorize_visit_approval), then what an approval does (private.apply_visit_approval).
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
  v_approver record;
  v_visit record;
  v_seen text;
  v_result jsonb;
begin
  if auth.uid() is null then
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

  select * into v_approver from private.authorize_visit_approval(p_token, p_location_id);
  -- A clerk scanning the member's card or phone saw them here (proof for redeeming, 2 minutes);
  -- a kiosk's own code was typed in by phone number, so it proves nothing.
  v_seen := case when private.app_role() is null or v_approver.found_by_search then null
                 when (v_approver.token).id is null then 'card'
                 when (v_approver.token).location_id is null then 'phone' end;
  if v_seen is not null then
    perform private.note_sighting((v_approver.customer).id, v_approver.location_id, v_seen);
  end if;
  select * into v_visit
    from private.apply_visit_approval((v_approver.customer).id, v_approver.location_id, v_approver.via,
                                   (v_approver.token).id, v_approver.found_by_search, p_idempotency_key);

  v_result := jsonb_build_object(
    'visitId', v_visit.visit_id,
    -- After a search the member's id (their card's value) stays unsaid.
    'customer', case when v_approver.found_by_search then jsonb_build_object('name', (v_approver.customer).name)
                     else jsonb_build_object('id', (v_approver.customer).id, 'name', (v_approver.customer).name) end,
    'foundBySearch', v_approver.found_by_search,
    -- This counter scanned the member's card or phone: their rewards redeem here for 2 minutes.
    'memberSeen', v_seen is not null,
    'locationId', v_approver.location_id,
    'pointsEarned', v_visit.points,
    'totalPoints', v_visit.total_points,
    'unlockedRewards', v_visit.unlocked_rewards,
    'redeemableRewards', case when v_approver.via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards((v_approver.customer).id, v_approver.location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;
