-- An admin's correction of a customer's points (issue 11 §2 "adjustment"), with a reason, as a
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
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_total integer;
  v_unlocked uuid[];
  v_reversed record;
begin
  perform private.require_admin('Only admins can adjust points');
  if v_reason is null or length(v_reason) > 500 then
    perform private.fail('400', 'Say why the points are adjusted (at most 500 characters)');
  end if;
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
