-- Issue 31 §3 and issue 30 §7's campaign leftover: what the operator still needed a developer for.
-- * The texts' settings are the operator's (app.admin_text_settings / admin_update_text_settings):
--   the programme's time zone (private.programme_time_zone reads private.settings.time_zone now),
--   quiet hours, the weekly cap, the site address and the price of one SMS part. A held text
--   follows the quiet hours as they are at each drain (app.texts_claim).
-- * A business owner's campaign texts start with the business's name (private.campaign_body); a
--   campaign says when its held texts go out (heldUntil, timeZone); the preview gives the price of
--   one SMS part and, for an owner, withholds a count of 1 or 2 ("fewer than 3") and says the offer
--   cannot go (tooFew). An owner's campaign reaching fewer than 3 is refused (422) or, scheduled,
--   cancelled when due; owners' campaign figures about 1 or 2 members are withheld.
alter table private.settings
  add column time_zone text not null default 'America/Chicago' check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'),
  add column sms_part_price_cents numeric(5, 2) not null default 0.83 check (sms_part_price_cents between 0 and 100);

create or replace function private.programme_time_zone()
returns text
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select s.time_zone from private.settings s where s.id), 'America/Chicago');
end;
$$;

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
          -- A campaign's text is the one its preview showed (private.campaign_body).
          coalesce((select c.body from private.text_campaigns c where c.id = p_campaign_id),
                   private.programme_name() || ': ' || p_text
                     || case when p_kind = 'phone_changed' then '' else ' Reply STOP to opt out.' end),
          case when v_release > p_now then 'held' else 'queued' end,
          v_release, p_event_key, p_campaign_id, p_now, p_now)
  on conflict (event_key) do nothing
  returning id into v_id;
  return v_id;
end;
$$;

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
     where (t.status = 'queued' and t.next_attempt_at <= p_now)
        or (t.status = 'held' and t.next_attempt_at is distinct from v_release);
    return '[]'::jsonb;
  end if;

  with due as (
    select t.id from private.texts t
     where ((t.status = 'queued' and t.next_attempt_at <= p_now) or t.status = 'held') and t.phone is not null
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

create function private.campaign_body(p_message text, p_location_id text, p_owner boolean)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select l.business_name || ' (' || private.programme_name() || ')'
                     from public.locations l where p_owner and l.id = p_location_id),
                  private.programme_name())
         || ': ' || p_message || ' Reply STOP to opt out.'
$$;
revoke execute on function private.campaign_body(text, text, boolean) from public;

create function private.campaign_min_members()
returns integer
language sql immutable
set search_path = ''
as $$
  select 3
$$;
revoke execute on function private.campaign_min_members() from public;

create or replace function private.campaign_json(p_campaign private.text_campaigns)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_campaign.id,
    'status', p_campaign.status,
    'message', p_campaign.message,
    'body', p_campaign.body,
    'locationId', p_campaign.location_id,
    'segment', jsonb_build_object(
      'locationId', p_campaign.segment_location_id,
      'tier', p_campaign.segment_tier,
      'lastVisitBefore', p_campaign.segment_last_visit_before,
      'lastVisitAfter', p_campaign.segment_last_visit_after,
      'joinedSince', p_campaign.segment_joined_since),
    'sendAt', p_campaign.send_at,
    'createdAt', p_campaign.created_at,
    'startedAt', p_campaign.started_at,
    'cancelledAt', p_campaign.cancelled_at,
    'recipients', p_campaign.recipients,
    'timeZone', private.programme_time_zone(),
    -- When the texts held for quiet hours go out (null: none is held).
    'heldUntil', (select min(t.next_attempt_at) from private.texts t
                   where t.campaign_id = p_campaign.id and t.status = 'held'),
    'figures', (
      select jsonb_build_object(
        'queued', count(*) filter (where t.status in ('queued', 'held', 'sending')),
        'sent', count(*) filter (where t.status in ('sent', 'delivered')),
        'delivered', count(*) filter (where t.status = 'delivered'),
        'failed', count(*) filter (where t.status = 'failed'),
        'optedOut', count(*) filter (where t.status = 'cancelled' and t.error = 'opted_out'))
        from private.texts t where t.campaign_id = p_campaign.id))
$$;

create function private.campaign_view(p_campaign private.text_campaigns)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_json jsonb := private.campaign_json(p_campaign);
  v_key text;
  v_few boolean;
begin
  if private.is_admin() then
    return v_json;
  end if;
  v_few := p_campaign.recipients is not null and private.withheld_if_few(p_campaign.recipients) is null;
  v_json := jsonb_set(v_json, '{recipients}', coalesce(to_jsonb(private.withheld_if_few(p_campaign.recipients)), 'null'::jsonb));
  for v_key in select jsonb_object_keys(v_json -> 'figures') loop
    v_json := jsonb_set(v_json, array['figures', v_key],
                        case when v_few then 'null'::jsonb
                             else coalesce(to_jsonb(private.withheld_if_few((v_json -> 'figures' ->> v_key)::bigint)), 'null'::jsonb) end);
  end loop;
  return v_json;
end;
$$;
revoke execute on function private.campaign_view(private.text_campaigns) from public;

create or replace function private.start_campaign(p_campaign_id uuid, p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaign private.text_campaigns;
  v_count integer := 0;
  v_member uuid;
begin
  select * into v_campaign from private.text_campaigns t where t.id = p_campaign_id for update;
  if v_campaign.status <> 'scheduled' then
    return 0;
  end if;
  -- One campaign at a time queues, so two campaigns started together keep the weekly cap.
  perform pg_advisory_xact_lock(hashtext('private.start_campaign'));
  -- A business owner's scheduled campaign that would now reach fewer than 3 members is cancelled
  -- (issue 30 §7; app.create_campaign refuses one at once).
  if v_campaign.created_by_role = 'owner'
     and (select count(*) from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                                        v_campaign.segment_last_visit_before,
                                                        v_campaign.segment_last_visit_after,
                                                        v_campaign.segment_joined_since, p_now))
         < private.campaign_min_members() then
    update private.text_campaigns t set status = 'cancelled', cancelled_at = p_now where t.id = p_campaign_id;
    return 0;
  end if;
  for v_member in
    select m from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                           v_campaign.segment_last_visit_before,
                                           v_campaign.segment_last_visit_after,
                                           v_campaign.segment_joined_since, p_now) m
  loop
    if private.queue_text(v_member, 'campaign', v_campaign.message,
                          'campaign:' || v_campaign.id || ':' || v_member, v_campaign.id, p_now) is not null then
      v_count := v_count + 1;
    end if;
  end loop;
  update private.text_campaigns t
     set status = 'started', started_at = p_now, recipients = v_count
   where t.id = p_campaign_id;
  return v_count;
end;
$$;

create or replace function private.start_due_campaigns(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_started integer := 0;
begin
  for v_id in
    select t.id from private.text_campaigns t
     where t.status = 'scheduled' and t.send_at <= p_now
     order by t.send_at
     for update skip locked
  loop
    perform private.start_campaign(v_id, p_now);
    perform private.audit(case when (select t.status from private.text_campaigns t where t.id = v_id) = 'cancelled'
                               then 'campaign.cancel' else 'campaign.start' end,
                          'campaign', v_id::text, null,
                          (select private.campaign_json(t) from private.text_campaigns t where t.id = v_id),
                          case when (select t.status from private.text_campaigns t where t.id = v_id) = 'cancelled'
                               then 'It would reach fewer than 3 members' end,
                          (select t.location_id from private.text_campaigns t where t.id = v_id), 'system');
    v_started := v_started + 1;
  end loop;
  return v_started;
end;
$$;

create or replace function app.campaign_preview(
  p_message text, p_location_id text default null, p_tier text default null,
  p_last_visit_before date default null, p_last_visit_after date default null,
  p_joined_since date default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_scope text := private.campaign_scope(p_location_id);
  v_count bigint;
begin
  select count(*) into v_count
    from private.campaign_members(v_scope, p_tier, p_last_visit_before, p_last_visit_after, p_joined_since, now());
  return jsonb_build_object(
    'recipients', private.withheld_if_few(v_count),
    'body', private.campaign_body(private.campaign_text(p_message), v_scope, not private.is_admin()),
    'partPriceCents', (select s.sms_part_price_cents from private.settings s where s.id),
    'tooFew', not private.is_admin() and v_count < private.campaign_min_members());
end;
$$;

create or replace function app.create_campaign(
  p_message text, p_location_id text default null, p_tier text default null,
  p_last_visit_before date default null, p_last_visit_after date default null,
  p_joined_since date default null, p_send_at timestamptz default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_scope text := private.campaign_scope(p_location_id);
  v_message text := private.campaign_text(p_message);
  v_limit integer;
  v_row private.text_campaigns;
begin
  if p_tier is not null and not exists (select 1 from public.tiers t where t.name = p_tier) then
    perform private.fail('400', 'Unknown tier');
  end if;
  if p_send_at is not null and p_send_at > now() + interval '90 days' then
    perform private.fail('400', 'Schedule a campaign at most 90 days ahead');
  end if;
  if not private.is_admin()
     and (select count(*) from private.campaign_members(v_scope, p_tier, p_last_visit_before, p_last_visit_after,
                                                        p_joined_since, now())) < private.campaign_min_members() then
    perform private.fail('422', 'This offer would reach fewer than 3 members. A business''s offer goes to at least 3, '
                                || 'so no one is singled out: choose more members.');
  end if;
  select s.campaigns_per_hour into v_limit from private.settings s;
  if v_limit > 0 then
    perform pg_advisory_xact_lock(hashtext('campaigns:' || coalesce(auth.uid()::text, '')));
    if (select count(*) from private.text_campaigns t
         where t.created_by is not distinct from auth.uid() and t.created_at > now() - interval '1 hour') >= v_limit then
      perform private.fail('429', 'Too many campaigns in the last hour; try again later');
    end if;
  end if;
  insert into private.text_campaigns (created_by, created_by_role, location_id, segment_location_id,
                                      segment_tier, segment_last_visit_before, segment_last_visit_after,
                                      segment_joined_since, message, body, send_at)
  values (auth.uid(), case when private.is_admin() then 'admin' else 'owner' end, v_scope, v_scope,
          p_tier, p_last_visit_before, p_last_visit_after, p_joined_since, v_message,
          private.campaign_body(v_message, v_scope, not private.is_admin()),
          greatest(coalesce(p_send_at, now()), now()))
  returning * into v_row;
  if v_row.send_at <= now() then
    perform private.start_campaign(v_row.id, now());
    select * into v_row from private.text_campaigns t where t.id = v_row.id;
  end if;
  perform private.audit(case when v_row.status = 'started' then 'campaign.send' else 'campaign.schedule' end,
                        'campaign', v_row.id::text, null, private.campaign_json(v_row), null, v_row.location_id,
                        case when private.is_admin() then null else 'owner' end);
  return jsonb_build_object('campaign', private.campaign_view(v_row));
end;
$$;

create or replace function app.cancel_campaign(p_campaign_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.text_campaigns;
  v_before jsonb;
begin
  perform private.campaign_scope(null);
  select * into v_row from private.text_campaigns t where t.id = p_campaign_id for update;
  -- An owner cancels only their business's owner campaigns, never an admin's (even one aimed at it).
  if v_row.id is null or not (private.is_admin()
                              or (v_row.created_by_role = 'owner' and v_row.location_id = private.owner_location_id())) then
    perform private.fail('404', 'Campaign not found');
  end if;
  if v_row.status <> 'scheduled' then
    perform private.fail('409', 'This campaign has already ' || case when v_row.status = 'started' then 'started' else 'been cancelled' end);
  end if;
  v_before := private.campaign_json(v_row);
  update private.text_campaigns t set status = 'cancelled', cancelled_at = now()
   where t.id = p_campaign_id returning * into v_row;
  perform private.audit('campaign.cancel', 'campaign', v_row.id::text, v_before, private.campaign_json(v_row),
                        null, v_row.location_id, case when private.is_admin() then null else 'owner' end);
  return jsonb_build_object('campaign', private.campaign_view(v_row));
end;
$$;

create or replace function app.campaigns(p_limit integer default 50)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_owner text;
begin
  perform private.campaign_scope(null);
  v_owner := case when private.is_admin() then null else private.owner_location_id() end;
  return jsonb_build_object('campaigns', coalesce((
    select jsonb_agg(private.campaign_view(t) order by t.created_at desc)
      from (select * from private.text_campaigns t
             where v_owner is null or (t.location_id = v_owner and t.created_by_role = 'owner')
             order by t.created_at desc
             limit greatest(least(coalesce(p_limit, 50), 200), 1)) t), '[]'::jsonb));
end;
$$;

create function private.text_settings_json()
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'timeZone', s.time_zone,
    'quietStart', left(s.texts_quiet_start::text, 5),
    'quietEnd', left(s.texts_quiet_end::text, 5),
    'marketingTextsPerWeek', s.marketing_texts_per_week,
    'siteUrl', s.texts_site_url,
    'smsPartPriceCents', s.sms_part_price_cents)
    from private.settings s where s.id
$$;
revoke execute on function private.text_settings_json() from public;

create function private.text_settings_response()
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'values', private.text_settings_json(),
    'now', now(),
    'localTime', to_char(now() at time zone private.programme_time_zone(), 'FMHH12:MI AM'),
    'quietNow', private.text_release_at(now()) > now(),
    'quietUntil', case when private.text_release_at(now()) > now() then private.text_release_at(now()) end)
$$;
revoke execute on function private.text_settings_response() from public;

create function app.admin_text_settings()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the text settings');
  return private.text_settings_response();
end;
$$;
revoke execute on function app.admin_text_settings() from public;
grant execute on function app.admin_text_settings() to authenticated;

create function app.admin_update_text_settings(p_values jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
  v_key text;
  v_value jsonb;
begin
  perform private.require_admin('Only admins can change the text settings');
  if p_values is null or jsonb_typeof(p_values) <> 'object' or p_values = '{}'::jsonb then
    perform private.fail('400', 'Send at least one setting to change');
  end if;
  for v_key in select jsonb_object_keys(p_values) loop
    v_value := p_values -> v_key;
    if v_key = 'timeZone' then
      if jsonb_typeof(v_value) <> 'string'
         or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = v_value #>> '{}')
         or (v_value #>> '{}') !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$' then
        perform private.fail('400', 'Choose a time zone from the list, such as America/Chicago');
      end if;
    elsif v_key in ('quietStart', 'quietEnd') then
      if jsonb_typeof(v_value) <> 'string' or (v_value #>> '{}') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
        perform private.fail('400', format('The quiet hours %s is a time such as 21:00',
                                           case when v_key = 'quietStart' then 'start' else 'end' end));
      end if;
    elsif v_key = 'marketingTextsPerWeek' then
      if jsonb_typeof(v_value) <> 'number' or (v_value #>> '{}')::numeric <> trunc((v_value #>> '{}')::numeric)
         or (v_value #>> '{}')::numeric not between 0 and 14 then
        perform private.fail('400', 'Offers per member per week is a whole number from 0 to 14');
      end if;
    elsif v_key = 'siteUrl' then
      if jsonb_typeof(v_value) <> 'string'
         or (v_value #>> '{}') !~ '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$'
         or length(v_value #>> '{}') > 200 then
        perform private.fail('400', 'The site address is a web address such as https://rewards.example.org');
      end if;
    elsif v_key = 'smsPartPriceCents' then
      if jsonb_typeof(v_value) <> 'number' or (v_value #>> '{}')::numeric not between 0 and 100
         or (v_value #>> '{}')::numeric <> round((v_value #>> '{}')::numeric, 2) then
        perform private.fail('400', 'The price of one SMS part is from 0 to 100 cents, to the hundredth of a cent');
      end if;
    else
      perform private.fail('400', format('Unknown setting: %s', v_key));
    end if;
  end loop;

  perform 1 from private.settings s where s.id for update;
  v_before := private.text_settings_json();
  update private.settings s set
    time_zone = coalesce(p_values ->> 'timeZone', s.time_zone),
    texts_quiet_start = coalesce((p_values ->> 'quietStart')::time, s.texts_quiet_start),
    texts_quiet_end = coalesce((p_values ->> 'quietEnd')::time, s.texts_quiet_end),
    marketing_texts_per_week = coalesce((p_values ->> 'marketingTextsPerWeek')::integer, s.marketing_texts_per_week),
    texts_site_url = coalesce(rtrim(p_values ->> 'siteUrl', '/'), s.texts_site_url),
    sms_part_price_cents = coalesce((p_values ->> 'smsPartPriceCents')::numeric, s.sms_part_price_cents)
   where s.id;
  v_after := private.text_settings_json();
  if v_after is distinct from v_before then
    perform private.audit('settings.update', 'settings', 'texts', v_before, v_after);
  end if;
  return private.text_settings_response();
end;
$$;
revoke execute on function app.admin_update_text_settings(jsonb) from public;
grant execute on function app.admin_update_text_settings(jsonb) to authenticated;

