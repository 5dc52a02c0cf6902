-- Reads behind GET /api/me, /api/me/visits and /api/locations (PRODUCT §2, §7). They are security
-- invoker, so RLS decides what each caller sees. Voided visits and revoked rewards are left out.
-- (A points total's tier: private.tier_for, 10_programme.sql.)

-- The next goal (PRODUCT §4): the next tier's threshold and label; past the top tier, a
-- 'Premium Reward' 10 points above it (targets 10, 20, 30 with the seeded tiers).
create function private.next_goal(p_points integer)
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('target', g.target, 'label', g.label,
                            'pointsNeeded', greatest(g.target - coalesce(p_points, 0), 0))
    from (
      select coalesce(n.min_points, top.min_points) as target,
             coalesce(n.goal_label, top.goal_label) as label
        from (
          select t.min_points, t.goal_label from public.tiers t order by t.min_points desc limit 1
        ) top
        left join lateral (
          select t.min_points, t.goal_label
            from public.tiers t
           where t.min_points > coalesce(p_points, 0)
           order by t.min_points
           limit 1
        ) n on true
    ) g
$$;
revoke execute on function private.next_goal(integer) from public;
grant execute on function private.next_goal(integer) to authenticated;

-- The signed-in member's visits, newest first (GET /api/me/visits, /account/history).
create function app.my_visits(p_limit integer default 50)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_customer_id uuid := private.current_customer_id();
begin
  if auth.uid() is null then
    perform private.fail('401', 'Sign in first');
  end if;
  if v_customer_id is null then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  return jsonb_build_object('visits', (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'locationId', v.location_id,
                                                 'businessName', l.business_name, 'points', v.points,
                                                 'createdAt', v.created_at)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi
             where vi.customer_id = v_customer_id and vi.status = 'approved'
             order by vi.created_at desc, vi.id
             limit p_limit) v
      join public.locations l on l.id = v.location_id));
end;
$$;
revoke execute on function app.my_visits(integer) from public;
grant execute on function app.my_visits(integer) to authenticated;

-- GET /api/locations: the participating businesses (archived ones left out) with
-- their current welcome rewards (null while a business has none), in the contract's shape
-- (LocationList).
create function app.locations()
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id, 'slug', l.id, 'businessName', l.business_name, 'kind', l.kind,
           'description', l.description, 'address', l.address, 'logoUrl', l.logo_url,
           'icon', l.icon, 'color', l.color, 'hours', l.hours,
           'welcomeReward', case when r.id is not null
                                 then jsonb_build_object('name', r.name, 'description', r.description) end)
         order by l.sort_order, l.id), '[]'::jsonb)
    from public.locations l
    left join public.rewards r on r.location_id = l.id and r.kind = 'welcome' and r.retired_at is null
   where l.archived_at is null
$$;
revoke execute on function app.locations() from public;
grant execute on function app.locations() to anon, authenticated;

-- A leaner GET /api/me, same answer: the member's visits are read once (the
-- businesses visited and the total visits were two scans of them), and it runs as security
-- definer: RLS re-derived the caller's customer id (private.current_customer_id) and admin
-- status for each of the four tables read, ~30 % of the function's time under pgbench. Every
-- read here is of the one customer row private.current_customer_id() names (the signed-in,
-- non-anonymous user's own) and of that customer's visits and rewards, so nobody sees more.
create function app.me()
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
               -- Past its expiry date and not yet recorded by app.expire_rewards: expired all the same.
               'id', cr.id,
               'status', case when cr.status = 'unlocked' and cr.expires_at <= now() then 'expired' else cr.status end,
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               -- Optional expiry (95_reward_expiry.sql): when it stops being redeemable, and the last
               -- programme day it can be used ("Expires on …"); null for a reward that never expires.
               'expiresAt', case when cr.status in ('unlocked', 'expired') then cr.expires_at end,
               'expiresOn', case when cr.status in ('unlocked', 'expired') and cr.expires_at is not null
                                 then to_char((cr.expires_at - interval '1 second') at time zone private.programme_time_zone(), 'YYYY-MM-DD') end,
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
    -- Businesses that joined or left since the member did, for a while (67_programme_news.sql).
    'programmeNews', private.programme_news(v_customer.id),
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
