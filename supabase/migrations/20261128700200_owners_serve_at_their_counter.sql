-- An owner serves at their own business's counter as its clerk: approve visits and confirm
-- redemptions there (a one-person shop has no other clerk). The ledger records them as 'staff'
-- with their user id.

-- The business a person serves at the counter (app_metadata.location_id): a staff member's, or
-- an owner's own (the owner of a one-person shop serves at their own counter, as its clerk);
-- null for everyone else.
create or replace function private.staff_location_id()
returns text
language sql stable
set search_path = ''
as $$
  select case when private.app_role() in ('staff', 'owner') then auth.jwt() -> 'app_metadata' ->> 'location_id' end
$$;
revoke execute on function private.staff_location_id from public;
grant execute on function private.staff_location_id() to anon, authenticated, service_role;

-- The role a points-ledger event records: an owner can only change points at their own counter,
-- so they are recorded as its clerk ('staff'; the event's user id says who).
create or replace function private.counter_actor_role()
returns text
language sql stable
set search_path = ''
as $$
  select case private.actor_role() when 'owner' then 'staff' else private.actor_role() end
$$;
revoke execute on function private.counter_actor_role from public;
grant execute on function private.counter_actor_role() to anon, authenticated, service_role;

-- Records one event as the current caller; adds its points to the customer's stored total
-- (the caller holds the customer's row lock). Returns the new total.
create or replace function private.record_event(
  p_customer_id uuid,
  p_event text,
  p_points integer default 0,
  p_visit_id uuid default null,
  p_customer_reward_id uuid default null,
  p_location_id text default null,
  p_idempotency_key text default null,
  p_reason text default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
begin
  insert into public.points_ledger (customer_id, event, points, visit_id, customer_reward_id, location_id,
                                    actor_user_id, actor_role, idempotency_key, reason)
  values (p_customer_id, p_event, p_points, p_visit_id, p_customer_reward_id, p_location_id,
          auth.uid(), coalesce(private.counter_actor_role(), 'system'), p_idempotency_key, p_reason);
  if p_points = 0 then
    return (select c.total_points from public.customers c where c.id = p_customer_id);
  end if;
  update public.customers c
     set total_points = c.total_points + p_points
   where c.id = p_customer_id
  returning c.total_points into v_total;
  return v_total;
end;
$$;
revoke execute on function private.record_event(uuid, text, integer, uuid, uuid, text, text, text) from public;

-- Approves a visit from a scanned QR value: a check-in token, or a member card
-- 'customer:{id}'. The rules:
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere; neither for
--     their own customer row (LY403);
--   * where the visit counts (issue 20 §2): a kiosk's token at its kiosk's business, whoever
--     approves it; a member's phone token (no business) and a member card at the approving
--     counter's business — staff at their location, an admin at p_location_id (required), an
--     enrolled kiosk at its own location. The welcome reward follows that business;
--   * the abuse limits (private.check_visit_limits) answer LY429 with Retry-After in the hint.
-- The welcome reward of the business is unlocked only when this is the customer's first
-- approved visit there, and it is the business's current (not retired) one (issue 21 §2); each
-- tier reward once (unique indexes on customer_rewards).
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
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;

-- The counter's member search (issue 20 §5): the fallback when a member's phone is flat. Staff
-- of any business and admins find any member by a part of the name (2+ characters, any case) or
-- by 3+ digits of the phone; the answer holds only what the counter needs — a lookup id (approve a
-- visit with lookup:{id} within 10 minutes; it is this clerk's, recorded with them, and never
-- proof for redeeming), the name, the phone's last 4 digits, points and tier. Never the member's
-- id: that is their card's value. At most 10 rows, names that start with the text first; `more`
-- says there were others (type more to narrow).
create or replace function app.counter_search(p_query text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_text text := lower(btrim(coalesce(p_query, '')));
  v_digits text := regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g');
  v_by_phone boolean;
  v_rows jsonb := '[]'::jsonb;
  v_count integer := 0;
  m record;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if private.app_role() is null or private.app_role() not in ('staff', 'owner', 'admin') then
    perform private.fail('403', 'Only staff can search members');
  end if;
  -- Digits and phone punctuation only: a phone; anything with a letter: a name.
  v_by_phone := v_text ~ '^[0-9 ()+.-]+$';
  if v_by_phone and length(v_digits) < 3 then
    perform private.fail('400', 'Type at least 3 digits of the phone number');
  end if;
  if not v_by_phone and char_length(v_text) < 2 then
    perform private.fail('400', 'Type at least 2 letters of the name');
  end if;
  for m in
    select c.id, c.name, c.phone, c.total_points,
           case when v_by_phone then position(v_digits in c.phone) <> 2
                else lower(c.name) not like v_text || '%' end as starts
      from public.customers c
     where c.forgotten_at is null
       and case when v_by_phone then c.phone like private.like_contains(v_digits)
                else lower(c.name) like private.like_contains(v_text) end
     order by starts, lower(c.name), c.id
     limit 11
  loop
    v_count := v_count + 1;
    exit when v_count > 10;
    v_rows := v_rows || jsonb_build_array(jsonb_build_object(
      'lookupId', private.note_sighting(m.id, private.staff_location_id(), 'search'),
      'name', m.name, 'phoneLast4', right(m.phone, 4),
      'totalPoints', m.total_points, 'tier', private.tier_for(m.total_points) ->> 'name'));
  end loop;
  return jsonb_build_object('customers', v_rows, 'more', v_count > 10);
end;
$$;
revoke execute on function app.counter_search(text) from public;
grant execute on function app.counter_search(text) to authenticated;

-- Where the calling counter redeems or approves: staff at their location (p_location_id, when
-- given, must be it), an admin at p_location_id (required), an enrolled kiosk (any kiosk in demo
-- mode) at its own location. Members and everyone else: LY403.
create or replace function private.counter_location(p_location_id text)
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_role text := private.app_role();
  v_kiosk public.kiosk_sessions;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  perform private.require_location(p_location_id);
  if v_role = 'admin' then
    if p_location_id is null then
      perform private.fail('400', 'Choose the business this counter is at');
    end if;
    return p_location_id;
  elsif v_role in ('staff', 'owner') then
    if private.staff_location_id() is null
       or p_location_id is distinct from null and p_location_id is distinct from private.staff_location_id() then
      perform private.fail('403', 'Only staff of this location can redeem here');
    end if;
    return private.staff_location_id();
  end if;
  select * into v_kiosk from public.kiosk_sessions k where k.user_id = auth.uid();
  if found and (v_kiosk.enrolled_at is not null or private.demo_mode())
     and (p_location_id is null or p_location_id = v_kiosk.location_id) then
    return v_kiosk.location_id;
  end if;
  perform private.fail('403', 'Only a counter of a participating business can redeem rewards');
end;
$$;

