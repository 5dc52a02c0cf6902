-- Visits: approving a check-in token or a member card: the points, the welcome
-- reward of a business on the first approved visit there, the tier rewards, under a lock on the
-- customer row; and demo mode's Simulate Scan, which goes through the same approval.

create table public.visits (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  location_id text not null references public.locations (id) on delete cascade,
  points integer not null check (points > 0),
  -- A token approves at most one visit (single use); member-card scans have none.
  checkin_token_id uuid unique references public.checkin_tokens (id) on delete set null,
  approved_by uuid references auth.users (id) on delete set null,
  approved_via text not null check (approved_via in ('kiosk', 'staff', 'admin')),
  created_at timestamptz not null default now(),
  -- An admin may void a fraudulent visit (app.void_visit): the row stays, marked and explained;
  -- the ledger reverses its points. Every rule and read counts approved visits only.
  status text not null default 'approved' check (status in ('approved', 'voided')),
  voided_at timestamptz,
  voided_by uuid references auth.users (id) on delete set null,
  void_reason text check (length(void_reason) <= 500),
  check ((status = 'voided') = (voided_at is not null and void_reason is not null)),
  -- The clerk found the member by a name or phone search (no card, no phone): approved_by says who.
  found_by_search boolean not null default false
);
alter table public.visits enable row level security;
revoke all on public.visits from anon, authenticated;

-- Triggers on public.visits, declared beside their functions in later files:
--   visits_member_active (57_member_records.sql)         no visit for a suspended or forgotten member
--   visits_refuse_archived_location (78_catalogue.sql)   no visit at an archived business
--   visits_roll_up_customer (67_rollups.sql)             customers.visit_count and last_visit_at
--   visits_roll_up_daily (67_rollups.sql)                the dashboard's day rollup
--   visits_roll_up_member_first_visits (67_rollups.sql)  a member's first visit at a business, after a void or move
--   visits_roll_up_insert (67_rollups.sql)               per statement: returns, cross-shopping, member months
--   visits_roll_up_update (67_rollups.sql)               per statement: the same after a void or move
--   visits_roll_up_delete (67_rollups.sql)               per statement: the same after a delete
--   visits_referral_bonus_void (97_referrals.sql)        a void takes back a neighbour's bonus

-- Visits: the member's own; admins all. Staff and owners read none directly: a
-- visit names its member (customer_id, whose card value is customer:{id}), and a clerk who could
-- list them could fake "their card was scanned". The counter's screens go through the api's
-- security-definer functions, which answer only what the counter needs.
grant select on public.visits to authenticated;
create index visits_customer_location_created_idx on public.visits (customer_id, location_id, created_at desc);
create index visits_location_created_idx on public.visits (location_id, created_at desc);
create index visits_created_at_idx on public.visits (created_at desc);
create index visits_approved_by_idx on public.visits (approved_by);
create index visits_voided_by_idx on public.visits (voided_by);

-- Visits in a range by customer (the "active in the range" semi-join) without touching the heap.
create index visits_approved_created_customer_idx on public.visits (created_at, customer_id, location_id)
  where status = 'approved';
create policy "Members read their own visits, admins all"
  on public.visits for select to authenticated
  using (customer_id = (select private.current_customer_id()) or (select private.is_admin()));

-- What a counter saw of a member (proof that they are at the counter, for redeeming): their card
-- or their phone's check-in code scanned there ('card', 'phone'), by whom, where, when — or a
-- clerk's name or phone search ('search'), which proves nothing: its row is the handle the search
-- answers (lookup:{id}), so the clerk never learns the member's card value from a search.
create table private.counter_sightings (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Null for a search by an admin, who names the business only when approving.
  location_id text references public.locations (id) on delete cascade,
  seen_by uuid not null references auth.users (id) on delete cascade,
  how text not null check (how in ('card', 'phone', 'search')),
  created_at timestamptz not null default now(),
  check (how = 'search' or location_id is not null)
);
alter table private.counter_sightings enable row level security;
revoke all on private.counter_sightings from anon, authenticated, service_role;
create index counter_sightings_customer_idx on private.counter_sightings (customer_id, seen_by, created_at desc);
create index counter_sightings_seen_by_idx on private.counter_sightings (seen_by);
create index counter_sightings_location_id_idx on private.counter_sightings (location_id);
create index counter_sightings_created_at_idx on private.counter_sightings (created_at);

-- Records what the calling counter saw; returns the row's id. Rows older than a day prove nothing
-- and answer no search: a few are dropped each time, so the table stays small.
create function private.note_sighting(p_customer_id uuid, p_location_id text, p_how text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  delete from private.counter_sightings s
   where s.ctid in (select o.ctid from private.counter_sightings o
                     where o.created_at < now() - interval '1 day' limit 100);
  insert into private.counter_sightings (customer_id, location_id, seen_by, how)
  values (p_customer_id, p_location_id, auth.uid(), p_how)
  returning id into v_id;
  return v_id;
end;
$$;
revoke execute on function private.note_sighting(uuid, text, text) from public;

-- The member's unlocked, unredeemed rewards that can be used at a location: that business's
-- welcome reward and every network reward. What staff see to redeem at their counter.
create function private.redeemable_rewards(p_customer_id uuid, p_location_id text)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', cr.id, 'name', r.name, 'scope', r.scope)
                            order by r.kind desc, cr.unlocked_at, r.name), '[]'::jsonb)
    from public.customer_rewards cr
    join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id
     and cr.status = 'unlocked'
     -- Past its expiry date, not yet recorded by app.expire_rewards: no longer redeemable.
     and (cr.expires_at is null or cr.expires_at > now())
     and (r.scope = 'network' or r.location_id = p_location_id)
$$;
revoke execute on function private.redeemable_rewards(uuid, text) from public;

-- Demo mode's 'Simulate Scan': on the mobile QR screen a member may have
-- their own pending check-in approved as a counter scan would approve it — through
-- app.approve_visit itself, so points, welcome and tier rewards, limits and the ledger follow the
-- real rules — and only while the api runs in demo mode (app.demo_mode = 'on', set per request
-- from DEMO_MODE). Outside demo mode it refuses, whoever asks.
--
-- The scan is made by "the demo counter": a staff identity at the token's location, with no
-- phone and no password, so nobody can sign in as it and staff's own-account rule does not trip
-- over the member. It is created the first time it is needed, in demo mode only.
create function app.demo_simulate_scan(p_token text)
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
revoke execute on function app.demo_simulate_scan(text) from public;
grant execute on function app.demo_simulate_scan(text) to authenticated;

-- Who may approve a visit, and for whom and where: the scanned value (a check-in token, a member
-- card 'customer:{id}' — 'customer:{id}:{code}' once replaced, an earlier card is LY410 — or a
-- clerk's search 'lookup:{sighting}') and the caller decide it.
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
create function private.authorize_visit_approval(
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
  if found_by_search or p_token like 'customer:%' then
    -- A member card: staff scan it at their counter. Or a member a clerk found by name or phone
    -- (their search's lookup, 10 minutes, theirs only): a visit, but no proof for redeeming.
    -- A closed or suspended membership's card says so first, the same at every counter.
    if not found_by_search then
      perform private.refuse_inactive_member((regexp_match(p_token,
        '^customer:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})'))[1]::uuid);
    end if;
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
      -- The member's current card only: a replaced card is refused (22_member_cards.sql).
      v_customer_id := private.member_card_customer(p_token);
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
create function private.apply_visit_approval(
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
-- referralBonus: the points "Bring a neighbour" gave this member at this approval, their first
-- (97_referrals.sql's trigger on the visit's ledger event), already in totalPoints; 0 otherwise.
create function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
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
  v_bonus integer;
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
  -- The customer's total before (read under the row lock) plus the visit's points is the total
  -- after, unless the neighbour's bonus was paid too: only then is the ledger read, for its points.
  v_bonus := v_visit.total_points - (v_approver.customer).total_points - v_visit.points;
  if v_bonus <> 0 then
    select coalesce(sum(e.points), 0)::integer into v_bonus from public.points_ledger e
     where e.customer_id = (v_approver.customer).id and e.visit_id = v_visit.visit_id and e.event = 'referral_bonus';
  end if;

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
    'referralBonus', v_bonus,
    'unlockedRewards', v_visit.unlocked_rewards,
    'redeemableRewards', case when v_approver.via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards((v_approver.customer).id, v_approver.location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;
