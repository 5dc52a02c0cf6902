-- The visit limits, decided in SQL under the customer's row lock by app.start_checkin (35_checkin.sql)
-- and app.approve_visit (40_visits.sql): visits per member and business, per member across the village,
-- and the velocity flags an approval raises. The operator reads and dismisses the flags in 60_limits.sql.

-- Velocity flags (Square's threshold; setting velocity_flag_visits, 5, 0 = off):
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

-- Refuses (LY429, hint = Retry-After seconds) a visit that breaks a time limit, saying why and
-- when the member may come back (as the kiosk's check-in does), and answers what
-- the approval needs from the same visits: whether this is the member's first approved visit at
-- this business (its welcome reward) and how many approved visits they have today (programme
-- time zone, before this one: the velocity flag). The caller holds the customer's row lock.
-- clock_timestamp(), not now(): a transaction that waited for the lock may have started before
-- the visit it now sees was made. Settings: private.settings (0 turns a limit off).
create function private.check_visit_limits(p_customer_id uuid, p_location_id text,
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
