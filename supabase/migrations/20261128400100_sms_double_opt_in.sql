-- Double opt-in for SMS consent: consent ticked on a form (the join pages, the kiosk) is pending
-- until the phone confirms it, by a reply YES to the one text that asks, or by signing in with a
-- code sent to it. Only confirmed consent (customers.sms_consent) receives any other text, counts
-- in campaign audiences and exports. The consent history keeps both steps (consents.pending).
-- Consents recorded before this change stay as they were.

alter table public.customers add column sms_consent_pending boolean not null default false;
alter table public.customers add constraint customers_sms_consent_pending_or_confirmed
  check (not (sms_consent and sms_consent_pending));

alter table public.consents drop constraint consents_source_check;
alter table public.consents add constraint consents_source_check
  check (source in ('signup', 'account', 'sms_reply', 'admin', 'sign_in'));
alter table public.consents add column pending boolean not null default false;
alter table public.consents add constraint consents_pending_is_granted check (not pending or granted);

alter table private.texts drop constraint texts_kind_check;
alter table private.texts add constraint texts_kind_check
  check (kind in ('welcome', 'reward_ready', 'tier_reached', 'phone_changed', 'campaign', 'consent_request'));

create function private.sign_in_confirmation_wording()
returns text
language sql immutable
set search_path = ''
as $$
  select 'Confirmed by signing in with a code sent to this phone'
$$;
revoke execute on function private.sign_in_confirmation_wording() from public;

create or replace function private.record_sms_consent(
  p_customer_id uuid, p_granted boolean, p_wording text, p_source text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_current boolean;
  v_pending boolean;
begin
  select c.sms_consent, c.sms_consent_pending into v_current, v_pending
    from public.customers c where c.id = p_customer_id for update;
  if not found then
    perform private.fail('404', 'Customer not found');
  end if;
  if (p_granted and v_current) or (not p_granted and not v_current and not v_pending) then
    return false;
  end if;
  update public.customers c set sms_consent = p_granted, sms_consent_pending = false where c.id = p_customer_id;
  -- clock_timestamp: a confirmation in the transaction that recorded the form's consent still
  -- comes after it in the history.
  insert into public.consents (customer_id, channel, wording, scope, granted, source, created_at)
  values (p_customer_id, 'sms',
          coalesce(nullif(btrim(coalesce(p_wording, '')), ''), private.default_sms_consent_wording()),
          private.consent_scope(), p_granted, p_source, clock_timestamp());
  return true;
end;
$$;
revoke execute on function private.record_sms_consent(uuid, boolean, text, text) from public;

create function private.confirm_sms_consent_by_sign_in(p_customer_id uuid, p_phone text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.customers c
                  where c.id = p_customer_id and c.phone = p_phone and c.sms_consent_pending) then
    return false;
  end if;
  return private.record_sms_consent(p_customer_id, true, private.sign_in_confirmation_wording(), 'sign_in');
end;
$$;
revoke execute on function private.confirm_sms_consent_by_sign_in(uuid, text) from public;

create or replace function private.create_customer(
  p_name text, p_phone text, p_email text, p_sms_consent boolean, p_email_consent boolean,
  p_location_id text, p_channel text, p_sms_consent_wording text
)
returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := app.normalize_phone(p_phone);
  v_name text := private.clean_name(p_name);
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_user_id uuid;
  v_row public.customers;
begin
  perform private.require_location(p_location_id);
  if v_email is not null and not private.is_email(v_email) then
    perform private.fail('400', 'Enter a valid email address');
  end if;
  if auth.uid() is not null and not private.is_anonymous()
     and private.jwt_phone() = v_phone and private.phone_proven_by_code()
     and not exists (select 1 from public.customers c where c.user_id = auth.uid()) then
    v_user_id := auth.uid();
  end if;

  -- Consent ticked on the form is pending until the phone confirms it, unless this session was
  -- itself proven by a code sent to the phone (then both steps are recorded now).
  insert into public.customers (user_id, name, phone, email, sms_consent, sms_consent_pending, email_consent,
                                signup_location_id, signup_channel)
  values (v_user_id, v_name, v_phone, v_email,
          coalesce(p_sms_consent, false) and v_user_id is not null,
          coalesce(p_sms_consent, false) and v_user_id is null,
          coalesce(p_email_consent, false), p_location_id, p_channel)
  -- No conflict target: every unique index arbitrates. A member signing up on two connections
  -- at once races on user_id as well as phone, and a conflict on a non-arbiter index would
  -- escape as a unique violation (a 500) instead of this 409.
  on conflict do nothing
  returning * into v_row;
  if v_row.id is null then
    perform private.fail('409', 'An account already exists with this phone number');
  end if;

  if coalesce(p_sms_consent, false) then
    insert into public.consents (customer_id, channel, wording, scope, signup_channel, pending)
    values (v_row.id, 'sms',
            coalesce(nullif(btrim(coalesce(p_sms_consent_wording, '')), ''), private.default_sms_consent_wording()),
            private.consent_scope(), p_channel, true);
    if v_user_id is not null then
      insert into public.consents (customer_id, channel, wording, scope, source, created_at)
      values (v_row.id, 'sms', private.sign_in_confirmation_wording(), private.consent_scope(), 'sign_in',
              clock_timestamp());
    end if;
  end if;
  return v_row;
end;
$$;
revoke execute on function private.create_customer(text, text, text, boolean, boolean, text, text, text) from public;

create function private.customers_forgotten_not_pending()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sms_consent_pending := false;
  return new;
end;
$$;
revoke execute on function private.customers_forgotten_not_pending() from public;

create trigger customers_forgotten_not_pending
  before update on public.customers
  for each row when (new.forgotten_at is not null and new.sms_consent_pending)
  execute function private.customers_forgotten_not_pending();

create or replace function app.link_customer_to_user()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.jwt_phone();
  v_id uuid;
begin
  if auth.uid() is null or private.is_anonymous() or v_phone is null then
    perform private.fail('401', 'Sign in with your phone first');
  end if;
  if not private.phone_proven_by_code() then
    perform private.fail('403', 'Sign in with a code sent to your phone to use your account');
  end if;
  select c.id into v_id from public.customers c where c.user_id = auth.uid();
  if not found then
    update public.customers c
       set user_id = auth.uid()
     where c.phone = v_phone
    returning c.id into v_id;
    if v_id is null then
      perform private.fail('404', 'No account found with this phone number');
    end if;
  end if;
  -- The code that proved this session went to the phone: it confirms a consent given on a form.
  perform private.confirm_sms_consent_by_sign_in(v_id, v_phone);
  return v_id;
end;
$$;
revoke execute on function app.link_customer_to_user() from public;
grant execute on function app.link_customer_to_user() to authenticated;

create or replace function private.queue_text(
  p_customer_id uuid, p_kind text, p_text text, p_event_key text,
  p_campaign_id uuid default null, p_now timestamptz default now(), p_phone text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_phone text;
  v_cap integer;
  v_release timestamptz;
  v_id bigint;
begin
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if not found or (to_jsonb(v_customer) ->> 'forgotten_at') is not null then
    return null;
  end if;
  v_phone := coalesce(p_phone, v_customer.phone);
  if v_phone is null then
    return null;
  end if;
  if (case p_kind when 'phone_changed' then false
                  when 'consent_request' then not v_customer.sms_consent_pending
                  else not v_customer.sms_consent end) then
    return null;
  end if;
  if p_kind = 'campaign' then
    select s.marketing_texts_per_week into v_cap from private.settings s;
    if v_cap > 0 and private.marketing_texts_this_week(p_customer_id, p_now) >= v_cap then
      return null;
    end if;
  end if;
  v_release := private.text_release_at(p_now);
  insert into private.texts (customer_id, phone, kind, body, status, next_attempt_at, event_key,
                             campaign_id, created_at, updated_at)
  values (p_customer_id, v_phone, p_kind,
          private.programme_name() || ': ' || p_text
            || case when p_kind = 'phone_changed' then '' else ' Reply STOP to opt out.' end,
          case when v_release > p_now then 'held' else 'queued' end,
          v_release, p_event_key, p_campaign_id, p_now, p_now)
  on conflict (event_key) do nothing
  returning id into v_id;
  return v_id;
end;
$$;
revoke execute on function private.queue_text(uuid, text, text, text, uuid, timestamptz, text) from public;

create function private.queue_welcome_text(p_customer_id uuid)
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.queue_text(p_customer_id, 'welcome',
    'Welcome! You are a member. Show your card at any participating business to earn points: '
      || private.site_url() || '/account',
    'welcome:' || p_customer_id)
$$;
revoke execute on function private.queue_welcome_text(uuid) from public;

create or replace function private.text_welcome()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.sms_consent then
    perform private.queue_welcome_text(new.id);
  elsif new.sms_consent_pending then
    perform private.queue_text(new.id, 'consent_request',
      'This number joined our village loyalty programme and asked for texts about rewards and offers. '
        || 'Reply YES to confirm. Msg & data rates may apply.',
      'consent_request:' || new.id);
  end if;
  return null;
end;
$$;
revoke execute on function private.text_welcome() from public;

create or replace function private.text_customer_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.sms_consent and not new.sms_consent then
    update private.texts t
       set status = 'cancelled', error = 'opted_out', updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
  end if;
  if old.sms_consent_pending and not new.sms_consent_pending then
    update private.texts t
       set status = 'cancelled', error = case when new.sms_consent then 'confirmed' else 'opted_out' end,
           updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind = 'consent_request';
    if new.sms_consent then
      perform private.queue_welcome_text(new.id);
    end if;
  end if;
  if new.phone is null then
    update private.texts t
       set status = case when t.status in ('queued', 'held') then 'cancelled' else t.status end,
           error = case when t.status in ('queued', 'held') then 'forgotten' else t.error end,
           phone = null, updated_at = now()
     where t.customer_id = new.id;
  elsif old.phone is not null and old.phone is distinct from new.phone then
    update private.texts t
       set phone = new.phone, updated_at = now()
     where t.customer_id = new.id and t.status in ('queued', 'held') and t.kind <> 'phone_changed';
    perform private.queue_text(new.id, 'phone_changed',
      'The phone number on your membership was changed to a number ending in ' || right(new.phone, 4)
        || '. If you did not do this, contact us: ' || private.site_url() || '/contact',
      'phone_changed:' || new.id || ':' || old.phone || ':' || new.phone || ':'
        || extract(epoch from clock_timestamp())::text,
      null, now(), old.phone);
  end if;
  return null;
end;
$$;
revoke execute on function private.text_customer_changed() from public;

drop trigger customers_text_changed on public.customers;
create trigger customers_text_changed
  after update of phone, sms_consent, sms_consent_pending on public.customers
  for each row
  when (old.phone is distinct from new.phone or old.sms_consent is distinct from new.sms_consent
        or old.sms_consent_pending is distinct from new.sms_consent_pending)
  execute function private.text_customer_changed();

create or replace function app.texts_claim(p_limit integer default 50, p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_release timestamptz := private.text_release_at(p_now);
  v_claimed jsonb;
begin
  perform private.start_due_campaigns(p_now);

  update private.texts t
     set status = 'queued', updated_at = p_now
   where t.status = 'sending' and t.updated_at < p_now - interval '10 minutes';

  update private.texts t
     set status = 'cancelled', error = 'opted_out', updated_at = p_now
    from public.customers c
   where c.id = t.customer_id and t.status in ('queued', 'held') and t.kind <> 'phone_changed'
     and case when t.kind = 'consent_request' then not c.sms_consent_pending else not c.sms_consent end;

  if v_release > p_now then
    update private.texts t
       set status = 'held', next_attempt_at = v_release, updated_at = p_now
     where t.status in ('queued', 'held') and t.next_attempt_at <= p_now;
    return '[]'::jsonb;
  end if;

  with due as (
    select t.id from private.texts t
     where t.status in ('queued', 'held') and t.next_attempt_at <= p_now and t.phone is not null
     order by t.next_attempt_at, t.id
     limit greatest(least(coalesce(p_limit, 50), 500), 1)
     for update skip locked
  ), claimed as (
    update private.texts t
       set status = 'sending', attempts = t.attempts + 1, updated_at = p_now
      from due
     where t.id = due.id
    returning t.id, t.phone, t.body
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'phone', c.phone, 'body', c.body) order by c.id), '[]'::jsonb)
    into v_claimed
    from claimed c;
  return v_claimed;
end;
$$;
revoke execute on function app.texts_claim(integer, timestamptz) from public;
grant execute on function app.texts_claim(integer, timestamptz) to service_role;

create or replace function private.my_details_json(p_row public.customers)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', p_row.name, 'phone', right(p_row.phone, 10), 'email', p_row.email,
    'smsConsent', p_row.sms_consent, 'smsConsentPending', p_row.sms_consent_pending,
    'suspended', p_row.suspended_at is not null,
    'smsConsentChangedAt', (select max(k.created_at) from public.consents k
                             where k.customer_id = p_row.id and k.channel = 'sms'))
$$;
revoke execute on function private.my_details_json(public.customers) from public;

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
               'approvedVia', v.approved_via, 'status', v.status, 'createdAt', v.created_at,
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
               'redeemedAt', cr.redeemed_at)
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
               'actorRole', e.actor_role, 'reason', e.reason, 'createdAt', e.created_at)
             order by e.id desc), '[]'::jsonb)
        from (select * from public.points_ledger x where x.customer_id = c.id order by x.id desc limit 500) e));
end;
$$;
revoke execute on function app.admin_customer(uuid) from public;
grant execute on function app.admin_customer(uuid) to authenticated;

-- The customers export says which consents wait for the phone's confirmation (a new last column).
drop function app.admin_export_customers(text, text, text, date, date);
create function app.admin_export_customers(p_search text default null, p_location_id text default null,
                                           p_range text default 'all', p_from date default null,
                                           p_to date default null)
returns table (
  id uuid, name text, phone text, email text, total_points integer, tier text, total_visits integer,
  last_visit_at timestamptz, joined_at timestamptz, signup_channel text, signup_location_id text,
  sms_consent boolean, email_consent boolean, sms_consent_wording text, sms_consent_scope text,
  sms_consent_given_at timestamptz, sms_consent_pending boolean)
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can export customers');
  perform private.require_location(p_location_id);
  return query
    select c.id, c.name, right(c.phone, 10), c.email, c.total_points, private.tier_for(c.total_points) ->> 'name',
           c.visit_count, c.last_visit_at, c.created_at, c.signup_channel, c.signup_location_id,
           c.sms_consent, c.email_consent, k.wording, k.scope, k.created_at, c.sms_consent_pending
      from public.customers c
      left join lateral (
        select x.wording, x.scope, x.created_at from public.consents x
         where x.customer_id = c.id and x.channel = 'sms'
         order by x.created_at desc, x.id limit 1) k on true
     where c.id in (select f.id from private.admin_customer_ids(p_search, p_location_id, p_range, p_from, p_to) f)
     order by c.created_at, c.id;
end;
$$;
revoke execute on function app.admin_export_customers(text, text, text, date, date) from public;
grant execute on function app.admin_export_customers(text, text, text, date, date) to authenticated;
