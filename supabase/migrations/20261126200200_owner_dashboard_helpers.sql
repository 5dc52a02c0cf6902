-- Issue 21 §3: the dashboard helpers an owner's metrics and report go through accept a business owner
-- (their app function has already narrowed the figures to the owner's business).

create or replace function private.day_sums(p_from date, p_split date, p_end date, p_kinds text[])
returns table (location_id text, kind text, before bigint, after bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Admins, and business owners (issue 21 §3), whose app function has already narrowed the
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

create or replace function private.active_members(p_scope text, p_first date, p_end date, p_visits bigint)
returns bigint
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Admins, and business owners (issue 21 §3), whose app function has already narrowed the
  -- figures to their own business.
  if not (private.is_admin() or private.owner_location_id() is not null) then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  if p_first >= p_end then
    return 0;
  end if;
  if p_first = '-infinity' then
    return (select coalesce(sum(r.n), 0) from private.visit_returns r
             where r.scope = p_scope and r.prev_day = '-infinity' and r.day < p_end)
         + (select coalesce(sum(r.n), 0) from private.visit_returns_pending r
             where r.scope = p_scope and r.prev_day = '-infinity' and r.day < p_end);
  end if;
  return p_visits - private.returns_within(p_scope, p_first, p_end);
end;
$$;

create or replace function private.rollup_counts(p_start timestamptz, p_end timestamptz, p_kinds text[])
returns table (day date, location_id text, kind text, reward_id uuid, n bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  w record;
begin
  -- Admins, and business owners (issue 21 §3), whose app function has already narrowed the
  -- figures to their own business.
  if not (private.is_admin() or private.owner_location_id() is not null) then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  select * into w from private.whole_days(p_start, p_end);
  return query
    select d.day, d.location_id, d.kind, d.reward_id, sum(d.n)::bigint
      from (select x.day, x.location_id, x.kind, x.reward_id, x.n from private.daily_rollup x
             union all
             select p.day, p.location_id, p.kind, p.reward_id, p.n from private.daily_rollup_pending p) d
     where d.day between w.first_day and w.last_day and d.kind = any (p_kinds)
     group by 1, 2, 3, 4
    union all
    select private.programme_day(v.created_at), v.location_id, 'visits', '00000000-0000-0000-0000-000000000000'::uuid, count(*)
      from public.visits v
     where 'visits' = any (p_kinds) and v.status = 'approved'
       and ((v.created_at >= p_start and v.created_at < w.head_end) or (v.created_at >= w.tail_start and v.created_at < p_end))
     group by 1, 2
    union all
    select private.programme_day(cr.unlocked_at), private.unlock_location(cr.welcome_location_id, cr.unlocked_by_visit_id),
           'unlocks', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'unlocks' = any (p_kinds) and cr.status <> 'revoked' and cr.reward_id is not null
       and ((cr.unlocked_at >= p_start and cr.unlocked_at < w.head_end) or (cr.unlocked_at >= w.tail_start and cr.unlocked_at < p_end))
     group by 1, 2, 4
    union all
    select private.programme_day(cr.redeemed_at), coalesce(cr.redeemed_location_id, ''), 'redemptions', cr.reward_id, count(*)
      from public.customer_rewards cr
     where 'redemptions' = any (p_kinds) and cr.reward_id is not null
       and ((cr.redeemed_at >= p_start and cr.redeemed_at < w.head_end) or (cr.redeemed_at >= w.tail_start and cr.redeemed_at < p_end))
     group by 1, 2, 4;
end;
$$;
