-- "Download my data" says whether SMS consent is confirmed or still waits for the phone's YES
-- (double opt-in), and which step each consent row was.

-- "Download my data": everything stored about the member — their record, the phones they had
-- before, consents (with the wording), visits, the points ledger and rewards.
create or replace function app.my_data_export()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.customers;
begin
  if auth.uid() is null or private.is_anonymous() then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  select * into c from public.customers x where x.user_id = auth.uid();
  if not found then
    perform private.fail('404', 'No account found for this sign-in');
  end if;
  return jsonb_build_object(
    'exportedAt', now(),
    'programme', 'Village Rewards',
    'member', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
      'smsConsent', c.sms_consent, 'smsConsentPending', c.sms_consent_pending, 'emailConsent', c.email_consent,
      'totalPoints', c.total_points, 'tier', private.tier_for(c.total_points) ->> 'name',
      'visitCount', c.visit_count, 'lastVisitAt', c.last_visit_at,
      'joinedAt', c.created_at, 'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'suspendedAt', c.suspended_at),
    'formerPhones', (
      select coalesce(jsonb_agg(jsonb_build_object('phone', f.phone, 'replacedAt', f.replaced_at)
             order by f.replaced_at, f.phone), '[]'::jsonb)
        from private.customer_former_phones f where f.customer_id = c.id),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'granted', k.granted, 'pending', k.pending, 'source', k.source,
               'wording', k.wording, 'scope', k.scope, 'createdAt', k.created_at)
             order by k.created_at, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'status', v.status, 'createdAt', v.created_at, 'voidedAt', v.voided_at)
             order by v.created_at, v.id), '[]'::jsonb)
        from public.visits v join public.locations l on l.id = v.location_id
       where v.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'reason', e.reason, 'createdAt', e.created_at)
             order by e.id), '[]'::jsonb)
        from public.points_ledger e where e.customer_id = c.id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'name', coalesce(r.name, 'Removed reward'), 'status', cr.status,
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at, cr.id), '[]'::jsonb)
        from public.customer_rewards cr left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id));
end;
$$;
revoke execute on function app.my_data_export() from public;
grant execute on function app.my_data_export() to authenticated;
