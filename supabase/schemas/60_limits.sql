-- The abuse limits (issue 11 §3), decided in SQL under the customer's row lock: visits per member
-- and business, per member across the village, velocity flags; and the fixed-window request
-- counters behind the API's per-client rate limits.

-- Fixed-window request counters for the API's abuse limits (shared by every edge instance).
create table private.rate_limit_hits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, key, window_start)
);
alter table private.rate_limit_hits enable row level security;
revoke all on private.rate_limit_hits from anon, authenticated, service_role;
create index rate_limit_hits_window_start_idx on private.rate_limit_hits (window_start);

-- Velocity flags (issue 11 §3, Square's threshold; setting velocity_flag_visits, 5, 0 = off):
-- a member with velocity_flag_visits or more approved
-- visits in one day of the programme's time zone is flagged for the operator, once per day.
create table private.velocity_flags (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  day date not null,
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_id, day)
);
alter table private.velocity_flags enable row level security;
revoke all on private.velocity_flags from anon, authenticated, service_role;
create index velocity_flags_dismissed_by_idx on private.velocity_flags (dismissed_by);
create index velocity_flags_day_idx on private.velocity_flags (day desc);

-- "Not you?" flags: a member says a redemption on their account was not theirs (a card can be
-- copied). The flag keeps who redeemed, where and when as it was then (an undo later clears the
-- reward's own columns), so the operator sees the clerk it names.
create table private.redemption_flags (
  id uuid primary key default gen_random_uuid(),
  customer_reward_id uuid not null references public.customer_rewards (id) on delete cascade,
  customer_id uuid not null references public.customers (id) on delete cascade,
  redeemed_at timestamptz not null,
  redeemed_location_id text,
  -- No foreign key: the flag outlives the clerk's user.
  redeemed_by uuid,
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_reward_id, redeemed_at)
);
alter table private.redemption_flags enable row level security;
revoke all on private.redemption_flags from anon, authenticated, service_role;
create index redemption_flags_customer_id_idx on private.redemption_flags (customer_id);
create index redemption_flags_dismissed_by_idx on private.redemption_flags (dismissed_by);
create index redemption_flags_flagged_at_idx on private.redemption_flags (flagged_at desc);

-- Staff and admins do not approve visits or redeem rewards for themselves: not on a customer
-- row linked to their own user, nor on one with their own phone (LY403).
create function private.refuse_own_account(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.app_role() is not null and exists (
    select 1 from public.customers c
     where c.id = p_customer_id and (c.user_id = auth.uid() or c.phone = private.jwt_phone())
  ) then
    perform private.fail('403', 'Staff cannot approve visits or redeem rewards on their own account');
  end if;
end;
$$;
revoke execute on function private.refuse_own_account(uuid) from public;

-- The start and end of a programme day.
create function private.day_bounds(p_day date)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = ''
as $$
  select p_day::timestamp at time zone private.programme_time_zone(),
         (p_day + 1)::timestamp at time zone private.programme_time_zone()
$$;
revoke execute on function private.day_bounds(date) from public;

-- A flag as the admin API shows it: the member and that day's approved visits (counted now, so a
-- voided visit no longer counts).
create function private.velocity_flag_json(p_flag private.velocity_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'velocity', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'visits', (
      select count(*) from public.visits v, private.day_bounds(p_flag.day) d
       where v.customer_id = p_flag.customer_id and v.status = 'approved'
         and v.created_at >= d.starts_at and v.created_at < d.ends_at),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.velocity_flag_json(private.velocity_flags) from public;

-- A "not you?" flag as the admin API shows it: the member, the reward, where and when, and the
-- person who redeemed it (private.person_label: the clerk's name or phone, or the kiosk).
create function private.redemption_flag_json(p_flag private.redemption_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'not_me', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'customerRewardId', p_flag.customer_reward_id,
    'rewardName', coalesce((select r.name from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
                             where cr.id = p_flag.customer_reward_id), 'Removed reward'),
    'locationId', p_flag.redeemed_location_id,
    'businessName', (select l.business_name from public.locations l where l.id = p_flag.redeemed_location_id),
    'redeemedAt', p_flag.redeemed_at,
    'redeemedBy', private.person_label(p_flag.redeemed_by),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.redemption_flag_json(private.redemption_flags) from public;

-- GET /api/admin/flags: open flags (and dismissed ones when asked) — velocity flags and members'
-- "not you?" redemption flags — newest first.
create function app.admin_velocity_flags(p_include_dismissed boolean default false, p_limit integer default 100)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read velocity flags');
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  return (
    select coalesce(jsonb_agg(f.flag order by f.at desc, f.id), '[]'::jsonb)
      from (
        (select private.redemption_flag_json(rf) as flag, rf.flagged_at as at, rf.id
           from private.redemption_flags rf
          where coalesce(p_include_dismissed, false) or rf.dismissed_at is null
          order by rf.flagged_at desc, rf.id
          limit p_limit)
        union all
        (select private.velocity_flag_json(vf), vf.day::timestamp at time zone private.programme_time_zone(), vf.id
           from private.velocity_flags vf
          where coalesce(p_include_dismissed, false) or vf.dismissed_at is null
          order by vf.day desc, vf.flagged_at desc, vf.id
          limit p_limit)
        order by 2 desc, 3
        limit p_limit) f);
end;
$$;
revoke execute on function app.admin_velocity_flags(boolean, integer) from public;
grant execute on function app.admin_velocity_flags(boolean, integer) to authenticated;

-- An admin dismisses a flag (looked at, nothing wrong). Dismissing twice keeps the first time.
create function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
  v_redemption_flag private.redemption_flags;
  v_was timestamptz;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  select f.dismissed_at into v_was from private.redemption_flags f where f.id = p_flag_id for update;
  update private.redemption_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_redemption_flag;
  if found then
    if v_was is null then
      perform private.audit('flag.dismiss', 'redemption_flag', v_redemption_flag.id::text,
                            jsonb_build_object('dismissedAt', null),
                            jsonb_build_object('dismissedAt', v_redemption_flag.dismissed_at,
                                               'customerId', v_redemption_flag.customer_id),
                            null, v_redemption_flag.redeemed_location_id);
    end if;
    return private.redemption_flag_json(v_redemption_flag);
  end if;
  select f.dismissed_at into v_was from private.velocity_flags f where f.id = p_flag_id for update;
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  -- Dismissing twice keeps the first time and records nothing new.
  if v_was is null then
    perform private.audit('flag.dismiss', 'velocity_flag', v_flag.id::text,
                          jsonb_build_object('dismissedAt', null),
                          jsonb_build_object('dismissedAt', v_flag.dismissed_at, 'customerId', v_flag.customer_id));
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;
revoke execute on function app.dismiss_velocity_flag(uuid) from public;
grant execute on function app.dismiss_velocity_flag(uuid) to authenticated;

-- Refuses (LY429, hint = Retry-After seconds) a visit that breaks a time limit, and answers what
-- the approval needs from the same visits: whether this is the member's first approved visit at
-- this business (its welcome reward) and how many approved visits they have today (programme
-- time zone, before this one: the velocity flag). The caller holds the customer's row lock.
-- clock_timestamp(), not now(): a transaction that waited for the lock may have started before
-- the visit it now sees was made. Settings: private.settings (0 turns a limit off).
-- The visit limits of private.settings, in one place, without refusing: how long the member must
-- wait before a visit at p_location_id (null: at a business not known yet, so the per-business
-- limit cannot apply), the limit's sentence, and what the approval needs from the same pass over
-- the member's approved visits (first visit here, visits today before this one). 0 turns a
-- limit off. clock_timestamp(): a caller that waited for the customer's lock sees visits made
-- after its transaction began.
create function private.visit_limit_wait(p_customer_id uuid, p_location_id text,
                                         out wait_seconds integer, out reason text,
                                         out first_here boolean, out visits_today integer)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_settings private.settings;
  v_now timestamptz := clock_timestamp();
  v_day_start timestamptz;
  v_day_end timestamptz;
  v_last_here timestamptz;
  v_last timestamptz;
  v_last_hour timestamptz[];
  v_wait interval;
  v_oldest timestamptz;
begin
  select * into v_settings from private.settings s where s.id;
  select d.starts_at, d.ends_at into v_day_start, v_day_end
    from private.day_bounds((now() at time zone private.programme_time_zone())::date) d;

  select max(v.created_at) filter (where v.location_id = p_location_id),
         max(v.created_at),
         array_agg(v.created_at order by v.created_at desc) filter (where v.created_at > v_now - interval '1 hour'),
         count(*) filter (where v.created_at >= v_day_start and v.created_at < v_day_end)
    into v_last_here, v_last, v_last_hour, visits_today
    from public.visits v
   where v.customer_id = p_customer_id and v.status = 'approved';
  first_here := v_last_here is null;
  wait_seconds := 0;

  if v_settings.min_visit_interval > interval '0' then
    v_wait := v_last_here + v_settings.min_visit_interval - v_now;
    if v_wait > interval '0' then
      wait_seconds := ceil(extract(epoch from v_wait))::integer;
      reason := 'This visit was already approved recently';
      return;
    end if;
  end if;

  if v_settings.min_visit_gap_anywhere > interval '0' then
    v_wait := v_last + v_settings.min_visit_gap_anywhere - v_now;
    if v_wait > interval '0' then
      wait_seconds := ceil(extract(epoch from v_wait))::integer;
      reason := 'Another visit of this member was approved a moment ago';
      return;
    end if;
  end if;

  if v_settings.max_visits_per_hour > 0 then
    -- The visit that must leave the last hour before another fits.
    v_oldest := v_last_hour[v_settings.max_visits_per_hour];
    if v_oldest is not null then
      wait_seconds := greatest(1, ceil(extract(epoch from v_oldest + interval '1 hour' - v_now)))::integer;
      reason := 'This member has reached the visits allowed in an hour';
      return;
    end if;
  end if;
end;
$$;

revoke execute on function private.visit_limit_wait(uuid, text) from public;

-- When a member who must wait p_wait_seconds may check in again, in the programme's time zone:
-- 'in 40 seconds' below a minute and a half, else 'at 3:15 PM (in 45 minutes)'.
create function private.come_back_phrase(p_wait_seconds integer)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case when p_wait_seconds < 90 then 'in ' || p_wait_seconds || ' seconds'
              else 'at ' || to_char((now() + make_interval(secs => p_wait_seconds))
                                    at time zone private.programme_time_zone(), 'FMHH12:MI AM')
                   || ' (in ' || ceil(p_wait_seconds / 60.0)::integer || ' minutes)' end
$$;
revoke execute on function private.come_back_phrase(integer) from public;

-- The counter's refusal says why and when the member may come back, as the kiosk's does.
create or replace function private.check_visit_limits(p_customer_id uuid, p_location_id text,
                                                      out first_here boolean, out visits_today integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_limits record;
begin
  select * into v_limits from private.visit_limit_wait(p_customer_id, p_location_id);
  if v_limits.wait_seconds > 0 then
    perform private.fail('429', v_limits.reason || '. They can check in again '
                                || private.come_back_phrase(v_limits.wait_seconds) || '.',
                         v_limits.wait_seconds::text);
  end if;
  first_here := v_limits.first_here;
  visits_today := v_limits.visits_today;
end;
$$;
revoke execute on function private.check_visit_limits(uuid, text) from public;

-- Called after a visit is approved (under the customer's row lock), with the day's approved
-- visits including it: flags the member once a day at velocity_flag_visits (0 = off).
create function private.note_velocity(p_customer_id uuid, p_visits_today integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select s.velocity_flag_visits from private.settings s where s.id);
begin
  if v_threshold > 0 and p_visits_today >= v_threshold then
    insert into private.velocity_flags (customer_id, day)
    values (p_customer_id, (now() at time zone private.programme_time_zone())::date)
    on conflict (customer_id, day) do nothing;
  end if;
end;
$$;
revoke execute on function private.note_velocity(uuid, integer) from public;
