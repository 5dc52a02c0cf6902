-- The abuse limits: the fixed-window request counters behind the API's per-client rate limits,
-- and the flags the operator reviews (velocity and "not you?"). The visit limits themselves, and
-- the velocity flags an approval raises, are in 33_visit_limits.sql.

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

-- Referral flags ("Bring a neighbour", 97_referrals.sql): a member whose code brought
-- flag_joins_per_day or more neighbours in one day of the programme's time zone is flagged once
-- that day; joins is the most counted that day.
create table private.referral_flags (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  day date not null,
  joins integer not null check (joins > 0),
  flagged_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null,
  unique (customer_id, day)
);
alter table private.referral_flags enable row level security;
revoke all on private.referral_flags from anon, authenticated, service_role;
create index referral_flags_dismissed_by_idx on private.referral_flags (dismissed_by);
create index referral_flags_day_idx on private.referral_flags (day desc);

-- A referral flag as the admin API shows it.
create function private.referral_flag_json(p_flag private.referral_flags)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', 'referrals', 'id', p_flag.id, 'customerId', p_flag.customer_id, 'customerName', c.name,
    'day', p_flag.day, 'joins', p_flag.joins,
    'flaggedAt', p_flag.flagged_at, 'dismissedAt', p_flag.dismissed_at)
    from public.customers c
   where c.id = p_flag.customer_id
$$;
revoke execute on function private.referral_flag_json(private.referral_flags) from public;

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

-- GET /api/admin/flags: open flags (and dismissed ones when asked) — velocity flags, members'
-- "not you?" redemption flags and referral flags — newest first.
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
        union all
        (select private.referral_flag_json(xf), xf.day::timestamp at time zone private.programme_time_zone(), xf.id
           from private.referral_flags xf
          where coalesce(p_include_dismissed, false) or xf.dismissed_at is null
          order by xf.day desc, xf.flagged_at desc, xf.id
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
  v_referral_flag private.referral_flags;
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
  select f.dismissed_at into v_was from private.referral_flags f where f.id = p_flag_id for update;
  update private.referral_flags f
     set dismissed_at = coalesce(f.dismissed_at, now()), dismissed_by = coalesce(f.dismissed_by, auth.uid())
   where f.id = p_flag_id
  returning * into v_referral_flag;
  if found then
    if v_was is null then
      perform private.audit('flag.dismiss', 'referral_flag', v_referral_flag.id::text,
                            jsonb_build_object('dismissedAt', null),
                            jsonb_build_object('dismissedAt', v_referral_flag.dismissed_at,
                                               'customerId', v_referral_flag.customer_id));
    end if;
    return private.referral_flag_json(v_referral_flag);
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

revoke execute on function private.visit_limit_wait(uuid, text) from public;
