-- The operator changes the tiers, the limits and the public content in /admin
-- ("Programme" tab), without SQL. Each change is one app function: admin only, validated here
-- (the API's zod says the same first), and recorded by exactly one private.audit row with
-- before and after.
--
-- Tiers. A member's tier is never stored: it is read from public.tiers at read time
-- (private.tier_for, private.next_goal), so a new threshold moves members' tier, the account's
-- progress bar and the dashboard's tier filter at once. Tier REWARDS are rows of
-- customer_rewards, unlocked only by app.approve_visit (and adjustments), so a threshold change
-- never unlocks nor takes back a reward by itself: "applies to future unlocks" = a tier reward
-- unlocks at the member's next approved visit whose total reaches the new threshold; rewards
-- already unlocked stay.

-- The public content of the site (home, contact, privacy), one row per part, as jsonb whose shape
-- private.content_problem checks. Text may say {silver} and {gold}: the pages put the current
-- thresholds there. Rows come from seed.sql (the spec's copy); a missing row hides its section.
create table public.programme_content (
  key text primary key check (key in ('featured', 'testimonials', 'contact', 'privacy')),
  value jsonb not null,
  updated_at timestamptz not null default now()
);
alter table public.programme_content enable row level security;
revoke all on public.programme_content from anon, authenticated;
grant select on public.programme_content to anon, authenticated;
create policy "Anyone can read the public content"
  on public.programme_content for select to anon, authenticated
  using (true);

-- The settings as the API says them (intervals in whole minutes).
create function private.settings_json()
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'minVisitIntervalMinutes', round(extract(epoch from s.min_visit_interval) / 60)::integer,
    'minVisitGapAnywhereMinutes', round(extract(epoch from s.min_visit_gap_anywhere) / 60)::integer,
    'maxVisitsPerHour', s.max_visits_per_hour,
    'velocityFlagVisits', s.velocity_flag_visits,
    'signInCodesPerDay', s.sign_in_codes_per_day,
    'signInCodeMaxFailures', s.sign_in_code_max_failures)
    from private.settings s where s.id
$$;
revoke execute on function private.settings_json() from public;

-- Every setting with its meaning, unit, default and allowed range: the one list the admin screen
-- shows and app.admin_update_settings checks (0 turns a limit off).
create function private.settings_fields()
returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_array(
    jsonb_build_object('key', 'minVisitIntervalMinutes', 'label', 'Minutes between visits at one business',
      'meaning', 'A member must wait this long between two approved visits at the same business.',
      'unit', 'minutes', 'default', 60, 'min', 0, 'max', 1440),
    jsonb_build_object('key', 'minVisitGapAnywhereMinutes', 'label', 'Minutes between visits anywhere',
      'meaning', 'A member must wait this long between two approved visits anywhere in the village.',
      'unit', 'minutes', 'default', 1, 'min', 0, 'max', 1440),
    jsonb_build_object('key', 'maxVisitsPerHour', 'label', 'Visits per hour',
      'meaning', 'At most this many approved visits per member in any 60 minutes, across the village.',
      'unit', 'visits', 'default', 4, 'min', 0, 'max', 60),
    jsonb_build_object('key', 'velocityFlagVisits', 'label', 'Visits in one day that flag a member',
      'meaning', 'A member with this many approved visits in one day is flagged for review.',
      'unit', 'visits', 'default', 5, 'min', 0, 'max', 100),
    jsonb_build_object('key', 'signInCodesPerDay', 'label', 'Sign-in codes per phone per day',
      'meaning', 'At most this many sign-in codes are sent to one phone in any 24 hours.',
      'unit', 'codes', 'default', 5, 'min', 0, 'max', 50),
    jsonb_build_object('key', 'signInCodeMaxFailures', 'label', 'Wrong tries per sign-in code',
      'meaning', 'After this many wrong tries a phone''s current code stops working until a new one is sent.',
      'unit', 'tries', 'default', 5, 'min', 0, 'max', 20))
$$;
revoke execute on function private.settings_fields() from public;

-- GET /api/admin/settings: the values and what each means.
create function app.admin_settings()
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the programme settings');
  return jsonb_build_object('values', private.settings_json(), 'fields', private.settings_fields());
end;
$$;
revoke execute on function app.admin_settings() from public;
grant execute on function app.admin_settings() to authenticated;

-- PUT /api/admin/settings: changes the given settings (the others stay), in force for the next
-- request (nothing caches them). One 'settings.update' audit row when anything changed.
create function app.admin_update_settings(p_values jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
  v_field jsonb;
  v_key text;
  v_value jsonb;
begin
  perform private.require_admin('Only admins can change the programme settings');
  if p_values is null or jsonb_typeof(p_values) <> 'object' or p_values = '{}'::jsonb then
    perform private.fail('400', 'Send at least one setting to change');
  end if;
  for v_key in select jsonb_object_keys(p_values) loop
    select f into v_field from jsonb_array_elements(private.settings_fields()) f where f ->> 'key' = v_key;
    if v_field is null then
      perform private.fail('400', format('Unknown setting: %s', v_key));
    end if;
    v_value := p_values -> v_key;
    if jsonb_typeof(v_value) <> 'number' or (v_value #>> '{}')::numeric <> trunc((v_value #>> '{}')::numeric)
       or (v_value #>> '{}')::numeric not between (v_field ->> 'min')::numeric and (v_field ->> 'max')::numeric then
      perform private.fail('400', format('%s is a whole number from %s to %s', v_field ->> 'label',
                                         v_field ->> 'min', v_field ->> 'max'));
    end if;
  end loop;

  perform 1 from private.settings s where s.id for update;
  v_before := private.settings_json();
  update private.settings s set
    min_visit_interval = coalesce(make_interval(mins => (p_values ->> 'minVisitIntervalMinutes')::integer), s.min_visit_interval),
    min_visit_gap_anywhere = coalesce(make_interval(mins => (p_values ->> 'minVisitGapAnywhereMinutes')::integer), s.min_visit_gap_anywhere),
    max_visits_per_hour = coalesce((p_values ->> 'maxVisitsPerHour')::integer, s.max_visits_per_hour),
    velocity_flag_visits = coalesce((p_values ->> 'velocityFlagVisits')::integer, s.velocity_flag_visits),
    sign_in_codes_per_day = coalesce((p_values ->> 'signInCodesPerDay')::integer, s.sign_in_codes_per_day),
    sign_in_code_max_failures = coalesce((p_values ->> 'signInCodeMaxFailures')::integer, s.sign_in_code_max_failures)
   where s.id;
  v_after := private.settings_json();
  if v_after is distinct from v_before then
    perform private.audit('settings.update', 'settings', 'programme', v_before, v_after);
  end if;
  return jsonb_build_object('values', v_after, 'fields', private.settings_fields());
end;
$$;
revoke execute on function app.admin_update_settings(jsonb) from public;
grant execute on function app.admin_update_settings(jsonb) to authenticated;

-- The texts' settings, changed in /admin without SQL: the programme's time zone, the
-- quiet hours (in that zone), the weekly cap of marketing texts, the address links in texts point
-- to, and what one SMS part costs (a campaign's cost estimate). The outbox (48_texts.sql) reads
-- them at every queue and every drain, so a change is in force at once.
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

-- The settings and the clock they are read against: now in the programme's zone, and whether
-- it is quiet hours now (then texts wait until quietUntil).
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

-- GET /api/admin/text-settings.
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

-- PUT /api/admin/text-settings: changes the given text settings (the others stay); the API's zod
-- checks the same first. One 'settings.update' audit row (target 'texts') when anything changed.
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
  -- The dashboard's rollups are kept by programme day: a new zone re-buckets them from the visits.
  if v_after ->> 'timeZone' is distinct from v_before ->> 'timeZone' then
    perform private.rebuild_daily_rollup();
  end if;
  return private.text_settings_response();
end;
$$;
revoke execute on function app.admin_update_text_settings(jsonb) from public;
grant execute on function app.admin_update_text_settings(jsonb) to authenticated;

-- The tiers with their rewards, lowest first (GET /api/programme, the admin screen).
create function private.tiers_json()
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'name', t.name, 'minPoints', t.min_points, 'goalLabel', t.goal_label,
           'rewardValueCents', t.reward_value_cents,
           'reward', (select jsonb_build_object('id', r.id, 'name', r.name, 'description', r.description)
                        from public.rewards r where r.kind = 'tier' and r.tier = t.name
                       order by r.created_at desc limit 1))
         order by t.min_points), '[]'::jsonb)
    from public.tiers t
$$;
revoke execute on function private.tiers_json() from public;
grant execute on function private.tiers_json() to anon, authenticated;

-- The highest threshold an operator may set (a member earns 5 points a visit).
create function private.max_tier_points()
returns integer
language sql immutable
set search_path = ''
as $$
  select 1000
$$;
revoke execute on function private.max_tier_points() from public;
grant execute on function private.max_tier_points() to anon, authenticated;

-- A threshold that visits' points cannot reach (Silver = 12 with 5 points a visit)
-- is refused with the nearest thresholds that can (contract: unreachableThreshold, same words).
create function private.check_reachable(p_name text, p_points integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  v_step integer := private.points_per_visit();
  v_below integer := (p_points / v_step) * v_step;
begin
  if p_points % v_step <> 0 then
    perform private.fail('400', format('%s at %s points cannot be reached with %s points a visit: choose %s',
      p_name, p_points, v_step,
      case when v_below > 0 then format('%s or %s', v_below, v_below + v_step) else (v_step)::text end));
  end if;
end;
$$;
revoke execute on function private.check_reachable(text, integer) from public;
grant execute on function private.check_reachable(text, integer) to authenticated;

-- Bronze 0 < Silver < Gold <= the highest threshold.
create function private.check_thresholds(p_silver integer, p_gold integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_silver is null or p_gold is null then
    perform private.fail('400', 'Give the Silver and Gold thresholds');
  end if;
  if p_silver < 1 or p_silver > private.max_tier_points() - 1 then
    perform private.fail('400', format('Silver needs from 1 to %s points', private.max_tier_points() - 1));
  end if;
  if p_gold <= p_silver then
    perform private.fail('400', 'Gold needs more points than Silver');
  end if;
  if p_gold > private.max_tier_points() then
    perform private.fail('400', format('Gold needs at most %s points', private.max_tier_points()));
  end if;
  -- A threshold the points a visit earns never land on cannot be reached exactly.
  perform private.check_reachable('Silver', p_silver);
  perform private.check_reachable('Gold', p_gold);
end;
$$;
revoke execute on function private.check_thresholds(integer, integer) from public;
grant execute on function private.check_thresholds(integer, integer) to authenticated;

-- How many members new thresholds would move (GET /api/admin/tiers/preview): per tier, how many
-- are there now and would be after; up and down count the members whose tier would change.
create function app.admin_tier_preview(p_silver integer, p_gold integer)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.require_admin('Only admins can change the tiers');
  perform private.check_thresholds(p_silver, p_gold);
  with members as (
    select private.tier_for(c.total_points) ->> 'name' as now_tier,
           case when c.total_points >= p_gold then 'Gold' when c.total_points >= p_silver then 'Silver'
                else 'Bronze' end as after_tier
      from public.customers c
  ), ranked as (
    select m.*, array_position(array['Bronze', 'Silver', 'Gold'], m.now_tier) as now_rank,
           array_position(array['Bronze', 'Silver', 'Gold'], m.after_tier) as after_rank
      from members m
  )
  select jsonb_build_object(
    'silver', p_silver, 'gold', p_gold,
    'members', count(*),
    'up', count(*) filter (where r.after_rank > r.now_rank),
    'down', count(*) filter (where r.after_rank < r.now_rank),
    'tiers', jsonb_build_array(
      jsonb_build_object('name', 'Bronze', 'now', count(*) filter (where r.now_tier = 'Bronze'),
                         'after', count(*) filter (where r.after_tier = 'Bronze')),
      jsonb_build_object('name', 'Silver', 'now', count(*) filter (where r.now_tier = 'Silver'),
                         'after', count(*) filter (where r.after_tier = 'Silver')),
      jsonb_build_object('name', 'Gold', 'now', count(*) filter (where r.now_tier = 'Gold'),
                         'after', count(*) filter (where r.after_tier = 'Gold'))))
    into v_result
    from ranked r;
  return v_result;
end;
$$;
revoke execute on function app.admin_tier_preview(integer, integer) from public;
grant execute on function app.admin_tier_preview(integer, integer) to authenticated;

-- PUT /api/admin/tiers: the Silver and Gold thresholds, goal labels, values and their rewards'
-- wording, in one change and one 'tier.update' audit row. p_tiers: {"Silver": {minPoints,
-- goalLabel, rewardValueCents, rewardName, rewardDescription}, "Gold": {...}}; both tiers, every
-- field. Rewards already unlocked stay; new thresholds apply from the next approved visit.
create function app.admin_update_tiers(p_tiers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
  v_silver integer;
  v_gold integer;
  v_tier text;
  v_item jsonb;
  v_old_gold integer;
begin
  perform private.require_admin('Only admins can change the tiers');
  if p_tiers is null or jsonb_typeof(p_tiers) <> 'object'
     or (select count(*) from jsonb_object_keys(p_tiers) k where k not in ('Silver', 'Gold')) > 0
     or not (p_tiers ? 'Silver' and p_tiers ? 'Gold') then
    perform private.fail('400', 'Send the Silver and Gold tiers');
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    if jsonb_typeof(v_item -> 'minPoints') <> 'number' or jsonb_typeof(v_item -> 'rewardValueCents') <> 'number' then
      perform private.fail('400', format('%s needs a whole number of points and a value in cents', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'goalLabel', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the goal label has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardName', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the reward name has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardDescription', ''))) not between 1 and 500 then
      perform private.fail('400', format('%s: the reward description has 1 to 500 characters', v_tier));
    end if;
    if (v_item ->> 'rewardValueCents')::numeric not between 0 and 100000
       or (v_item ->> 'rewardValueCents')::numeric <> trunc((v_item ->> 'rewardValueCents')::numeric) then
      perform private.fail('400', format('%s: the value is from $0 to $1,000, in whole cents', v_tier));
    end if;
    if (v_item ->> 'minPoints')::numeric <> trunc((v_item ->> 'minPoints')::numeric) then
      perform private.fail('400', format('%s needs a whole number of points', v_tier));
    end if;
  end loop;
  v_silver := (p_tiers #>> '{Silver,minPoints}')::numeric;
  v_gold := (p_tiers #>> '{Gold,minPoints}')::numeric;
  perform private.check_thresholds(v_silver, v_gold);

  perform 1 from public.tiers t for update;
  v_before := private.tiers_json();
  v_old_gold := (select t.min_points from public.tiers t where t.name = 'Gold');
  -- min_points is unique: move the tier whose new threshold would meet the other's old one last.
  if v_silver >= v_old_gold then
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
  else
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    update public.tiers t
       set goal_label = btrim(v_item ->> 'goalLabel'),
           reward_value_cents = (v_item ->> 'rewardValueCents')::integer
     where t.name = v_tier;
    -- The wording follows the threshold in the same change: "N points" in a tier
    -- reward's description says the tier's new threshold ("…reach Silver status (15 points)").
    update public.rewards r
       set name = btrim(v_item ->> 'rewardName'),
           description = regexp_replace(btrim(v_item ->> 'rewardDescription'), '\m\d+(\s+)points\M',
                                        (v_item ->> 'minPoints')::integer || '\1points', 'g')
     where r.kind = 'tier' and r.tier = v_tier;
  end loop;
  v_after := private.tiers_json();
  if v_after is distinct from v_before then
    perform private.audit('tier.update', 'tiers', 'Silver,Gold', v_before, v_after);
  end if;
  return v_after;
end;
$$;
revoke execute on function app.admin_update_tiers(jsonb) from public;
grant execute on function app.admin_update_tiers(jsonb) to authenticated;

-- What is wrong with a part of the public content, in words, or null (app.admin_update_content);
-- a hidden character inside a text is refused at once (LY400).
create function private.content_problem(p_key text, p_value jsonb)
returns text
language plpgsql stable
set search_path = ''
as $$
declare
  v_item jsonb;
  v_text text;
begin
  -- Every text of every part: nothing hidden inside (private.refuse_hidden_characters; the
  -- contract says which texts have lines, here any may).
  for v_text in select t #>> '{}' from jsonb_path_query(p_value, 'strict $.**') t where jsonb_typeof(t) = 'string' loop
    perform private.refuse_hidden_characters(v_text, 'The content', true);
  end loop;
  if p_key = 'featured' then
    if jsonb_typeof(p_value) <> 'object' or jsonb_typeof(p_value -> 'businesses') <> 'array'
       or jsonb_typeof(p_value -> 'tiers') <> 'array' then
      return 'Featured rewards are a list of businesses and a list of tiers';
    end if;
    if jsonb_array_length(p_value -> 'businesses') + jsonb_array_length(p_value -> 'tiers') > 6 then
      return 'Feature at most 6 rewards';
    end if;
    for v_text in select jsonb_array_elements_text(p_value -> 'businesses') loop
      if not exists (select 1 from public.locations l where l.id = v_text) then
        return format('Unknown business: %s', v_text);
      end if;
    end loop;
    for v_text in select jsonb_array_elements_text(p_value -> 'tiers') loop
      if v_text not in ('Silver', 'Gold') then
        return format('Only the Silver and Gold rewards can be featured, not %s', v_text);
      end if;
    end loop;
  elsif p_key = 'testimonials' then
    if jsonb_typeof(p_value) <> 'array' or jsonb_array_length(p_value) > 6 then
      return 'Testimonials are a list of at most 6';
    end if;
    for v_item in select jsonb_array_elements(p_value) loop
      if length(btrim(coalesce(v_item ->> 'quote', ''))) not between 1 and 300 then
        return 'Each testimonial has a quote of 1 to 300 characters';
      end if;
      if length(btrim(coalesce(v_item ->> 'who', ''))) not between 1 and 80 then
        return 'Each testimonial says who said it, in 1 to 80 characters';
      end if;
    end loop;
  elsif p_key = 'contact' then
    if jsonb_typeof(p_value) <> 'object' then
      return 'Contact details are an email, a phone, hours and a response time';
    end if;
    if coalesce(p_value ->> 'email', '') !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(p_value ->> 'email') > 120 then
      return 'Give a valid email address';
    end if;
    if length(btrim(coalesce(p_value ->> 'phone', ''))) not between 1 and 40 then
      return 'Give a phone number of 1 to 40 characters';
    end if;
    if length(btrim(coalesce(p_value ->> 'hours', ''))) not between 1 and 80 then
      return 'Give the hours in 1 to 80 characters';
    end if;
    if length(btrim(coalesce(p_value ->> 'responseTime', ''))) not between 1 and 60 then
      return 'Give the response time in 1 to 60 characters';
    end if;
  elsif p_key = 'privacy' then
    if jsonb_typeof(p_value) <> 'object' or jsonb_typeof(p_value -> 'stored') <> 'array'
       or jsonb_typeof(p_value -> 'terms') <> 'array' then
      return 'The privacy page has an introduction, what is kept, who sees it, how long, and terms';
    end if;
    foreach v_text in array array['intro', 'sharing', 'retention'] loop
      if length(btrim(coalesce(p_value ->> v_text, ''))) not between 1 and 2000 then
        return format('The privacy page''s %s has 1 to 2000 characters', v_text);
      end if;
    end loop;
    if jsonb_array_length(p_value -> 'stored') not between 1 and 20 then
      return 'List 1 to 20 things the programme keeps';
    end if;
    for v_item in select jsonb_array_elements(p_value -> 'stored') loop
      if length(btrim(coalesce(v_item ->> 'what', ''))) not between 1 and 200
         or length(btrim(coalesce(v_item ->> 'why', ''))) not between 1 and 500 then
        return 'Each thing kept says what (1 to 200 characters) and why (1 to 500)';
      end if;
    end loop;
    if jsonb_array_length(p_value -> 'terms') > 20 then
      return 'List at most 20 terms';
    end if;
    for v_text in select jsonb_array_elements_text(p_value -> 'terms') loop
      if length(btrim(v_text)) not between 1 and 500 then
        return 'Each term has 1 to 500 characters';
      end if;
    end loop;
  else
    return format('Unknown content: %s', p_key);
  end if;
  return null;
end;
$$;
revoke execute on function private.content_problem(text, jsonb) from public;

-- The public content, by part (null when a part has no row).
create function private.content_json()
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'featured', (select c.value from public.programme_content c where c.key = 'featured'),
    'testimonials', (select c.value from public.programme_content c where c.key = 'testimonials'),
    'contact', (select c.value from public.programme_content c where c.key = 'contact'),
    'privacy', (select c.value from public.programme_content c where c.key = 'privacy'))
$$;
revoke execute on function private.content_json() from public;
grant execute on function private.content_json() to anon, authenticated;

-- GET /api/programme (public): the tiers with their rewards and the public content.
create function app.programme()
returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object('tiers', private.tiers_json(), 'content', private.content_json())
$$;
revoke execute on function app.programme() from public;
grant execute on function app.programme() to anon, authenticated;

-- PUT /api/admin/content/:key: replaces one part of the public content; one 'content.update'
-- audit row with the part before and after.
create function app.admin_update_content(p_key text, p_value jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_problem text;
begin
  perform private.require_admin('Only admins can change the public content');
  v_problem := private.content_problem(p_key, p_value);
  if v_problem is not null then
    perform private.fail('400', v_problem);
  end if;
  select c.value into v_before from public.programme_content c where c.key = p_key for update;
  insert into public.programme_content (key, value, updated_at) values (p_key, p_value, now())
  on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at;
  if v_before is distinct from p_value then
    perform private.audit('content.update', 'content', p_key, v_before, p_value);
  end if;
  return private.content_json();
end;
$$;
revoke execute on function app.admin_update_content(text, jsonb) from public;
grant execute on function app.admin_update_content(text, jsonb) to authenticated;
