-- Issue 31 §3: the dashboard's days follow the operator's time zone too. private.programme_day
-- reads private.programme_time_zone() (it said America/Chicago), and a change of zone rebuilds
-- the rollups kept by programme day (app.admin_update_text_settings).
create or replace function private.programme_day(p_at timestamptz)
returns date
language sql stable
set search_path = ''
as $$
  select (p_at at time zone private.programme_time_zone())::date
$$;

create or replace function app.admin_update_text_settings(p_values jsonb)
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
  -- The dashboard's rollups are kept by programme day: a new zone re-buckets them from the visits.
  if v_after ->> 'timeZone' is distinct from v_before ->> 'timeZone' then
    perform private.rebuild_daily_rollup();
  end if;
  return private.text_settings_response();
end;
$$;

