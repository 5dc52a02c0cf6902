-- The counter's answer says when an approval paid the member the neighbour's bonus ("Bring a
-- neighbour"): app.approve_visit's referralBonus, the points it added to totalPoints (0 almost
-- always). Read from the ledger only when the total moved by more than the visit's points.

create or replace function app.approve_visit(p_token text, p_location_id text default null, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prior jsonb;
  v_approver record;
  v_visit record;
  v_seen text;
  v_bonus integer;
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

  select * into v_approver from private.authorize_visit_approval(p_token, p_location_id);
  -- A clerk scanning the member's card or phone saw them here (proof for redeeming, 2 minutes);
  -- a kiosk's own code was typed in by phone number, so it proves nothing.
  v_seen := case when private.app_role() is null or v_approver.found_by_search then null
                 when (v_approver.token).id is null then 'card'
                 when (v_approver.token).location_id is null then 'phone' end;
  if v_seen is not null then
    perform private.note_sighting((v_approver.customer).id, v_approver.location_id, v_seen);
  end if;
  select * into v_visit
    from private.apply_visit_approval((v_approver.customer).id, v_approver.location_id, v_approver.via,
                                   (v_approver.token).id, v_approver.found_by_search, p_idempotency_key);
  -- The customer's total before (read under the row lock) plus the visit's points is the total
  -- after, unless the neighbour's bonus was paid too: only then is the ledger read, for its points.
  v_bonus := v_visit.total_points - (v_approver.customer).total_points - v_visit.points;
  if v_bonus <> 0 then
    select coalesce(sum(e.points), 0)::integer into v_bonus from public.points_ledger e
     where e.customer_id = (v_approver.customer).id and e.visit_id = v_visit.visit_id and e.event = 'referral_bonus';
  end if;

  v_result := jsonb_build_object(
    'visitId', v_visit.visit_id,
    -- After a search the member's id (their card's value) stays unsaid.
    'customer', case when v_approver.found_by_search then jsonb_build_object('name', (v_approver.customer).name)
                     else jsonb_build_object('id', (v_approver.customer).id, 'name', (v_approver.customer).name) end,
    'foundBySearch', v_approver.found_by_search,
    -- This counter scanned the member's card or phone: their rewards redeem here for 2 minutes.
    'memberSeen', v_seen is not null,
    'locationId', v_approver.location_id,
    'pointsEarned', v_visit.points,
    'totalPoints', v_visit.total_points,
    'referralBonus', v_bonus,
    'unlockedRewards', v_visit.unlocked_rewards,
    'redeemableRewards', case when v_approver.via = 'kiosk' then '[]'::jsonb
                              else private.redeemable_rewards((v_approver.customer).id, v_approver.location_id) end);
  return private.idempotency_finish(p_idempotency_key, v_result);
end;
$$;
revoke execute on function app.approve_visit(text, text, text) from public;
grant execute on function app.approve_visit(text, text, text) to authenticated;
