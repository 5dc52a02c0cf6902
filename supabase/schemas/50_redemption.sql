-- Redeeming an unlocked reward, once: by its owner, by staff of a business where
-- it is valid, or by an admin; and the rewards a counter may redeem.

create table public.customer_rewards (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  -- Set null, not cascade, when an admin removes a reward: the unlock (and any redemption)
  -- stays on record and keeps blocking a second welcome reward at that business.
  reward_id uuid references public.rewards (id) on delete set null,
  -- The business of a welcome reward (copied from the reward, null for tier rewards), so that
  -- "one welcome reward per customer per business" is a constraint: a business that replaces
  -- its welcome reward cannot hand a customer a second one.
  welcome_location_id text references public.locations (id) on delete set null,
  -- 'revoked': the visit that earned it was voided before it was redeemed (app.void_visit).
  -- 'expired': it reached expires_at unused and app.expire_rewards recorded it (95_reward_expiry.sql).
  status text not null default 'unlocked' check (status in ('unlocked', 'redeemed', 'revoked', 'expired')),
  unlocked_at timestamptz not null default now(),
  unlocked_by_visit_id uuid references public.visits (id) on delete set null,
  redeemed_at timestamptz,
  redeemed_location_id text references public.locations (id) on delete set null,
  redeemed_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  -- What showed the member was at the counter: their redemption code, their card or phone
  -- scanned there, or an admin's written reason (the ledger event keeps it). Null before proof
  -- was asked.
  redeemed_proof text check (redeemed_proof in ('code', 'card', 'phone', 'admin_reason')),
  -- When an unused reward stops being redeemable (null: never), from its reward's
  -- expires_after_days (95_reward_expiry.sql); expired_at once the expiry was recorded.
  expires_at timestamptz,
  expired_at timestamptz,
  check ((status = 'redeemed') = (redeemed_at is not null)),
  check ((status = 'revoked') = (revoked_at is not null)),
  constraint customer_rewards_expired_check check ((status = 'expired') = (expired_at is not null))
);
alter table public.customer_rewards enable row level security;
revoke all on public.customer_rewards from anon, authenticated;

-- Triggers on public.customer_rewards, declared beside their functions in later files:
--   customer_rewards_redeem_member_active (57_member_records.sql)  no redemption for a suspended or forgotten member
--   customer_rewards_roll_up_daily (67_rollups.sql)                unlocks and redemptions in the day rollup
--   customer_rewards_set_expiry (95_reward_expiry.sql)             an unlock's expiry date, when its reward expires

-- Unlocked rewards: the member's own; admins all.
grant select on public.customer_rewards to authenticated;

-- Each reward unlocks at most once per customer, and at most one welcome reward per customer
-- and business. A revoked unlock does not count: the reward can be earned
-- again the way it is earned the first time.
create unique index customer_rewards_once on public.customer_rewards (customer_id, reward_id)
  where status <> 'revoked';
create unique index customer_rewards_one_welcome_per_business on public.customer_rewards (customer_id, welcome_location_id)
  where status <> 'revoked' and welcome_location_id is not null;
create index customer_rewards_customer_id_idx on public.customer_rewards (customer_id);
create index customer_rewards_welcome_location_id_idx on public.customer_rewards (welcome_location_id);
create index customer_rewards_reward_id_idx on public.customer_rewards (reward_id);
create index customer_rewards_unlocked_by_visit_id_idx on public.customer_rewards (unlocked_by_visit_id);
create index customer_rewards_redeemed_location_id_idx on public.customer_rewards (redeemed_location_id);
create index customer_rewards_redeemed_by_idx on public.customer_rewards (redeemed_by);
create index customer_rewards_redeemed_at_idx on public.customer_rewards (redeemed_at) where redeemed_at is not null;
-- A month's redemptions for the settlement (80_coalition.sql) read from the index alone: at 10
-- million visits, fetching the month's rows from the table took ~0.3 s of the ~0.4 s. The few
-- without a business (before counter-confirmed redemption) have their own.
create index customer_rewards_redeemed_month_idx on public.customer_rewards (redeemed_at)
  include (id, reward_id, welcome_location_id, unlocked_by_visit_id, redeemed_location_id)
  where redeemed_at is not null and redeemed_location_id is not null;
create index customer_rewards_redeemed_unattributed_idx on public.customer_rewards (redeemed_at)
  where redeemed_at is not null and redeemed_location_id is null;
create index customer_rewards_unlocked_at_idx on public.customer_rewards (unlocked_at);
create index customer_rewards_expires_at_idx on public.customer_rewards (expires_at) where status = 'unlocked' and expires_at is not null;
-- The rewards that expired unused, which the Rewards tab, the catalogue and the funder report count
-- apart: a few rows out of every unlock ever, read without scanning the others.
create index customer_rewards_expired_idx on public.customer_rewards (reward_id, expired_at) where status = 'expired';
-- The unlocks the day rollup files under no business (a points adjustment, a prize draw, a
-- neighbour's bonus), which private.reward_standing adds to its figures.
create index customer_rewards_unfiled_idx on public.customer_rewards (reward_id)
  where welcome_location_id is null and unlocked_by_visit_id is null and status <> 'revoked';
create policy "Members read their own rewards, admins all"
  on public.customer_rewards for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or (select private.is_admin())
  );

-- Redeeming an unlocked reward, once.
-- Who may redeem: a counter — staff at their own
-- location for a reward valid there (a welcome reward only at its business, a network reward
-- anywhere), an admin at a location where it is valid. The owner is refused (LY403): they show a
-- redemption code (app.start_redemption) that a counter confirms. Staff and admins never on their
-- own customer row (LY403). Anyone else — another member, a kiosk, a signed-in user with no
-- customer row — gets a 404 (reward ids are shown at counters, so they are not secrets, but whether one
-- exists is not told) and nothing changes. The row lock makes parallel redemptions of one
-- reward succeed exactly once. p_idempotency_key as in app.approve_visit.
-- The member must be at the counter: this caller scanned their card or phone here within the
-- last 2 minutes (private.counter_sightings, read under the customer's row lock). A name or phone
-- search is no proof. Without it, only an admin redeems, with a written reason (p_reason) that the
-- ledger event and the audit log keep; everyone else is told to ask for the code (LY403).
-- Returns {"customerReward": {"id", "status": "redeemed", "redeemedAt", "reward": {"name"}}}.
create function app.redeem_reward(p_customer_reward_id uuid, p_location_id text default null,
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
revoke execute on function app.redeem_reward(uuid, text, text, text) from public;
grant execute on function app.redeem_reward(uuid, text, text, text) to authenticated;

-- How this caller saw the member at p_location_id within the last 2 minutes: 'card' or
-- 'phone' (a scan there), or null. A search is never proof.
create function private.counter_saw(p_customer_id uuid, p_location_id text)
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

-- A card scanned at a counter without approving a visit (the member is back within the hour only
-- to redeem, so the visit would be refused by its limit): the scan is recorded as proof the member
-- is here, and the answer is what they can redeem, as app.redeemable_rewards gives it.
-- Staff at their location, an admin naming one. LY400 not a card, LY403, LY404 unknown member,
-- LY410 a card that was replaced.
create function app.scan_card(p_token text, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_result jsonb;
begin
  -- The member's current card only: a replaced card is refused (22_member_cards.sql).
  v_customer_id := private.member_card_customer(p_token);
  v_result := app.redeemable_rewards(v_customer_id, p_location_id);
  perform private.note_sighting(v_customer_id, v_result ->> 'locationId', 'card');
  return v_result;
end;
$$;
revoke execute on function app.scan_card(text, text) from public;
grant execute on function app.scan_card(text, text) to authenticated;

-- The staff reward list: what a member scanned at a counter can redeem there,
-- without approving a visit (they may be back within the hour only to redeem). Staff of the
-- location or an admin naming one; never for their own customer row. LY400 no location, LY403,
-- LY404 unknown customer or location.
-- Returns {"customer": {"id", "name"}, "locationId", "redeemableRewards": [{"id", "name", "scope"}]}.
create function app.redeemable_rewards(p_customer_id uuid, p_location_id text default null)
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
revoke execute on function app.redeemable_rewards(uuid, text) from public;
grant execute on function app.redeemable_rewards(uuid, text) to authenticated;

-- The counter's member search: the fallback when a member's phone is flat. Staff
-- of any business and admins find any member by a part of the name (2+ characters, any case or accent) or
-- by 3+ digits of the phone; the answer holds only what the counter needs — a lookup id (approve a
-- visit with lookup:{id} within 10 minutes; it is this clerk's, recorded with them, and never
-- proof for redeeming), the name, the phone's last 4 digits, points and tier. Never the member's
-- id: that is their card's value. At most 10 rows, names that start with the text first; `more`
-- says there were others (type more to narrow).
create function app.counter_search(p_query text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_text text := private.fold(btrim(coalesce(p_query, '')));
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
                else private.fold(c.name) not like v_text || '%' end as starts
      from public.customers c
     where c.forgotten_at is null
       and case when v_by_phone then c.phone like private.like_contains(v_digits)
                else private.fold(c.name) like private.like_contains(v_text) end
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

-- Redemption codes: a member's Redeem is a 2-minute code a counter confirms.
-- Kept out of the exposed schemas: only the functions below read or write it.
create table private.redemption_codes (
  id uuid primary key default gen_random_uuid(),
  -- Three letters and three digits (no I, L, O, 0, 1): read aloud or typed without confusion,
  -- and never taken for a member's name at the counter's search.
  code text not null unique check (code ~ '^[A-HJKMNP-Z]{3}[2-9]{3}$'),
  customer_reward_id uuid not null references public.customer_rewards (id) on delete cascade,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by uuid references auth.users (id) on delete set null,
  check (expires_at > created_at)
);
create index redemption_codes_customer_reward_id_idx on private.redemption_codes (customer_reward_id);
create index redemption_codes_expires_at_idx on private.redemption_codes (expires_at);
create index redemption_codes_created_by_idx on private.redemption_codes (created_by);
create index redemption_codes_used_by_idx on private.redemption_codes (used_by);
alter table private.redemption_codes enable row level security;
revoke all on private.redemption_codes from anon, authenticated, service_role;

-- Triggers on private.redemption_codes, declared beside their functions in later files:
--   redemption_codes_member_active (57_member_records.sql)  no code for a suspended or forgotten member

-- Where the calling counter redeems or approves: staff at their location (p_location_id, when
-- given, must be it), an admin at p_location_id (required), an enrolled kiosk (any kiosk in demo
-- mode) at its own location. Members and everyone else: LY403.
create function private.counter_location(p_location_id text)
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

-- An unused reward whose expiry date has passed (95_reward_expiry.sql) is refused at every
-- redemption path, recorded or not yet: "This reward expired on November 30, 2026 and can no
-- longer be used".
create function private.reward_expired_message(p_expires_at timestamptz)
returns text
language sql stable
set search_path = ''
as $$
  select 'This reward expired' || coalesce(' on ' || private.reward_expiry_day(p_expires_at), '') || ' and can no longer be used'
$$;

-- The end of every redemption, whoever confirms it: the reward must be valid at the business (a
-- welcome reward only at its own) and still unlocked; then it is redeemed there, by the caller,
-- now, with its proof (p_proof) and ledger event (p_reason: an admin's, when there was no proof).
-- A card is static and can be copied, so the member is told: by a text when they agreed to
-- texts, and in their account (app.me's redemptions), where "Not you?" flags it for the operator.
-- The caller holds the customer's and the reward's row locks.
create function private.finish_redemption(p_customer_reward_id uuid, p_location_id text, p_idempotency_key text,
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
  -- Expired (or past its date and not yet recorded): a reward is redeemed or expired, never both;
  -- app.expire_rewards takes the same row locks.
  if v_row.status = 'expired' or v_row.expires_at <= now() then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
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

-- "Your Free Ice Cream Scoop was redeemed at Village Creamery at 3:05 PM — not you?": the words
-- of the text and of the member's account notice, in the programme's time zone.
create function private.redemption_notice(p_reward_name text, p_location_id text, p_at timestamptz)
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

-- Locks in the order approvals take them: the customer's row, then the reward's.
create function private.lock_customer_reward(p_customer_reward_id uuid)
returns public.customer_rewards
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
begin
  perform 1 from public.customers c
   where c.id = (select cr.customer_id from public.customer_rewards cr where cr.id = p_customer_reward_id)
     for update;
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id for update;
  return v_row;
end;
$$;


-- A member asks to redeem one of their unlocked rewards: a redemption code to show at a counter,
-- valid 2 minutes, single use; asking again replaces the reward's earlier live code.
-- Returns {"code", "qrValue": "redeem:{code}", "expiresAt", "reward": {"id", "name", "scope",
-- "businessName"}}.
create function app.start_redemption(p_customer_reward_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.customer_rewards;
  v_reward public.rewards;
  v_business text;
  v_code text;
  v_bytes bytea;
  v_expires timestamptz := now() + interval '2 minutes';
  v_letters constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ';
  v_inserted boolean := false;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  select * into v_row from public.customer_rewards cr
   where cr.id = p_customer_reward_id and cr.customer_id = private.current_customer_id();
  if not found then
    perform private.fail('404', 'Reward not found');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;
  if v_row.status = 'expired' or v_row.expires_at <= now() then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
  end if;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  select l.business_name into v_business from public.locations l where l.id = v_reward.location_id;

  delete from private.redemption_codes rc where rc.customer_reward_id = v_row.id and rc.used_at is null;
  -- Old codes are useless; drop a few at a time so the table stays small.
  delete from private.redemption_codes rc
   where rc.ctid in (select o.ctid from private.redemption_codes o
                      where o.expires_at < now() - interval '1 day' limit 100);
  for i in 1..10 loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    v_code := substr(v_letters, get_byte(v_bytes, 0) % 23 + 1, 1)
           || substr(v_letters, get_byte(v_bytes, 1) % 23 + 1, 1)
           || substr(v_letters, get_byte(v_bytes, 2) % 23 + 1, 1)
           || (get_byte(v_bytes, 3) % 8 + 2)::text
           || (get_byte(v_bytes, 4) % 8 + 2)::text
           || (get_byte(v_bytes, 5) % 8 + 2)::text;
    -- An expired code may be drawn again.
    delete from private.redemption_codes rc where rc.code = v_code and rc.expires_at <= now();
    insert into private.redemption_codes (code, customer_reward_id, created_by, expires_at)
    values (v_code, v_row.id, auth.uid(), v_expires)
    on conflict (code) do nothing;
    if found then
      v_inserted := true;
      exit;
    end if;
  end loop;
  if not v_inserted then
    perform private.fail('503', 'Could not make a redemption code; try again');
  end if;
  return jsonb_build_object('code', v_code, 'qrValue', 'redeem:' || v_code, 'expiresAt', v_expires,
    'reward', jsonb_build_object('id', v_row.id, 'name', v_reward.name, 'scope', v_reward.scope,
                                 'businessName', v_business));
end;
$$;

-- A scanned or typed redemption code as stored: 'redeem:' and spaces or dashes dropped, upper case.
create function private.normalize_redemption_code(p_code text)
returns text
language sql immutable
set search_path = ''
as $$
  select upper(regexp_replace(regexp_replace(coalesce(p_code, ''), '^\s*redeem:', '', 'i'), '[\s-]', '', 'g'))
$$;

-- The code's row, locked, if it can still be redeemed at p_location_id; otherwise the reason.
create function private.live_redemption_code(p_code text, p_location_id text, p_lock boolean)
returns private.redemption_codes
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code private.redemption_codes;
  v_row public.customer_rewards;
  v_reward public.rewards;
begin
  if p_lock then
    -- The customer's and the reward's locks first, as every redemption takes them.
    perform private.lock_customer_reward(rc.customer_reward_id)
       from private.redemption_codes rc where rc.code = private.normalize_redemption_code(p_code);
    select * into v_code from private.redemption_codes rc
     where rc.code = private.normalize_redemption_code(p_code) for update;
  else
    select * into v_code from private.redemption_codes rc where rc.code = private.normalize_redemption_code(p_code);
  end if;
  if v_code.id is null then
    perform private.fail('404', 'Unknown redemption code: ask the member to press Redeem again');
  end if;
  if v_code.used_at is not null then
    perform private.fail('409', 'This redemption code has already been used');
  end if;
  if v_code.expires_at <= now() then
    perform private.fail('410', 'This redemption code has expired: ask the member to press Redeem again');
  end if;
  select * into v_row from public.customer_rewards cr where cr.id = v_code.customer_reward_id;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  perform private.refuse_own_account(v_row.customer_id);
  if v_reward.scope = 'location' and p_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'expired' or (v_row.status = 'unlocked' and v_row.expires_at <= now()) then
    perform private.fail('409', private.reward_expired_message(v_row.expires_at));
  end if;
  if v_row.status <> 'unlocked' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  return v_code;
end;
$$;

-- The counter checks a redemption code before confirming: who, which reward, valid here.
-- Returns {"code", "locationId", "expiresAt", "customer": {"id", "name"},
--          "reward": {"id", "name", "description", "scope", "businessName"}}.
create function app.check_redemption_code(p_code text, p_location_id text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location_id text := private.counter_location(p_location_id);
  v_code private.redemption_codes := private.live_redemption_code(p_code, v_location_id, false);
begin
  return (
    select jsonb_build_object('code', v_code.code, 'locationId', v_location_id, 'expiresAt', v_code.expires_at,
             'customer', jsonb_build_object('id', c.id, 'name', c.name),
             'reward', jsonb_build_object('id', cr.id, 'name', r.name, 'description', r.description,
                                          'scope', r.scope, 'businessName', l.business_name))
      from public.customer_rewards cr
      join public.customers c on c.id = cr.customer_id
      join public.rewards r on r.id = cr.reward_id
      left join public.locations l on l.id = r.location_id
     where cr.id = v_code.customer_reward_id);
end;
$$;

-- The counter confirms: the code is used and the reward redeemed here, once (the code's row
-- lock: N parallel confirmations redeem once). p_idempotency_key as in app.approve_visit.
create function app.redeem_with_code(p_code text, p_location_id text default null, p_idempotency_key text default null)
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

revoke execute on function private.counter_location(text), private.finish_redemption(uuid, text, text, text, text),
  private.reward_expiry_day(timestamptz), private.reward_expired_message(timestamptz),
  private.redemption_notice(text, text, timestamptz),
  private.lock_customer_reward(uuid), private.normalize_redemption_code(text),
  private.live_redemption_code(text, text, boolean) from public;
revoke execute on function app.start_redemption(uuid), app.check_redemption_code(text, text),
  app.redeem_with_code(text, text, text) from public;
grant execute on function app.start_redemption(uuid), app.check_redemption_code(text, text),
  app.redeem_with_code(text, text, text) to authenticated;

-- Who a counter was, as the admin's and the owner's views show it: a kiosk as "Kiosk at
-- {business}", a person by the name on their Auth user or else their phone (10 digits), and
-- "Removed user" when the user is gone. Null in, null out; null for anyone but an admin or an
-- owner (it reads auth.users for their views, which run as the caller).
create function private.person_label(p_user_id uuid)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is null or not (private.is_admin() or private.owner_location_id() is not null) then null
    else coalesce(
      -- A kiosk: the name the operator gave it (private.person_names), and where it stands.
      (select coalesce(n.name || ' (kiosk at ' || coalesce(l.business_name, k.location_id) || ')',
                       'Kiosk at ' || coalesce(l.business_name, k.location_id))
         from public.kiosk_sessions k left join public.locations l on l.id = k.location_id
         left join private.person_names n on n.user_id = k.user_id
        where k.user_id = p_user_id),
      (select n.name from private.person_names n where n.user_id = p_user_id),
      (select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), right(u.phone, 10),
                       case when u.is_anonymous then 'Kiosk' end, 'Staff member')
         from auth.users u where u.id = p_user_id),
      'Removed user')
  end
$$;
revoke execute on function private.person_label(uuid) from public;
grant execute on function private.person_label(uuid) to authenticated;

-- "Not you?": a member says a redemption on their account was not theirs. The operator gets a flag
-- (private.redemption_flags) naming the clerk; asking again for the same redemption answers the
-- same flag. LY401 signed out, LY404 not their reward, LY409 not redeemed (or the redemption was
-- undone). Returns {"flagged": true, "flaggedAt"}.
create function app.report_redemption(p_customer_reward_id uuid)
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

create trigger customer_rewards_text_unlocked
  after insert on public.customer_rewards
  for each row execute function private.text_reward_unlocked();
