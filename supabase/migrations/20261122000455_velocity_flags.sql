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
create index velocity_flags_dismissed_by_idx on private.velocity_flags (dismissed_by);
create index velocity_flags_day_idx on private.velocity_flags (day desc);
alter table private.velocity_flags enable row level security;
revoke all on private.velocity_flags from anon, authenticated, service_role;

-- The start and end of a programme day.
create function private.day_bounds(p_day date)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = ''
as $$
  select p_day::timestamp at time zone private.programme_time_zone(),
         (p_day + 1)::timestamp at time zone private.programme_time_zone()
$$;

-- Called after a visit is approved (under the customer's row lock).
create function private.note_velocity(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold integer := (select s.velocity_flag_visits from private.settings s where s.id);
  v_day date := (now() at time zone private.programme_time_zone())::date;
begin
  if v_threshold > 0 and (
    select count(*) from public.visits v, private.day_bounds(v_day) d
     where v.customer_id = p_customer_id and v.status = 'approved'
       and v.created_at >= d.starts_at and v.created_at < d.ends_at
  ) >= v_threshold then
    insert into private.velocity_flags (customer_id, day) values (p_customer_id, v_day)
    on conflict (customer_id, day) do nothing;
  end if;
end;
$$;

-- A flag as the admin API shows it: the member and that day's approved visits (counted now, so a
-- voided visit no longer counts).
create function private.velocity_flag_json(p_flag private.velocity_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'visits', (
      select count(*) from public.visits v, private.day_bounds(p_flag.day) d
       where v.customer_id = p_flag.customer_id and v.status = 'approved'
         and v.created_at >= d.starts_at and v.created_at < d.ends_at),
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;

-- GET /api/admin/velocity-flags: open flags (and dismissed ones when asked), newest day first.
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
    select coalesce(jsonb_agg(private.velocity_flag_json(f) order by f.day desc, f.flagged_at desc, f.id), '[]'::jsonb)
      from (select * from private.velocity_flags vf
             where coalesce(p_include_dismissed, false) or vf.dismissed_at is null
             order by vf.day desc, vf.flagged_at desc, vf.id
             limit p_limit) f);
end;
$$;

-- An admin dismisses a flag (looked at, nothing wrong). Dismissing twice keeps the first time.
create function app.dismiss_velocity_flag(p_flag_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_flag private.velocity_flags;
begin
  perform private.require_admin('Only admins can dismiss velocity flags');
  update private.velocity_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_flag;
  if not found then
    perform private.fail('404', 'Flag not found');
  end if;
  return private.velocity_flag_json(v_flag);
end;
$$;

revoke execute on function
  private.day_bounds(date),
  private.note_velocity(uuid), private.velocity_flag_json(private.velocity_flags),
  app.admin_velocity_flags(boolean, integer), app.dismiss_velocity_flag(uuid)
from public;
grant execute on function app.admin_velocity_flags(boolean, integer), app.dismiss_velocity_flag(uuid) to authenticated;
