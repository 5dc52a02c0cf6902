-- A leaner GET /api/me (issue 15), same answer: the member's visits are read once (the
-- businesses visited and the total visits were two scans of them), and it runs as security
-- definer: RLS re-derived the caller's customer id (private.current_customer_id) and admin
-- status for each of the four tables read, ~30 % of the function's time under pgbench. Every
-- read here is of the one customer row private.current_customer_id() names (the signed-in,
-- non-anonymous user's own) and of that customer's visits and rewards, so nobody sees more.
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
    'totalVisits', v_total_visits);
end;
$$;
