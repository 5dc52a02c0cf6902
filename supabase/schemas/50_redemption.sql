-- Redeeming an unlocked reward, once (DESIGN §3.5): by its owner, by staff of a business where
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
  status text not null default 'unlocked' check (status in ('unlocked', 'redeemed', 'revoked')),
  unlocked_at timestamptz not null default now(),
  unlocked_by_visit_id uuid references public.visits (id) on delete set null,
  redeemed_at timestamptz,
  redeemed_location_id text references public.locations (id) on delete set null,
  redeemed_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  check ((status = 'redeemed') = (redeemed_at is not null)),
  check ((status = 'revoked') = (revoked_at is not null))
);
alter table public.customer_rewards enable row level security;
revoke all on public.customer_rewards from anon, authenticated;

-- Unlocked rewards: the member's own; admins all.
grant select on public.customer_rewards to authenticated;

-- Each reward unlocks at most once per customer, and at most one welcome reward per customer
-- and business (DESIGN §3.3, §3.4). A revoked unlock does not count: the reward can be earned
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
create index customer_rewards_unlocked_at_idx on public.customer_rewards (unlocked_at);
create policy "Members read their own rewards, admins all"
  on public.customer_rewards for select to authenticated
  using (
    customer_id = (select private.current_customer_id())
    or (select private.is_admin())
  );

-- Redeeming an unlocked reward, once (DESIGN §3.5).
-- Who may redeem (issue 11 §1.1): the member who owns it; staff at their own location for a
-- reward valid there (a welcome reward only at its business, a network reward anywhere); an
-- admin at a location where it is valid. Staff and admins never on their own customer row
-- (LY403). Anyone else — another member, a kiosk, a signed-in user with no customer row —
-- gets a 404 (reward ids are shown at counters, so they are not secrets, but whether one
-- exists is not told) and nothing changes. The row lock makes parallel redemptions of one
-- reward succeed exactly once. p_idempotency_key as in app.approve_visit.
-- Returns {"customerReward": {"id", "status": "redeemed", "redeemedAt", "reward": {"name"}}}.
create function app.redeem_reward(p_customer_reward_id uuid, p_location_id text default null,
                                  p_idempotency_key text default null)
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
  v_result jsonb;
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in to redeem rewards');
  end if;
  v_prior := private.idempotency_start(p_idempotency_key, jsonb_build_object(
    'operation', 'redeem_reward', 'customerRewardId', p_customer_reward_id, 'locationId', p_location_id));
  if v_prior is not null then
    return v_prior;
  end if;
  perform private.require_location(p_location_id);

  -- Locks in the order approvals take them: the customer's row, then the reward's. (An approval
  -- holding the customer lock may be checking this reward's unique index: taking the reward
  -- lock first would deadlock with it.)
  perform 1 from public.customers c
   where c.id = (select cr.customer_id from public.customer_rewards cr where cr.id = p_customer_reward_id)
     for update;
  select * into v_row from public.customer_rewards cr where cr.id = p_customer_reward_id for update;
  select * into v_reward from public.rewards r where r.id = v_row.reward_id;
  if v_row.id is null or v_reward.id is null then
    perform private.fail('404', 'Reward not found');
  end if;

  if private.app_role() is not null then
    -- Staff or an admin at a counter.
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
    -- The member themselves.
    v_location_id := coalesce(p_location_id, case when v_reward.scope = 'location' then v_reward.location_id end);
  else
    perform private.fail('404', 'Reward not found');
  end if;
  if v_reward.scope = 'location' and v_location_id is distinct from v_reward.location_id then
    perform private.fail('403', 'This reward can only be used at its own business');
  end if;
  if v_row.status = 'redeemed' then
    perform private.fail('409', 'This reward has already been redeemed');
  end if;
  if v_row.status = 'revoked' then
    perform private.fail('409', 'This reward was withdrawn');
  end if;

  update public.customer_rewards cr
     set status = 'redeemed', redeemed_at = now(), redeemed_location_id = v_location_id, redeemed_by = auth.uid()
   where cr.id = v_row.id
  returning * into v_row;
  perform private.record_event(v_row.customer_id, 'reward_redeemed', 0, null, v_row.id, v_location_id, p_idempotency_key);

  v_result := jsonb_build_object('customerReward', jsonb_build_object(
    'id', v_row.id, 'status', v_row.status, 'redeemedAt', v_row.redeemed_at,
    'reward', jsonb_build_object('name', v_reward.name)));
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.redeem_reward(uuid, text, text) from public;
grant execute on function app.redeem_reward(uuid, text, text) to authenticated;

-- The staff reward list (issue 11 §1.8): what a member scanned at a counter can redeem there,
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
  perform private.refuse_own_account(p_customer_id);
  return jsonb_build_object(
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name),
    'locationId', v_location_id,
    'redeemableRewards', private.redeemable_rewards(p_customer_id, v_location_id));
end;
$$;
revoke execute on function app.redeemable_rewards(uuid, text) from public;
grant execute on function app.redeemable_rewards(uuid, text) to authenticated;
