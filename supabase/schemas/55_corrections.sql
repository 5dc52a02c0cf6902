-- Corrections by an admin, with a reason, as new ledger events (nothing is deleted): voiding a
-- fraudulent visit, and adjusting a customer's points.

-- Voiding a fraudulent visit: an admin, with a reason. Nothing is deleted: the
-- visit is marked voided and new ledger events reverse its points and what it earned.
-- After a void: takes back the rewards the customer no longer earns — the welcome reward of a
-- business with no approved visit left there, and tier rewards above the new points total
-- (tiers follow lifetime points, so a void can demote). An unused reward is revoked (status
-- 'revoked', event reward_revoked). One already redeemed cannot be taken back from the counter:
-- it stays redeemed and the ledger records reward_clawed_back (once), for settlement.
-- Returns the ids revoked and clawed back.
create function private.reverse_unearned_rewards(p_customer_id uuid, p_visit_id uuid, p_reason text)
returns table (revoked uuid[], clawed_back uuid[])
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer := (select c.total_points from public.customers c where c.id = p_customer_id);
  v_row record;
  v_revoked uuid[] := '{}';
  v_clawed uuid[] := '{}';
begin
  for v_row in
    select cr.id, cr.status, coalesce(cr.welcome_location_id, r.location_id) as location_id
      from public.customer_rewards cr
      left join public.rewards r on r.id = cr.reward_id
      left join public.tiers t on t.name = r.tier
     where cr.customer_id = p_customer_id
       and cr.status in ('unlocked', 'redeemed')
       and (
         (cr.welcome_location_id is not null and not exists (
            select 1 from public.visits v
             where v.customer_id = p_customer_id and v.location_id = cr.welcome_location_id and v.status = 'approved'))
         or (t.min_points > v_total))
     order by cr.unlocked_at, cr.id
       for update of cr
  loop
    if v_row.status = 'unlocked' then
      update public.customer_rewards cr set status = 'revoked', revoked_at = now() where cr.id = v_row.id;
      perform private.record_event(p_customer_id, 'reward_revoked', 0, p_visit_id, v_row.id, v_row.location_id, null, p_reason);
      v_revoked := v_revoked || v_row.id;
    elsif not exists (select 1 from public.points_ledger l
                       where l.customer_reward_id = v_row.id and l.event = 'reward_clawed_back') then
      perform private.record_event(p_customer_id, 'reward_clawed_back', 0, p_visit_id, v_row.id, v_row.location_id, null, p_reason);
      v_clawed := v_clawed || v_row.id;
    end if;
  end loop;
  return query select v_revoked, v_clawed;
end;
$$;
revoke execute on function private.reverse_unearned_rewards(uuid, uuid, text) from public;

-- POST /api/admin/visits/{id}/void. pointsReversed is the visit's points, or fewer when an
-- adjustment already brought the balance below them (a balance never goes below 0). LY400 without a reason, LY403 for non-admins, LY404 for an
-- unknown visit, LY409 when it is already voided.
-- Returns {"visitId", "voided": true, "pointsReversed", "rewardsRevoked": [customer reward ids],
--   "rewardsClawedBack": [ids of rewards already redeemed], "totalPoints"}.
create function app.void_visit(p_visit_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_visit public.visits;
  v_total integer;
  v_reversed_points integer;
  v_reversed record;
begin
  perform private.require_admin('Only admins can void visits');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  select * into v_visit from public.visits v where v.id = p_visit_id;
  if not found then
    perform private.fail('404', 'Visit not found');
  end if;
  -- The customer's lock first, as approvals take it, then the visit's.
  perform 1 from public.customers c where c.id = v_visit.customer_id for update;
  select * into v_visit from public.visits v where v.id = p_visit_id for update;
  if v_visit.status = 'voided' then
    perform private.fail('409', 'This visit is already voided');
  end if;

  update public.visits v
     set status = 'voided', voided_at = now(), voided_by = auth.uid(), void_reason = v_reason
   where v.id = v_visit.id;
  -- The visit's points, or what is left of them when an admin's adjustment already took some:
  -- a balance never goes below 0.
  v_reversed_points := least(v_visit.points, (select c.total_points from public.customers c where c.id = v_visit.customer_id));
  v_total := private.record_event(v_visit.customer_id, 'visit_voided', -v_reversed_points, v_visit.id, null,
                                  v_visit.location_id, null, v_reason);
  select * into v_reversed from private.reverse_unearned_rewards(v_visit.customer_id, v_visit.id, v_reason);
  perform private.audit('visit.void', 'visit', v_visit.id::text,
                        jsonb_build_object('status', v_visit.status, 'points', v_visit.points, 'customerId', v_visit.customer_id),
                        jsonb_build_object('status', 'voided', 'pointsReversed', v_reversed_points, 'totalPoints', v_total,
                                           'rewardsRevoked', to_jsonb(v_reversed.revoked),
                                           'rewardsClawedBack', to_jsonb(v_reversed.clawed_back)),
                        v_reason, v_visit.location_id);

  return jsonb_build_object('visitId', v_visit.id, 'voided', true, 'pointsReversed', v_reversed_points,
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back),
                            'totalPoints', v_total);
end;
$$;
revoke execute on function app.void_visit(uuid, text) from public;
grant execute on function app.void_visit(uuid, text) to authenticated;

-- An admin's correction of a customer's points (an "adjustment"), with a reason, as a
-- ledger event. Tier rewards follow the new total both ways, as after a void.
-- Returns {"customerId", "pointsAdjusted", "totalPoints", "unlockedRewards": [ids],
--   "rewardsRevoked": [ids], "rewardsClawedBack": [ids]}.
-- LY400 no reason / zero points / more than 1000 either way, LY403 non-admin, LY404 unknown
-- customer, LY409 when it would take the total below 0.
create function app.adjust_points(p_customer_id uuid, p_points integer, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_total integer;
  v_unlocked uuid[];
  v_reversed record;
begin
  perform private.require_admin('Only admins can adjust points');
  v_reason := private.clean_text(p_reason, 'A reason', 500);
  if coalesce(p_points, 0) = 0 or abs(p_points) > 1000 then
    perform private.fail('400', 'An adjustment is between -1000 and 1000 points, not 0');
  end if;
  select c.total_points into v_total from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if v_total + p_points < 0 then
    perform private.fail('409', 'A customer''s points cannot go below 0');
  end if;

  v_total := private.record_event(p_customer_id, 'adjustment', p_points, null, null, null, null, v_reason);
  perform private.audit('points.adjust', 'customer', p_customer_id::text,
                        jsonb_build_object('totalPoints', v_total - p_points),
                        jsonb_build_object('totalPoints', v_total, 'pointsAdjusted', p_points), v_reason);

  with unlocked as (
    insert into public.customer_rewards (customer_id, reward_id)
    select p_customer_id, r.id
      from public.rewards r join public.tiers t on t.name = r.tier
     where r.kind = 'tier' and t.min_points <= v_total
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked from unlocked u;
  perform private.record_event(p_customer_id, 'reward_unlocked', 0, null, u, null, null, v_reason)
    from unnest(v_unlocked) u;
  select * into v_reversed from private.reverse_unearned_rewards(p_customer_id, null, v_reason);

  return jsonb_build_object('customerId', p_customer_id, 'pointsAdjusted', p_points, 'totalPoints', v_total,
                            'unlockedRewards', to_jsonb(v_unlocked),
                            'rewardsRevoked', to_jsonb(v_reversed.revoked),
                            'rewardsClawedBack', to_jsonb(v_reversed.clawed_back));
end;
$$;
revoke execute on function app.adjust_points(uuid, integer, text) from public;
grant execute on function app.adjust_points(uuid, integer, text) to authenticated;

-- Undoing a mistaken redemption (wrong reward pressed, a fraud the member reported): an admin,
-- with a reason. A new ledger event records it (nothing is deleted: the reward_redeemed event
-- keeps who redeemed it, where and when); the reward is unlocked again — or withdrawn, when the
-- visit that earned it was voided since (it was clawed back) — and settlement, which counts
-- redeemed rewards, follows. Audited. Under the customer's and the reward's row locks, so an undo
-- and a redemption of the same reward happen one after the other.
-- LY400 no reason, LY403 non-admin, LY404 unknown reward, LY409 not redeemed.
-- Returns {"customerRewardId", "status": "unlocked" | "revoked", "undoneRedemption":
--   {"locationId", "redeemedAt", "redeemedBy"}}.
create function app.undo_redemption(p_customer_reward_id uuid, p_reason text)
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
         redeemed_at = null, redeemed_location_id = null, redeemed_by = null, redeemed_proof = null,
         -- A reward given back after its expiry date (95_reward_expiry.sql) gets 7 more days,
         -- rather than expiring at the next run.
         expires_at = case when cr.expires_at <= now() then now() + interval '7 days' else cr.expires_at end
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
