-- Reads behind the admin dashboard (PRODUCT §2): metric cards, the visits chart, recent
-- activity, top locations, the Customers, Rewards, Locations, Messages, Exports and Reports tabs.
-- Security invoker where RLS decides what an admin sees; the heavy ones read the rollups of
-- 67_rollups.sql instead of scanning visits.

-- Growth of a figure against its comparison period: whole percent, null when there was nothing
-- before; no growth at all (null) when either figure is withheld.
create function private.growth(p_current bigint, p_previous bigint, p_period text)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select case when p_current is not null and p_previous is not null then jsonb_build_object(
    'previous', p_previous,
    'percent', case when p_previous = 0 then null else round((p_current - p_previous) * 100.0 / p_previous)::integer end,
    'period', p_period) end
$$;
revoke execute on function private.growth(bigint, bigint, text) from public;
grant execute on function private.growth(bigint, bigint, text) to authenticated;

-- The latest approved visits anywhere, or at one business (dashboard Recent Activity), newest first.
create function app.admin_activity(p_limit integer default 20, p_location_id text default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 100 then
    perform private.fail('400', 'limit is between 1 and 100');
  end if;
  if p_location_id is not null then
    perform private.require_location(p_location_id);
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'customerName', c.name,
                                                 'locationId', l.id, 'locationName', l.business_name,
                                                 'createdAt', v.created_at, 'points', v.points)
           order by v.created_at desc, v.id), '[]'::jsonb)
      from (select * from public.visits vi
             where vi.status = 'approved'
               and (p_location_id is null or vi.location_id = p_location_id)
             order by vi.created_at desc, vi.id limit p_limit) v
      join public.customers c on c.id = v.customer_id
      join public.locations l on l.id = v.location_id);
end;
$$;
revoke execute on function app.admin_activity(integer, text) from public;
grant execute on function app.admin_activity(integer, text) to authenticated;

-- Customers for the tab: with a date range, those active in it — joined in it, or visited in
-- it (with a location: joined there or visited there); range 'all' lists everyone. Search
-- matches a part of the name (any case) or a run of at least 3 phone digits. Sorted by
-- p_sort (lastActive, name, points, lastVisit, totalVisits, createdAt) in p_order, id as the
-- tie-breaker; page p_page of p_limit rows. Rows keep PRODUCT §3's fields.
create function private.admin_customer_ids(p_search text, p_location_id text, p_range text,
                                           p_from date, p_to date)
returns table (id uuid)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_search text := nullif(private.fold(btrim(coalesce(p_search, ''))), '');
  v_digits text := regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) < 3 then v_digits := null; end if;
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query
      select c.id from public.customers c
       where c.forgotten_at is null
         and (v_search is null or position(v_search in private.fold(c.name)) > 0
              or (v_digits is not null and position(v_digits in c.phone) > 0))
         and (p_location_id is null or c.signup_location_id = p_location_id
              or c.id in (select v.customer_id from public.visits v
                           where v.location_id = p_location_id and v.status = 'approved'));
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select c.id from public.customers c
     where c.forgotten_at is null
       and (v_search is null or position(v_search in private.fold(c.name)) > 0
            or (v_digits is not null and position(v_digits in c.phone) > 0))
       and ((c.created_at >= r.starts_at and c.created_at < r.ends_at
             and (p_location_id is null or c.signup_location_id = p_location_id))
            -- A rolling range ends now, so the rolled-up last visit answers it without visits.
            or (p_location_id is null and r.ends_at >= now() and c.last_visit_at >= r.starts_at)
            or c.id in (select v.customer_id from public.visits v
                         where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                           and (p_location_id is null or v.location_id = p_location_id)));
end;
$$;
revoke execute on function private.admin_customer_ids(text, text, text, date, date) from public;
grant execute on function private.admin_customer_ids(text, text, text, date, date) to authenticated;

-- One customer's whole record for the detail view: contact details and consents, visits
-- (voided ones too, marked), rewards, redemptions and the ledger, newest first.
create function app.admin_customer(p_customer_id uuid)
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

-- A range for the admin tabs: 'all' (no bounds) or a dashboard range.
create function private.admin_range(p_range text, p_from date, p_to date)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
begin
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query select '-infinity'::timestamptz, 'infinity'::timestamptz;
    return;
  end if;
  return query select d.starts_at, d.ends_at from private.dashboard_range(p_range, p_from, p_to) d;
end;
$$;
revoke execute on function private.admin_range(text, date, date) from public;
grant execute on function private.admin_range(text, date, date) to authenticated;

-- A location's kiosks, newest first. signedIn: the device still holds a live Auth session.
create function app.admin_kiosks(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can see its kiosks');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', k.id, 'locationId', k.location_id, 'enrolled', k.enrolled_at is not null,
             'enrolledAt', k.enrolled_at, 'deviceFingerprint', k.device_fingerprint,
             'name', (select n.name from private.person_names n where n.user_id = k.user_id),
             'createdAt', k.created_at, 'lastSeenAt', k.last_seen_at,
             'signedIn', exists (select 1 from auth.sessions s where s.user_id = k.user_id))
           order by k.last_seen_at desc, k.id), '[]'::jsonb)
      from public.kiosk_sessions k
     where k.location_id = p_location_id);
end;
$$;
revoke execute on function app.admin_kiosks(text) from public;
grant execute on function app.admin_kiosks(text) to authenticated;

-- Contact messages from the public site, newest first, a page at a time, with the total and the
-- number still open (not marked handled).
create function app.admin_contact_messages(p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read messages');
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.contact_messages),
    'open', (select count(*) from public.contact_messages x where x.handled_at is null),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'email', m.email,
                                                   'subject', m.subject, 'message', m.message, 'createdAt', m.created_at,
                                                   'handledAt', m.handled_at)
             order by m.created_at desc, m.id), '[]'::jsonb)
        from (select * from public.contact_messages x order by x.created_at desc, x.id
               limit p_limit offset (p_page - 1)::bigint * p_limit) m));
end;
$$;
revoke execute on function app.admin_contact_messages(integer, integer) from public;
grant execute on function app.admin_contact_messages(integer, integer) to authenticated;

-- CSV exports of the admin Exports tab. Set-returning functions, read by the api
-- through a cursor a batch at a time (supabase/functions/_shared/stream.ts). Security invoker:
-- RLS applies, and the admin check refuses anyone else before the first row.
-- Customers matching the Customers tab's filters (range 'all' by default), oldest first, with
-- their consent flags and the SMS consent they gave: the wording shown, its scope and when.
-- sms_consent is confirmed consent only; a consent given on a form and not yet confirmed by the
-- phone is false there and true in sms_consent_pending. The wording, scope and time are the
-- newest consent row's.
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

-- Visits in a dashboard range (and at a location), oldest first, voided ones included and marked.
create function app.admin_export_visits(p_location_id text default null, p_range text default '7days',
                                        p_from date default null, p_to date default null)
returns table (
  visit_id uuid, visited_at timestamptz, location_id text, business_name text, customer_id uuid,
  customer_name text, points integer, approved_via text, status text, voided_at timestamptz, void_reason text)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can export visits');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select v.id, v.created_at, v.location_id, l.business_name, v.customer_id, c.name, v.points,
           v.approved_via, v.status, v.voided_at, v.void_reason
      from public.visits v
      join public.locations l on l.id = v.location_id
      join public.customers c on c.id = v.customer_id
     where v.created_at >= r.starts_at and v.created_at < r.ends_at
       and (p_location_id is null or v.location_id = p_location_id)
     order by v.created_at, v.id;
end;
$$;
revoke execute on function app.admin_export_visits(text, text, date, date) from public;
grant execute on function app.admin_export_visits(text, text, date, date) to authenticated;

-- The dashboard's visits-per-day chart in one pass: the version of 20261123001460_daily_rollup.sql
-- looked each day up in the range's counts with two correlated subqueries, so its cost grew
-- with days × (days × businesses) — 0.85 s for a one-year custom range at 50k visits, seconds
-- under load. Here the day × business grid is joined to the counts once and grouped by day.
-- Same contract: every day of the range, its total and a count per business (0 when none).
create function app.admin_visit_series(p_location_id text default null, p_range text default '7days',
                                                  p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_zone text := private.programme_time_zone();
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return jsonb_build_object(
    'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
    'timeZone', v_zone,
    'locations', (
      select jsonb_agg(jsonb_build_object('id', l.id, 'businessName', l.business_name, 'color', l.color)
                       order by l.sort_order, l.id)
        from public.locations l where p_location_id is null or l.id = p_location_id),
    'days', (
      with counts as (
        select c.day, c.location_id, sum(c.n) as n
          from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c
         where p_location_id is null or c.location_id = p_location_id
         group by 1, 2),
      days as (
        select s.d::date as day
          from generate_series(private.programme_day(r.starts_at),
                               private.programme_day(r.ends_at - interval '1 microsecond'), interval '1 day') as s(d)),
      grid as (
        select d.day, coalesce(sum(c.n), 0) as total,
               coalesce(jsonb_object_agg(l.id, coalesce(c.n, 0)) filter (where l.id is not null), '{}'::jsonb) as visits
          from days d
          left join public.locations l on p_location_id is null or l.id = p_location_id
          left join counts c on c.day = d.day and c.location_id = l.id
         group by d.day)
      select jsonb_agg(jsonb_build_object('day', to_char(g.day, 'YYYY-MM-DD'), 'total', g.total, 'visits', g.visits)
                       order by g.day)
        from grid g));
end;
$$;
revoke execute on function app.admin_visit_series(text, text, date, date) from public;
grant execute on function app.admin_visit_series(text, text, date, date) to authenticated;
alter function app.admin_visit_series(text, text, date, date) set jit = off;

-- Dashboard ranges as whole programme days. A rolling range (now − 7 days … now)
-- starts mid-day, so every read had to count its two partial days from the visits table, and
-- distinct members could not come from a day rollup at all. Now every range is a run of whole
-- days in America/Chicago, answerable from the day rollups:
--   7days    today and the 6 days before it;
--   30days   today and the 29 days before it;
--   3months  from the day after the same date three months ago, through today;
--   custom   from `from` through `to` (as before).
-- The previous period is the same number of days just before. The API returns the range it
-- used as instants (range.from = the first day's midnight, range.to = the midnight after the
-- last day), so a range across a DST change is a whole number of days, not of 24 hours.
create function private.dashboard_days(p_range text, p_from date default null, p_to date default null)
returns table (first_day date, end_day date, previous_first_day date)
language plpgsql stable
set search_path = ''
as $$
declare
  v_today date := (now() at time zone private.programme_time_zone())::date;
  v_first date;
  v_end date := v_today + 1;
begin
  case coalesce(p_range, '7days')
    when '7days' then v_first := v_today - 6;
    when '30days' then v_first := v_today - 29;
    when '3months' then v_first := (v_today - interval '3 months')::date + 1;
    when 'custom' then
      if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 731
         or p_from < date '2000-01-01' or p_to > date '2100-12-31' then
        perform private.fail('400', 'A custom range needs from <= to, at most two years apart');
      end if;
      v_first := p_from;
      v_end := p_to + 1;
    else
      perform private.fail('400', 'Unknown date range');
  end case;
  if p_range is distinct from 'custom' and (p_from is not null or p_to is not null) then
    perform private.fail('400', 'from and to belong to a custom range');
  end if;
  return query select v_first, v_end, v_first - (v_end - v_first);
end;
$$;
revoke execute on function private.dashboard_days(text, date, date) from public;
grant execute on function private.dashboard_days(text, date, date) to authenticated;

-- The same range as instants [starts_at, ends_at) with the previous period's start; every
-- dashboard read (metrics, chart, top locations, customers, cross-shopping, tabs) uses it.
create function private.dashboard_range(p_range text, p_from date default null, p_to date default null)
returns table (starts_at timestamptz, ends_at timestamptz, previous_starts_at timestamptz)
language sql stable
set search_path = ''
as $$
  select d.first_day::timestamp at time zone private.programme_time_zone(),
         d.end_day::timestamp at time zone private.programme_time_zone(),
         d.previous_first_day::timestamp at time zone private.programme_time_zone()
    from private.dashboard_days(p_range, p_from, p_to) d
$$;
revoke execute on function private.dashboard_range(text, date, date) from public;
grant execute on function private.dashboard_range(text, date, date) to authenticated;

-- Dashboard metrics (PRODUCT §2 four cards) with their growth captions:
--   signupsToday  customers who joined today (programme time zone), vs yesterday;
--   totalVisits   approved visits in the range, vs the previous period of equal length;
--   redemptions   rewards redeemed in the range, vs the previous period (all locations: every
--                 redemption, those without a business too);
--   activeMembers distinct customers with a visit in the range, vs the previous period.
-- With a location: sign-ups there, visits there, redemptions there, members who visited there.
create function app.admin_metrics(p_location_id text default null, p_range text default '7days',
                                             p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  d record;
  v_zone text := private.programme_time_zone();
  v_today date := (now() at time zone v_zone)::date;
  v_today_start timestamptz := v_today::timestamp at time zone v_zone;
  v_yesterday_start timestamptz := (v_today - 1)::timestamp at time zone v_zone;
  v_today_end timestamptz := (v_today + 1)::timestamp at time zone v_zone;
  v_starts_at timestamptz; v_ends_at timestamptz; v_previous_starts_at timestamptz;
  v_signups bigint; v_signups_before bigint;
  v_visits bigint; v_visits_before bigint;
  v_redemptions bigint; v_redemptions_before bigint;
  v_active bigint; v_active_before bigint;
begin
  -- Admins for any business or all; an owner for theirs (security definer: the check is here).
  perform private.require_owner_of(p_location_id, 'Only admins and business owners can read the dashboard');
  perform private.require_location(p_location_id);
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  v_starts_at := d.first_day::timestamp at time zone v_zone;
  v_ends_at := d.end_day::timestamp at time zone v_zone;
  v_previous_starts_at := d.previous_first_day::timestamp at time zone v_zone;

  select count(*) filter (where c.created_at >= v_today_start),
         count(*) filter (where c.created_at < v_today_start)
    into v_signups, v_signups_before
    from public.customers c
   where c.created_at >= v_yesterday_start and c.created_at < v_today_end
     and (p_location_id is null or c.signup_location_id = p_location_id);

  select coalesce(sum(c.after) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'visits'), 0),
         coalesce(sum(c.after) filter (where c.kind = 'redemptions'), 0),
         coalesce(sum(c.before) filter (where c.kind = 'redemptions'), 0)
    into v_visits, v_visits_before, v_redemptions, v_redemptions_before
    from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits', 'redemptions']) c
   where p_location_id is null or c.location_id = p_location_id;

  v_active := private.active_members(coalesce(p_location_id, ''), d.first_day, d.end_day, v_visits);
  v_active_before := private.active_members(coalesce(p_location_id, ''), d.previous_first_day, d.first_day, v_visits_before);

  -- An owner's figures about fewer than 3 members are withheld (private.withheld_if_few).
  v_visits := private.withheld_if_few(v_visits, v_active);
  v_visits_before := private.withheld_if_few(v_visits_before, v_active_before);
  v_signups := private.withheld_if_few(v_signups);
  v_signups_before := private.withheld_if_few(v_signups_before);
  v_redemptions := private.withheld_if_few(v_redemptions);
  v_redemptions_before := private.withheld_if_few(v_redemptions_before);
  v_active := private.withheld_if_few(v_active);
  v_active_before := private.withheld_if_few(v_active_before);
  return jsonb_build_object(
    'signupsToday', v_signups,
    'totalVisits', v_visits,
    'redemptions', v_redemptions,
    'activeMembers', v_active,
    'growth', jsonb_build_object(
      'signupsToday', private.growth(v_signups, v_signups_before, 'yesterday'),
      'totalVisits', private.growth(v_visits, v_visits_before, 'previous_period'),
      'redemptions', private.growth(v_redemptions, v_redemptions_before, 'previous_period'),
      'activeMembers', private.growth(v_active, v_active_before, 'previous_period')),
    'range', jsonb_build_object('from', v_starts_at, 'to', v_ends_at),
    'previousRange', jsonb_build_object('from', v_previous_starts_at, 'to', v_starts_at),
    'today', jsonb_build_object('from', v_today_start, 'to', v_today_end, 'timeZone', v_zone));
end;
$$;
revoke execute on function app.admin_metrics(text, text, date, date) from public;
grant execute on function app.admin_metrics(text, text, date, date) to authenticated;

-- Top performing locations: visits in the range per business, with growth against the
-- previous period of equal length; businesses with no visit in the range are left out.
create function app.admin_top_locations(p_range text default '7days', p_from date default null,
                                                   p_to date default null, p_limit integer default 5)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
as $$
declare
  d record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_limit is null or p_limit not between 1 and 50 then
    perform private.fail('400', 'limit is between 1 and 50');
  end if;
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.business_name, 'visits', x.visits, 'previousVisits', x.previous_visits,
             'growth', private.growth(x.visits, x.previous_visits, 'previous_period') -> 'percent',
             'icon', x.icon, 'color', x.color)
           order by x.visits desc, x.sort_order), '[]'::jsonb)
      from (
        select l.id, l.business_name, l.icon, l.color, l.sort_order, c.visits, c.previous_visits
          from public.locations l
          join (select c.location_id, c.after as visits, c.before as previous_visits
                  from private.day_sums(d.previous_first_day, d.first_day, d.end_day, array['visits']) c) c
            on c.location_id = l.id
         where c.visits > 0
         order by c.visits desc, l.sort_order
         limit p_limit
      ) x);
end;
$$;
revoke execute on function app.admin_top_locations(text, date, date, integer) from public;
grant execute on function app.admin_top_locations(text, date, date, integer) to authenticated;

-- The Locations tab: visits from the day rollup, distinct visiting members from the returns
-- rollup (all time: the members' first visits there), the rest from small tables.
create function app.admin_locations(p_range text default '7days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_first date;
  v_end date;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  v_first := case when r.starts_at = '-infinity' then '-infinity'::date else private.programme_day(r.starts_at) end;
  v_end := case when r.ends_at = 'infinity' then 'infinity'::date else private.programme_day(r.ends_at) end;
  return (
    with visits as (select c.location_id, c.after as n from private.day_sums(v_first, v_first, v_end, array['visits']) c),
    signups as (select * from private.signups_by_location())
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', l.id, 'businessName', l.business_name, 'kind', l.kind, 'icon', l.icon, 'color', l.color,
             'visits', coalesce(v.n, 0),
             'members', private.active_members(l.id, v_first, v_end, coalesce(v.n, 0)),
             'signups', coalesce((select s.n from signups s where s.location_id = l.id), 0),
             'kiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id),
             'enrolledKiosks', (select count(*) from public.kiosk_sessions k where k.location_id = l.id and k.enrolled_at is not null),
             'enrolmentCodeSetAt', (select e.set_at from private.location_enrolment_codes e where e.location_id = l.id),
             'staff', (select coalesce(jsonb_agg(jsonb_build_object(
                                'userId', u.id, 'phone', right(u.phone, 10), 'lastSignInAt', u.last_sign_in_at)
                              order by u.phone), '[]'::jsonb)
                         from auth.users u
                        where u.raw_app_meta_data ->> 'role' = 'staff' and u.raw_app_meta_data ->> 'location_id' = l.id))
           order by l.sort_order, l.id), '[]'::jsonb)
      from public.locations l
      left join visits v on v.location_id = l.id);
end;
$$;
revoke execute on function app.admin_locations(text, date, date) from public;
grant execute on function app.admin_locations(text, date, date) to authenticated;

-- The search part of the tab's filter over public.customers c: $1 a name part (case and accents
-- ignored, private.fold),
-- $2 phone digits (3 or more); either null when not given. Forgotten members are never listed.
create function private.admin_customer_search_sql()
returns text
language sql immutable
set search_path = ''
as $$
  select 'c.forgotten_at is null and ($1::text is null or private.fold(c.name) like private.like_contains(private.fold($1))'
         || ' or ($2::text is not null and c.phone like private.like_contains($2)))'
$$;
revoke execute on function private.admin_customer_search_sql() from public;
grant execute on function private.admin_customer_search_sql() to authenticated;

-- The where clause of the tab's filters over public.customers c, with $1 search (lower case),
-- $2 phone digits (3 or more), $3 location, $4 range start, $5 range end; the range bounds of
-- 'all' are null. The same text serves the page, the count and the export.
--
-- As in 20261123001450_admin_customers_plans.sql, with the search written as LIKE (same matches as position() > 0).
create function private.admin_customer_filter(p_location_id text, p_range text, p_from date, p_to date,
                                                         out where_sql text, out starts_at timestamptz, out ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  where_sql := private.admin_customer_search_sql();
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    where_sql := where_sql || ' and ($3::text is null or c.signup_location_id = $3 or c.id in (
        select v.customer_id from public.visits v where v.location_id = $3 and v.status = ''approved''))';
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  starts_at := r.starts_at;
  ends_at := r.ends_at;
  where_sql := where_sql || ' and ((c.created_at >= $4 and c.created_at < $5 and ($3::text is null or c.signup_location_id = $3))'
    || case
         -- A rolling range ends now: across all businesses the rolled-up last visit answers it
         -- without reading visits (nothing is approved in the future).
         when r.ends_at >= now() and p_location_id is null then ' or c.last_visit_at >= $4)'
         else ' or c.id in (select v.customer_id from public.visits v
                             where v.status = ''approved'' and v.created_at >= $4 and v.created_at < $5
                               and ($3::text is null or v.location_id = $3)))'
       end;
end;
$$;
revoke execute on function private.admin_customer_filter(text, text, date, date) from public;
grant execute on function private.admin_customer_filter(text, text, date, date) to authenticated;

create function app.admin_customers(p_search text default null, p_location_id text default null,
                                               p_range text default '7days', p_from date default null,
                                               p_to date default null, p_limit integer default 100,
                                               p_page integer default 1, p_sort text default 'lastActive',
                                               p_order text default 'desc')
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  f record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := nullif(regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g'), '');
  v_order text;
  v_result jsonb;
  v_matches bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  if p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'page is between 1 and 100000');
  end if;
  if p_order is null or p_order not in ('asc', 'desc') then
    perform private.fail('400', 'Unknown sort order');
  end if;
  -- Each order matches an index of public.customers (id breaks ties, in the same direction).
  v_order := case p_sort
    when 'name' then 'c.name%3$s %1$s, c.id %1$s'
    when 'points' then 'c.total_points%4$s %1$s, c.id %1$s'
    when 'totalVisits' then 'c.visit_count%4$s %1$s, c.id %1$s'
    when 'createdAt' then 'c.created_at%5$s %1$s, c.id %1$s'
    when 'lastActive' then 'greatest(c.created_at, c.last_visit_at)%5$s %1$s, c.id %1$s'
    -- Never visited: first ascending, last descending.
    when 'lastVisit' then 'c.last_visit_at%5$s %1$s nulls %2$s, c.id %1$s'
  end;
  if v_order is null then
    perform private.fail('400', 'Unknown sort order');
  end if;
  if length(v_digits) < 3 then v_digits := null; end if;
  -- A search of 3+ characters matching few customers is answered by the trigram indexes, then
  -- its matches sorted: the sort key gets a no-op (|| '', + 0, + 0 s; the same order) so that
  -- the planner cannot walk the sort's index instead, filtering row by row (it prefers that on
  -- a whim of the statistics, and it reads tens of thousands of rows when matches are rare).
  -- A search matching thousands (counted through the same indexes, stopping at 2,000) walks
  -- the index: its matches are dense, and sorting them all would cost more.
  if length(v_search) >= 3 then
    execute format('select count(*) from (select 1 from public.customers c where %s limit 2000) x',
                   private.admin_customer_search_sql())
      into v_matches using v_search, v_digits;
  end if;
  if v_matches < 2000 then
    v_order := format(v_order, p_order, case p_order when 'asc' then 'first' else 'last' end,
                      ' || ''''', ' + 0', ' + interval ''0 s''');
  else
    v_order := format(v_order, p_order, case p_order when 'asc' then 'first' else 'last' end, '', '', '');
  end if;
  select * into f from private.admin_customer_filter(p_location_id, p_range, p_from, p_to);
  execute format(
    'select coalesce(jsonb_agg(jsonb_build_object(
              ''id'', x.id, ''name'', x.name, ''phone'', right(x.phone, 10), ''email'', x.email,
              ''totalPoints'', x.total_points, ''status'', private.tier_for(x.total_points) ->> ''name'',
              ''lastVisit'', x.last_visit_at, ''totalVisits'', x.visit_count, ''createdAt'', x.created_at)
            order by x.n), ''[]''::jsonb)
       from (select c.*, p.n
               from (select c.id, row_number() over () as n
                       from (select c.id from public.customers c where %s order by %s limit $6 offset $7) c) p
               join public.customers c on c.id = p.id) x',
    f.where_sql, v_order)
    into v_result
    using v_search, v_digits, p_location_id, f.starts_at, f.ends_at, p_limit, (p_page - 1)::bigint * p_limit;
  return v_result;
end;
$$;
revoke execute on function app.admin_customers(text, text, text, date, date, integer, integer, text, text) from public;
grant execute on function app.admin_customers(text, text, text, date, date, integer, integer, text, text) to authenticated;

create function app.admin_customers_count(p_search text default null, p_location_id text default null,
                                                     p_range text default '7days', p_from date default null,
                                                     p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  f record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := nullif(regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g'), '');
  v_total bigint;
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if length(v_digits) < 3 then v_digits := null; end if;
  select * into f from private.admin_customer_filter(p_location_id, p_range, p_from, p_to);
  execute format('select count(*) from public.customers c where %s', f.where_sql)
    into v_total
    using v_search, v_digits, p_location_id, f.starts_at, f.ends_at;
  return jsonb_build_object('total', v_total);
end;
$$;
revoke execute on function app.admin_customers_count(text, text, text, date, date) from public;
grant execute on function app.admin_customers_count(text, text, text, date, date) to authenticated;

-- Readers of the day rollup read the counters and the pending deltas (as in 20261123002020_dashboard_reads_from_rollups.sql).
create function private.day_sums(p_from date, p_split date, p_end date, p_kinds text[])
returns table (location_id text, kind text, before bigint, after bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Admins, and business owners, whose app function has already narrowed the
  -- figures to their own business.
  if not (private.is_admin() or private.owner_location_id() is not null) then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  return query
    select d.location_id, d.kind,
           coalesce(sum(d.n) filter (where d.day < p_split), 0)::bigint,
           coalesce(sum(d.n) filter (where d.day >= p_split), 0)::bigint
      from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
     where d.day >= p_from and d.day < p_end and d.kind = any (p_kinds)
     group by 1, 2;
end;
$$;
revoke execute on function private.day_sums(date, date, date, text[]) from public;
grant execute on function private.day_sums(date, date, date, text[]) to authenticated;

-- Every reward's standing now, in one place for the Rewards tab (app.admin_rewards) and the
-- programme's catalogue (app.admin_catalogue): unlocked (every unrevoked unlock ever), redeemed,
-- expired unused, and held: unlocked and still usable by a member (not redeemed, not expired, not
-- a forgotten member's). Read from the day rollup's counters, not by counting every unlock ever:
--   * unlocks the rollup files under a business (a welcome reward's, or the unlocking visit's);
--     the few unlocked without one (a points adjustment, a prize draw, a neighbour's bonus) are
--     counted from their own partial index;
--   * redemptions from the rollup (those without a business under '');
--   * expired and forgotten members' unused rewards from their partial indexes.
create function private.reward_standing()
returns table (reward_id uuid, unlocked bigint, redeemed bigint, expired bigint, held bigint)
language sql stable
security definer
set search_path = ''
set jit = off
as $$
  with
  rolled as (
    select d.reward_id,
           coalesce(sum(d.n) filter (where d.kind = 'unlocks'), 0) as unlocks,
           coalesce(sum(d.n) filter (where d.kind = 'redemptions'), 0) as redemptions
      from (select x.kind, x.reward_id, x.n from private.daily_rollup x
             where x.kind in ('unlocks', 'redemptions')
            union all
            select p.kind, p.reward_id, p.n from private.daily_rollup_pending p
             where p.kind in ('unlocks', 'redemptions')) d
     group by 1),
  unfiled as (
    select cr.reward_id, count(*) as n from public.customer_rewards cr
     where cr.welcome_location_id is null and cr.unlocked_by_visit_id is null and cr.status <> 'revoked'
     group by 1),
  expired as (
    select cr.reward_id, count(*) as n from public.customer_rewards cr where cr.status = 'expired' group by 1),
  forgotten_unused as (
    select cr.reward_id, count(*) as n
      from public.customers c
      join public.customer_rewards cr on cr.customer_id = c.id
     where c.forgotten_at is not null and cr.status = 'unlocked'
     group by 1)
  select rw.id,
         coalesce(ro.unlocks, 0) + coalesce(u.n, 0),
         coalesce(ro.redemptions, 0),
         coalesce(e.n, 0),
         coalesce(ro.unlocks, 0) + coalesce(u.n, 0) - coalesce(ro.redemptions, 0) - coalesce(e.n, 0) - coalesce(f.n, 0)
    from public.rewards rw
    left join rolled ro on ro.reward_id = rw.id
    left join unfiled u on u.reward_id = rw.id
    left join expired e on e.reward_id = rw.id
    left join forgotten_unused f on f.reward_id = rw.id
$$;
revoke execute on function private.reward_standing() from public;

-- The catalogue with, per reward and per business, the unlocks (where the unlocking visit
-- was; revoked unlocks not counted) and the redemptions (where it was honoured) in the range,
-- and how many are unlocked and still unused now. Every redemption is counted: those without a
-- business (before counter-confirmed redemption) are in the reward's total and its
-- unattributedRedemptions (the rollup's '' business), never in a business's row.
--
-- As in 20261123002100_admin_reads_at_scale.sql, reading the counters and the pending deltas.
create function app.admin_rewards(p_range text default 'all', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.admin_range(p_range, p_from, p_to);
  return (
    with
    -- Every day of the rollup summed per reward and business (all time: nothing is outside it).
    totals as (
      select d.reward_id, d.location_id,
             sum(d.n) filter (where d.kind = 'unlocks') as unlocks,
             sum(d.n) filter (where d.kind = 'redemptions') as redemptions
        from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
       where d.kind in ('unlocks', 'redemptions')
       group by 1, 2),
    counts as (
      select * from totals where r.starts_at = '-infinity' and r.ends_at = 'infinity'
      union all
      select c.reward_id, c.location_id,
             sum(c.n) filter (where c.kind = 'unlocks') as unlocks,
             sum(c.n) filter (where c.kind = 'redemptions') as redemptions
        from private.rollup_counts(r.starts_at, r.ends_at, array['unlocks', 'redemptions']) c
       where not (r.starts_at = '-infinity' and r.ends_at = 'infinity')
       group by 1, 2),
    -- Unlocked and still usable now, and expired unused (private.reward_standing).
    standing as (select * from private.reward_standing()),
    per_business as (
      select rw.id as reward_id,
             jsonb_agg(jsonb_build_object('locationId', l.id, 'businessName', l.business_name,
                                          'unlocks', coalesce(c.unlocks, 0), 'redemptions', coalesce(c.redemptions, 0))
                       order by l.sort_order, l.id) as rows
        from public.rewards rw
        cross join public.locations l
        left join counts c on c.reward_id = rw.id and c.location_id = l.id
       where rw.location_id is null or rw.location_id = l.id
       group by rw.id)
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', rw.id, 'name', rw.name, 'description', rw.description, 'kind', rw.kind, 'scope', rw.scope,
             'tier', rw.tier, 'locationId', rw.location_id, 'businessName', l.business_name,
             'valueCents', t.reward_value_cents,
             'unlocks', (select coalesce(sum(c.unlocks), 0) from counts c where c.reward_id = rw.id),
             'redemptions', (select coalesce(sum(c.redemptions), 0) from counts c where c.reward_id = rw.id),
             'unattributedRedemptions', (select coalesce(sum(c.redemptions), 0) from counts c
                                          where c.reward_id = rw.id and c.location_id = ''),
             'outstanding', coalesce(o.held, 0),
             'expired', coalesce(o.expired, 0),
             'byBusiness', coalesce(pb.rows, '[]'::jsonb))
           order by rw.kind desc, l.sort_order, t.min_points, rw.name), '[]'::jsonb)
      from public.rewards rw
      left join public.locations l on l.id = rw.location_id
      left join public.tiers t on t.name = rw.tier
      left join standing o on o.reward_id = rw.id
      left join per_business pb on pb.reward_id = rw.id);
end;
$$;
revoke execute on function app.admin_rewards(text, date, date) from public;
grant execute on function app.admin_rewards(text, date, date) to authenticated;

-- Who served at a business's counter in the last 30 days, for its owners and admins: per person
-- (the clerk's name or phone, or "Kiosk at …", private.person_label), the visits they approved,
-- how many of those after a name or phone search, and the rewards they redeemed there. Counts
-- only: no member is named. Most active first.
create function app.counter_people(p_location_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can see who served at its counter');
  perform private.require_location(p_location_id);
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'person', coalesce(private.person_label(p.who), 'Unknown'),
             'visits', p.visits, 'visitsFoundBySearch', p.searched, 'redemptions', p.redemptions)
           order by p.visits + p.redemptions desc, p.who), '[]'::jsonb)
      from (
        select x.who, sum(x.visits)::int as visits, sum(x.searched)::int as searched,
               sum(x.redemptions)::int as redemptions
          from (
            select v.approved_by as who, 1 as visits, case when v.found_by_search then 1 else 0 end as searched,
                   0 as redemptions
              from public.visits v
             where v.location_id = p_location_id and v.status = 'approved'
               and v.created_at > now() - interval '30 days'
            union all
            select cr.redeemed_by, 0, 0, 1
              from public.customer_rewards cr
             where cr.redeemed_location_id = p_location_id and cr.redeemed_at > now() - interval '30 days'
          ) x
         where x.who is not null
         group by x.who
      ) p);
end;
$$;
revoke execute on function app.counter_people(text) from public;
grant execute on function app.counter_people(text) to authenticated;
