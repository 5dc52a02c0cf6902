-- The POINTS and REWARDS answers leave out a reward past its expiry date that the scheduled run has
-- not recorded yet (docs/RULES.md "Reward expiry"); the same change as supabase/schemas/48_texts.sql.

-- What a member's text asks, answered (the reply to their own text, so quiet hours do not hold
-- it back; the caps do). p_keyword: 'points', 'rewards', 'card' or 'unknown'. p_customer_id null:
-- the number is not a member's. Returns the answer's text.
create or replace function private.text_answer_body(p_customer_id uuid, p_keyword text)
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_tier text;
  v_needed integer;
  v_goal_label text;
  v_waiting integer;
  v_list text;
  v_help text := private.programme_name() || ': Help at ' || private.site_url()
    || '/contact or at any participating business. Msg & data rates may apply. Reply STOP to opt out.';
begin
  if p_keyword = 'unknown' then
    return v_help;
  end if;
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found then
    return private.programme_name() || ': This number is not a member. Join at ' || private.site_url() || '/join';
  end if;
  if p_keyword = 'card' then
    return private.programme_name() || ': Your card: ' || private.site_url()
      || '/account/card (sign in with this phone). Show its QR at any participating business.';
  end if;
  select count(*)::integer into v_waiting
    from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
   where cr.customer_id = p_customer_id and cr.status = 'unlocked'
     -- Past its expiry date (95_reward_expiry.sql), not yet recorded: no longer waiting.
     and (cr.expires_at is null or cr.expires_at > now());
  -- The next tier and the points it takes (private.next_goal's rule, read here from the tiers
  -- themselves: this file comes before 68_member_reads.sql). Past the top tier: none.
  select t.min_points - v_customer.total_points, t.goal_label into v_needed, v_goal_label
    from public.tiers t where t.min_points > v_customer.total_points order by t.min_points limit 1;
  if p_keyword = 'points' then
    v_tier := private.tier_for(v_customer.total_points) ->> 'name';
    return private.programme_name() || ': ' || v_customer.name || ', you have '
      || v_customer.total_points || case when v_customer.total_points = 1 then ' point' else ' points' end
      || ' (' || v_tier || '). '
      || case when v_waiting = 0 then 'No rewards waiting.'
              when v_waiting = 1 then '1 reward waiting: reply REWARDS to see it.'
              else v_waiting || ' rewards waiting: reply REWARDS to see them.' end
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end;
  end if;
  -- 'rewards': each reward waiting and where it is redeemed, oldest first, at most five named.
  select string_agg(x.n || ') ' || x.name || ' at ' || x.place, '; ' order by x.n)
    into v_list
    from (select row_number() over (order by cr.unlocked_at, r.name) as n, r.name,
                 case when r.scope = 'network' then 'any participating business'
                      else coalesce(l.business_name, 'its business') end as place
            from public.customer_rewards cr
            join public.rewards r on r.id = cr.reward_id
            left join public.locations l on l.id = r.location_id
           where cr.customer_id = p_customer_id and cr.status = 'unlocked'
             and (cr.expires_at is null or cr.expires_at > now())) x
   where x.n <= 5;
  if v_list is null then
    return private.programme_name() || ': No rewards waiting yet.'
      || case when v_needed > 0 then ' ' || v_needed || ' more points to ' || v_goal_label || '.' else '' end
      || ' Each visit earns points.';
  end if;
  return private.programme_name() || ': Your rewards: ' || v_list
    || case when v_waiting > 5 then '; and ' || (v_waiting - 5) || ' more at ' || private.site_url() || '/account' else '' end
    || '. Show your QR or card at the counter to redeem.';
end;
$$;
