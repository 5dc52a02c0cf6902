-- Approving a visit (DESIGN §3.2–3.4): the points, the welcome reward of a business on the
-- first approved visit there, each tier reward once, the abuse limits and the ledger events —
-- all or nothing, in one function.

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
     and (r.scope = 'network' or r.location_id = p_location_id)
$$;

-- Approves a visit from a scanned QR value: a check-in token, or a member card
-- 'customer:{id}'.
--   * a kiosk approves only the tokens it issued, and only once enrolled (or in demo mode);
--   * staff approve tokens and member cards at their location, admins anywhere; neither for
--     their own customer row (LY403);
--   * the abuse limits (private.check_visit_limits) answer LY429 with Retry-After in the hint.
-- The welcome reward of the business is unlocked only when this is the customer's first
-- approved visit there (a welcome reward added or replaced later is never given on a later
-- visit); a unique index allows one welcome reward per customer and business.
-- p_idempotency_key: a retry with the same key (same caller) returns the first result; the
-- same key for another request is LY422.
-- Races: the idempotency key's insert lock, then the token row lock (N parallel approvals of
-- one token award once), then the customer row lock, which serialises every approval of one
-- customer so that points, limits and unlocks are decided on committed state.
-- Returns {"visitId", "customer": {"id", "name"}, "locationId", "pointsEarned", "totalPoints",
--   "unlockedRewards": [{"id", "name", "description", "scope"}],
--   "redeemableRewards": [{"id", "name", "scope"}]} (always [] for a kiosk).
create function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_token public.checkin_tokens;
  v_customer public.customers;
  v_customer_id uuid;
  v_location_id text;
  v_via text;
  v_first_here boolean;
  v_visit_id uuid;
  v_points integer := private.points_per_visit();
  v_total integer;
  v_unlock record;
  v_unlocked_ids uuid[];
  v_unlocked jsonb := '[]'::jsonb;
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
  perform private.require_location(p_location_id);

  if p_token ~ '^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    -- A member card: staff scan it at their counter.
    if private.app_role() is null then
      perform private.fail('403', 'Only staff can approve member cards');
    end if;
    v_location_id := coalesce(p_location_id, private.staff_location_id());
    if v_location_id is null then
      perform private.fail('400', 'Choose the location this visit is at');
    end if;
    if not private.is_staff_at(v_location_id) then
      perform private.fail('403', 'Only staff of this location can approve member cards');
    end if;
    v_customer_id := substr(p_token, 10)::uuid;
    v_via := case when private.is_admin() then 'admin' else 'staff' end;
  else
    select * into v_token
      from public.checkin_tokens t
     where t.token_hash = sha256(convert_to(p_token, 'UTF8'))
       for update;
    if not found then
      perform private.fail('404', 'Unknown check-in code');
    end if;
    if private.is_staff_at(v_token.location_id) then
      v_via := case when private.is_admin() then 'admin' else 'staff' end;
    elsif v_token.channel = 'kiosk' and v_token.issued_by_user_id = auth.uid() then
      if not private.demo_mode() and not exists (
        select 1 from public.kiosk_sessions k
         where k.id = v_token.kiosk_session_id and k.user_id = auth.uid()
           and k.location_id = v_token.location_id and k.enrolled_at is not null
      ) then
        perform private.fail('403', 'This kiosk is not enrolled to approve visits');
      end if;
      v_via := 'kiosk';
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
    v_location_id := v_token.location_id;
  end if;

  select * into v_customer from public.customers c where c.id = v_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  perform private.refuse_own_account(v_customer_id);
  perform private.check_visit_limits(v_customer_id, v_location_id);

  v_first_here := not exists (
    select 1 from public.visits v
     where v.customer_id = v_customer_id and v.location_id = v_location_id and v.status = 'approved');

  insert into public.visits (customer_id, location_id, points, checkin_token_id, approved_by, approved_via)
  values (v_customer_id, v_location_id, v_points, v_token.id, auth.uid(), v_via)
  returning id into v_visit_id;
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
     where (r.kind = 'welcome' and r.location_id = v_location_id and v_first_here)
        or (r.kind = 'tier' and t.min_points <= v_total)
    -- No conflict target: both "once" indexes arbitrate (see customer_rewards).
    on conflict do nothing
    returning id
  )
  select coalesce(array_agg(u.id), '{}') into v_unlocked_ids from unlocked u;

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

  perform private.note_velocity(v_customer_id);

  v_result := jsonb_build_object(
    'visitId', v_visit_id,
    'customer', jsonb_build_object('id', v_customer_id, 'name', v_customer.name),
    'locationId', v_location_id,
    'pointsEarned', v_points,
    'totalPoints', v_total,
    'unlockedRewards', v_unlocked,
    'redeemableRewards', case when v_via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards(v_customer_id, v_location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;

revoke execute on function private.redeemable_rewards(uuid, text), app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;
