-- The member's history says where each reward was redeemed: app.me's rewards carry the
-- business of the counter that redeemed them (redeemedBusinessName).
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
               -- Where it was redeemed, for the member's history (null before counters recorded it).
               'redeemedBusinessName', rl.business_name,
               'reward', jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                            'scope', r.scope, 'locationId', r.location_id,
                                            'businessName', l.business_name))
             order by cr.unlocked_at desc, r.name), '[]'::jsonb)
        from public.customer_rewards cr
        join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = r.location_id
        left join public.locations rl on rl.id = cr.redeemed_location_id
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
