-- Redemption proof (the member is at the counter), who served, undoing a redemption, and telling
-- the member: see supabase/schemas/40_visits.sql, 50_redemption.sql, 55_corrections.sql,
-- 60_limits.sql, 68_member_reads.sql, 70_admin_reads.sql.

alter table public.visits add column found_by_search boolean not null default false;
alter table public.customer_rewards
  add column redeemed_proof text check (redeemed_proof in ('code', 'card', 'phone', 'admin_reason'));

alter table public.points_ledger drop constraint points_ledger_event_check;
alter table public.points_ledger add constraint points_ledger_event_check check (event in (
    'visit_approved', 'reward_unlocked', 'reward_redeemed', 'visit_voided', 'reward_revoked',
    'reward_clawed_back', 'adjustment', 'redemption_undone'));
alter table public.points_ledger drop constraint points_ledger_check1;
alter table public.points_ledger add constraint points_ledger_check1
  check (event not in ('visit_voided', 'adjustment', 'redemption_undone') or reason is not null);

alter table private.texts drop constraint texts_kind_check;
alter table private.texts add constraint texts_kind_check check (kind in (
  'welcome', 'reward_ready', 'tier_reached', 'phone_changed', 'campaign', 'reward_redeemed'));

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

create table private.redemption_flags (
  id uuid primary key default gen_random_uuid(),
  customer_reward_id uuid not null references public.customer_rewards (id) on delete cascade,
  customer_id uuid not null references public.customers (id) on delete cascade,
  redeemed_at timestamptz not null,
  redeemed_location_id text,
  -- No foreign key: the flag outlives the clerk's user.
  redeemed_by uuid,
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_reward_id, redeemed_at)
);
alter table private.redemption_flags enable row level security;
revoke all on private.redemption_flags from anon, authenticated, service_role;
create index redemption_flags_customer_id_idx on private.redemption_flags (customer_id);
create index redemption_flags_dismissed_by_idx on private.redemption_flags (dismissed_by);
create index redemption_flags_flagged_at_idx on private.redemption_flags (flagged_at desc);

drop function app.redeem_reward(uuid, text, text);
drop function private.finish_redemption(uuid, text, text);

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
  if v_role = 'staff' and p_location_id is distinct from null and p_location_id is distinct from v_staff_location then
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

create or replace function private.person_label(p_user_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is null or not (private.is_admin() or private.owner_location_id() is not null) then null
    else coalesce(
      (select 'Kiosk at ' || coalesce(l.business_name, k.location_id)
         from public.kiosk_sessions k left join public.locations l on l.id = k.location_id
        where k.user_id = p_user_id),
      (select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), right(u.phone, 10),
                       case when u.is_anonymous then 'Kiosk' end, 'Staff member')
         from auth.users u where u.id = p_user_id),
      'Removed user')
  end
$$;
revoke execute on function private.person_label(uuid) from public;
grant execute on function private.person_label(uuid) to authenticated;

create or replace function private.counter_saw(p_customer_id uuid, p_location_id text)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select s.how from private.counter_sightings s
   where s.customer_id = p_customer_id and s.seen_by = auth.uid() and s.location_id = p_location_id
     and s.how in ('card', 'phone') and s.created_at > now() - interval '2 minutes'
   order by s.created_at desc
   limit 1
$$;
revoke execute on function private.counter_saw(uuid, text) from public;

create or replace function private.redemption_notice(p_reward_name text, p_location_id text, p_at timestamptz)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select 'Your ' || coalesce(p_reward_name, 'reward') || ' was redeemed at '
         || coalesce((select l.business_name from public.locations l where l.id = p_location_id), 'a counter')
         || ' at ' || to_char(p_at at time zone private.programme_time_zone(), 'FMHH12:MI AM')
         || ' — not you?'
$$;


create or replace function private.finish_redemption(p_customer_reward_id uuid, p_location_id text, p_idempotency_key text,
                                          p_proof text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_reward public.rewards;
begin
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  if v_row.id is null or v_reward.id is null then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_reward.scope = 'location' and p_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;
  update public.customer_rewards cr
     set status = 'redeemed', redeemed_at = now(), redeemed_location_id = p_location_id, redeemed_by = auth.uid(),
         redeemed_proof = p_proof
   where cr.id = v_row.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'reward_redeemed', 0, null, v_row.id, p_location_id,
                               p_idempotency_key, p_reason);
  perform private.queue_text(v_row.customer_id, 'reward_redeemed',
    private.redemption_notice(v_reward.name, p_location_id, v_row.redeemed_at)
      || ' ' || private.site_url() || '/account',
    'redeemed:' || v_row.id || ':' || extract(epoch from v_row.redeemed_at)::text);
  return jsonb_build_object('customerReward', jsonb_build_object(
    'id', v_row.id, 'status', v_row.status, 'redeemedAt', v_row.redeemed_at,
    'reward', jsonb_build_object('name', v_reward.name)));
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
revoke execute on function app.redeem_reward(uuid, text, text, text) from public;
grant execute on function app.redeem_reward(uuid, text, text, text) to authenticated;

create or replace function app.scan_card(p_token text, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_result jsonb;
begin
  if coalesce(p_token, '') !~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    perform private.fail('400', 'Not a member card');
  end if;
  v_customer_id := substr(p_token, 10)::uuid;
  v_result := app.redeemable_rewards(v_customer_id, p_location_id);
  perform private.note_sighting(v_customer_id, v_result ->> 'locationId', 'card');
  return v_result;
end;
$$;
revoke execute on function app.scan_card(text, text) from public;
grant execute on function app.scan_card(text, text) to authenticated;

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
  if private.app_role() is null or private.app_role() not in ('staff', 'admin') then
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

create or replace function app.redeem_with_code(p_code text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_location_id text;
  v_code private.redemption_codes;
  v_result jsonb;
begin
  v_location_id := private.counter_location(p_location_id);
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'redeem_with_code', 'code', private.normalize_redemption_code(p_code), 'locationId', v_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  v_code := private.live_redemption_code(p_code, v_location_id, true);
  update private.redemption_codes rc set used_at = now(), used_by = auth.uid() where rc.id = v_code.id;
  v_result := private.finish_redemption(v_code.customer_reward_id, v_location_id, p_idempotency_key, 'code')
    || jsonb_build_object('customer', (select jsonb_build_object('id', c.id, 'name', c.name)
                                         from public.customer_rewards cr join public.customers c on c.id = cr.customer_id
                                        where cr.id = v_code.customer_reward_id),
                          'locationId', v_location_id);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;


create or replace function app.report_redemption(p_customer_reward_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_flag private.redemption_flags;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in first');
  end if;
  select * into v_row from public.customer_rewards cr
   where cr.id = p_customer_reward_id and cr.customer_id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_row.status <> 'redeemed' then
    perform private.fail('409', 'This reward is not redeemed');
  end if;
  insert into private.redemption_flags (customer_reward_id, customer_id, redeemed_at, redeemed_location_id, redeemed_by)
  values (v_row.id, v_row.customer_id, v_row.redeemed_at, v_row.redeemed_location_id, v_row.redeemed_by)
  on conflict (customer_reward_id, redeemed_at) do nothing;
  select * into v_flag from private.redemption_flags f
   where f.customer_reward_id = v_row.id and f.redeemed_at = v_row.redeemed_at;
  return jsonb_build_object('flagged', true, 'flaggedAt', v_flag.flagged_at);
end;
$$;
revoke execute on function app.report_redemption(uuid) from public;
grant execute on function app.report_redemption(uuid) to authenticated;

create or replace function app.undo_redemption(p_customer_reward_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_before public.customer_rewards;
  v_row public.customer_rewards;
  v_clawed_back boolean;
begin
  perform private.require_admin('Only admins can undo a redemption');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  v_before := private.lock_customer_reward(p_customer_reward_id);
  if v_before.id is null then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_before.status <> 'redeemed' then
    perform private.fail('409', 'This reward is not redeemed');
  end if;
  v_clawed_back := exists (select 1 from public.points_ledger e
                            where e.customer_reward_id = v_before.id and e.event = 'reward_clawed_back');
  update public.customer_rewards cr
     set status = case when v_clawed_back then 'revoked' else 'unlocked' end,
         revoked_at = case when v_clawed_back then now() end,
         redeemed_at = null, redeemed_location_id = null, redeemed_by = null, redeemed_proof = null
   where cr.id = v_before.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'redemption_undone', 0, null, v_row.id,
                               v_before.redeemed_location_id, null, v_reason);
  perform private.audit('reward.undo_redemption', 'customer_reward', v_row.id::text,
                        jsonb_build_object('status', v_before.status, 'redeemedAt', v_before.redeemed_at,
                                           'redeemedLocationId', v_before.redeemed_location_id,
                                           'redeemedBy', v_before.redeemed_by, 'customerId', v_row.customer_id),
                        jsonb_build_object('status', v_row.status),
                        v_reason, v_before.redeemed_location_id);
  return jsonb_build_object('customerRewardId', v_row.id, 'status', v_row.status,
    'undoneRedemption', jsonb_build_object('locationId', v_before.redeemed_location_id,
                                           'redeemedAt', v_before.redeemed_at,
                                           'redeemedBy', private.person_label(v_before.redeemed_by)));
end;
$$;
revoke execute on function app.undo_redemption(uuid, text) from public;
grant execute on function app.undo_redemption(uuid, text) to authenticated;

create or replace function private.velocity_flag_json(p_flag private.velocity_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'velocity', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'visits', (
      select count(*) from public.visits v, private.day_bounds(p_flag.day) d
       where v.customer_id = p_flag.customer_id and v.status = 'approved'
         and v.created_at >= d.starts_at and v.created_at < d.ends_at),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.velocity_flag_json(private.velocity_flags) from public;

create or replace function private.redemption_flag_json(p_flag private.redemption_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'not_me', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'customerRewardId', p_flag.customer_reward_id,
    'rewardName', coalesce((select r.name from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
                             where cr.id = p_flag.customer_reward_id), 'Removed reward'),
    'locationId', p_flag.redeemed_location_id,
    'businessName', (select l.business_name from public.locations l where l.id = p_flag.redeemed_location_id),
    'redeemedAt', p_flag.redeemed_at,
    'redeemedBy', private.person_label(p_flag.redeemed_by),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.redemption_flag_json(private.redemption_flags) from public;

create or replace function app.admin_velocity_flags(p_include_dismissed boolean default false, p_limit integer default 100)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read velocity flags');
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  return (
    select coalesce(jsonb_agg(f.flag order by f.at desc, f.id), '[]'::jsonb)
      from (
        (select private.redemption_flag_json(rf) as flag, rf.flagged_at as at, rf.id
           from private.redemption_flags rf
          where coalesce(p_include_dismissed, false) or rf.dismissed_at is null
          order by rf.flagged_at desc, rf.id
          limit p_limit)
        union all
        (select private.velocity_flag_json(vf), vf.day::timestamp at time zone private.programme_time_zone(), vf.id
           from private.velocity_flags vf
          where coalesce(p_include_dismissed, false) or vf.dismissed_at is null
          order by vf.day desc, vf.flagged_at desc, vf.id
          limit p_limit)
        order by 2 desc, 3
        limit p_limit) f);
end;
$$;
revoke execute on function app.admin_velocity_flags(boolean, integer) from public;
grant execute on function app.admin_velocity_flags(boolean, integer) to authenticated;

create or replace function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
  v_redemption_flag private.redemption_flags;
  v_was timestamptz;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  select f.dismissed_at into v_was from private.redemption_flags f where f.id = p_flag_id for update;
  update private.redemption_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_redemption_flag;
  if found then
    if v_was is null then
      perform private.audit('flag.dismiss', 'redemption_flag', v_redemption_flag.id::text,
                            jsonb_build_object('dismissedAt', null),
                            jsonb_build_object('dismissedAt', v_redemption_flag.dismissed_at,
                                               'customerId', v_redemption_flag.customer_id),
                            null, v_redemption_flag.redeemed_location_id);
    end if;
    return private.redemption_flag_json(v_redemption_flag);
  end if;
  select f.dismissed_at into v_was from private.velocity_flags f where f.id = p_flag_id for update;
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  -- Dismissing twice keeps the first time and records nothing new.
  if v_was is null then
    perform private.audit('flag.dismiss', 'velocity_flag', v_flag.id::text,
                          jsonb_build_object('dismissedAt', null),
                          jsonb_build_object('dismissedAt', v_flag.dismissed_at, 'customerId', v_flag.customer_id));
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;
revoke execute on function app.dismiss_velocity_flag(uuid) from public;
grant execute on function app.dismiss_velocity_flag(uuid) to authenticated;

create or replace function app.me()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_visits jsonb;
  v_total_visits bigint;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  select * into v_customer from public.customers c where c.id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  -- visits.location_id is never null and cascades with its location: every visit has a business.
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name,
                                               'visits', v.visits, 'lastVisit', v.last_visit)
                  order by v.last_visit desc), '[]'::jsonb),
         coalesce(sum(v.visits), 0)
    into v_visits, v_total_visits
    from (select vi.location_id, count(*) as visits, max(vi.created_at) as last_visit
            from public.visits vi
           where vi.customer_id = v_customer.id and vi.status = 'approved'
           group by vi.location_id) v
    join public.locations l on l.id = v.location_id;
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name,
                                   'phone', right(v_customer.phone, 10), 'email', v_customer.email),
    'totalPoints', v_customer.total_points,
    'tier', private.tier_for(v_customer.total_points),
    'nextGoal', private.next_goal(v_customer.total_points),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'reward', jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                            'scope', r.scope, 'locationId', r.location_id,
                                            'businessName', l.business_name))
             order by cr.unlocked_at desc, r.name), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = r.location_id
       where cr.customer_id = v_customer.id and cr.status <> 'revoked'),
    'visitedLocations', v_visits,
    'totalVisits', v_total_visits,
    -- Every redemption of the last 30 days is told to the member (a card can be copied), with
    -- "Not you?" (app.report_redemption) until they have said so.
    'recentRedemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', r.name, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at,
               'notice', private.redemption_notice(r.name, cr.redeemed_location_id, cr.redeemed_at),
               'reportedAt', (select f.flagged_at from private.redemption_flags f
                               where f.customer_reward_id = cr.id and f.redeemed_at = cr.redeemed_at))
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = v_customer.id and cr.status = 'redeemed'
         and cr.redeemed_at > now() - interval '30 days'));
end;
$$;
revoke execute on function app.me() from public;
grant execute on function app.me() to authenticated;

create or replace function app.admin_customer(p_customer_id uuid)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  c public.customers;
begin
  perform private.require_admin('Only admins can read customers');
  select * into c from public.customers x where x.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  return jsonb_build_object(
    'customer', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', right(c.phone, 10), 'email', c.email,
      'totalPoints', c.total_points, 'status', private.tier_for(c.total_points) ->> 'name',
      'lastVisit', c.last_visit_at, 'totalVisits', c.visit_count, 'createdAt', c.created_at,
      'smsConsent', c.sms_consent, 'emailConsent', c.email_consent,
      'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'signedIn', c.user_id is not null,
      'suspendedAt', c.suspended_at, 'suspensionReason', c.suspension_reason, 'forgottenAt', c.forgotten_at),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'approvedVia', v.approved_via, 'approvedBy', private.person_label(v.approved_by),
               'foundBySearch', v.found_by_search, 'status', v.status, 'createdAt', v.created_at,
               'voidedAt', v.voided_at, 'voidReason', v.void_reason)
             order by v.created_at desc, v.id), '[]'::jsonb)
        from (select * from public.visits x where x.customer_id = c.id order by x.created_at desc, x.id limit 500) v
        join public.locations l on l.id = v.location_id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'name', coalesce(r.name, 'Removed reward'),
               'kind', r.kind, 'scope', r.scope, 'locationId', coalesce(r.location_id, cr.welcome_location_id),
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id),
    'redemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', coalesce(r.name, 'Removed reward'),
               'locationId', cr.redeemed_location_id, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at, 'redeemedBy', private.person_label(cr.redeemed_by),
               'proof', cr.redeemed_proof)
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = c.id and cr.redeemed_at is not null),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'wording', k.wording, 'scope', k.scope,
               'signupChannel', k.signup_channel, 'createdAt', k.created_at,
               'granted', k.granted, 'source', k.source)
             order by k.created_at desc, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'actorRole', e.actor_role, 'actor', private.person_label(e.actor_user_id),
               'reason', e.reason, 'createdAt', e.created_at)
             order by e.id desc), '[]'::jsonb)
        from (select * from public.points_ledger x where x.customer_id = c.id order by x.id desc limit 500) e));
end;
$$;
revoke execute on function app.admin_customer(uuid) from public;
grant execute on function app.admin_customer(uuid) to authenticated;

create or replace function app.counter_people(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can see who served at its counter');
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'person', coalesce(private.person_label(p.who), 'Unknown'),
             'visits', p.visits, 'visitsFoundBySearch', p.searched, 'redemptions', p.redemptions)
           order by p.visits + p.redemptions desc, p.who), '[]'::jsonb)
      from (
        select x.who, sum(x.visits)::int as visits, sum(x.searched)::int as searched,
               sum(x.redemptions)::int as redemptions
          from (
            select v.approved_by as who, 1 as visits, case when v.found_by_search then 1 else 0 end as searched,
                   0 as redemptions
              from public.visits v
             where v.location_id = p_location_id and v.status = 'approved'
               and v.created_at > now() - interval '30 days'
            union all
            select cr.redeemed_by, 0, 0, 1
              from public.customer_rewards cr
             where cr.redeemed_location_id = p_location_id and cr.redeemed_at > now() - interval '30 days'
          ) x
         where x.who is not null
         group by x.who
      ) p);
end;
$$;
revoke execute on function app.counter_people(text) from public;
grant execute on function app.counter_people(text) to authenticated;

revoke execute on function private.finish_redemption(uuid, text, text, text, text),
  private.redemption_notice(text, text, timestamptz) from public;
