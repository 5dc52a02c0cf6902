-- The sections of the trust work meet: the admin's customer detail shows both the consent steps
-- and who served with which proof; a text may be a consent request or a redemption notice.

alter table private.texts drop constraint texts_kind_check;
alter table private.texts add constraint texts_kind_check check (kind in ('welcome', 'reward_ready', 'tier_reached', 'phone_changed', 'campaign',
                                     'consent_request', 'reward_redeemed'));

-- One customer's whole record for the detail view: contact details and consents, visits
-- (voided ones too, marked), rewards, redemptions and the ledger, newest first.
create or replace function app.admin_customer(p_customer_id uuid)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  c public.customers;
begin
  perform private.require_admin('Only admins can read customers');
  select * into c from public.customers x where x.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  return jsonb_build_object(
    'customer', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', right(c.phone, 10), 'email', c.email,
      'totalPoints', c.total_points, 'status', private.tier_for(c.total_points) ->> 'name',
      'lastVisit', c.last_visit_at, 'totalVisits', c.visit_count, 'createdAt', c.created_at,
      'smsConsent', c.sms_consent, 'smsConsentPending', c.sms_consent_pending, 'emailConsent', c.email_consent,
      'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'signedIn', c.user_id is not null,
      'suspendedAt', c.suspended_at, 'suspensionReason', c.suspension_reason, 'forgottenAt', c.forgotten_at),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'approvedVia', v.approved_via, 'approvedBy', private.person_label(v.approved_by),
               'foundBySearch', v.found_by_search, 'status', v.status, 'createdAt', v.created_at,
               'voidedAt', v.voided_at, 'voidReason', v.void_reason)
             order by v.created_at desc, v.id), '[]'::jsonb)
        from (select * from public.visits x where x.customer_id = c.id order by x.created_at desc, x.id limit 500) v
        join public.locations l on l.id = v.location_id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'name', coalesce(r.name, 'Removed reward'),
               'kind', r.kind, 'scope', r.scope, 'locationId', coalesce(r.location_id, cr.welcome_location_id),
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id),
    'redemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', coalesce(r.name, 'Removed reward'),
               'locationId', cr.redeemed_location_id, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at, 'redeemedBy', private.person_label(cr.redeemed_by),
               'proof', cr.redeemed_proof)
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = c.id and cr.redeemed_at is not null),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'wording', k.wording, 'scope', k.scope,
               'signupChannel', k.signup_channel, 'createdAt', k.created_at,
               'granted', k.granted, 'source', k.source, 'pending', k.pending)
             order by k.created_at desc, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'actorRole', e.actor_role, 'actor', private.person_label(e.actor_user_id),
               'reason', e.reason, 'createdAt', e.created_at)
             order by e.id desc), '[]'::jsonb)
        from (select * from public.points_ledger x where x.customer_id = c.id order by x.id desc limit 500) e));
end;
$$;
revoke execute on function app.admin_customer(uuid) from public;
grant execute on function app.admin_customer(uuid) to authenticated;

