-- Owners see their business, not individual members: figures about fewer than 3 members are
-- withheld from an owner (private.withheld_if_few), and the Audit view shows them the operator
-- by role and name, never by phone.

-- Growth of a figure against its comparison period: whole percent, null when there was nothing
-- before; no growth at all (null) when either figure is withheld.
create or replace function private.growth(p_current bigint, p_previous bigint, p_period text)
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

-- Owners see their business, not individual members: in a village a figure about one or two
-- members names them, so an owner gets null ("fewer than 3") for it; admins, who run the
-- programme, get every figure. None (0) names nobody and is shown. p_members: how many members
-- the figure is about when that is not the figure itself (the visits of two members).
create or replace function private.withheld_if_few(p_figure bigint, p_members bigint default null)
returns bigint
language sql stable
set search_path = ''
as $$
  select case when not private.is_admin() and coalesce(p_members, p_figure) between 1 and 2 then null else p_figure end
$$;
revoke execute on function private.withheld_if_few(bigint, bigint) from public;
grant execute on function private.withheld_if_few(bigint, bigint) to authenticated;

-- Dashboard metrics (SPEC §2 four cards) with their growth captions (DESIGN §8):
--   signupsToday  customers who joined today (programme time zone), vs yesterday;
--   totalVisits   approved visits in the range, vs the previous period of equal length;
--   redemptions   rewards redeemed in the range, vs the previous period (all locations: every
--                 redemption, those without a business too; issue 20);
--   activeMembers distinct customers with a visit in the range, vs the previous period.
-- With a location: sign-ups there, visits there, redemptions there, members who visited there.
create or replace function app.admin_metrics(p_location_id text default null, p_range text default '7days',
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

-- One business's month on one page: visits (and the month before), distinct visiting members,
-- new members (joined there; first visit there), welcome rewards redeemed there, tier rewards
-- it honoured, and where its members (those who visited it that month) also shopped that month.
--
-- As in 20261123002100_admin_reads_at_scale.sql, with the month's members from private.member_month_masks.
-- An owner's copy of their business's report: each figure about fewer than 3 members withheld
-- (private.withheld_if_few; null, shown as "fewer than 3"). The visits of the month are about its
-- members; the month before's, about p_previous_members. Where its members also shop: every row
-- withheld when the month has fewer than 3 members, else each row about fewer than 3.
create or replace function private.report_for_owner(p_report jsonb, p_previous_members bigint)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_members bigint := (p_report ->> 'members')::bigint;
  v_tier bigint := private.withheld_if_few((p_report ->> 'tierRewardsHonoured')::bigint);
begin
  return p_report || jsonb_build_object(
    'members', private.withheld_if_few(v_members),
    'visits', private.withheld_if_few((p_report ->> 'visits')::bigint, v_members),
    'previousMonthVisits', private.withheld_if_few((p_report ->> 'previousMonthVisits')::bigint, p_previous_members),
    'newMembers', private.withheld_if_few((p_report ->> 'newMembers')::bigint),
    'firstVisits', private.withheld_if_few((p_report ->> 'firstVisits')::bigint),
    'welcomeRewardsRedeemed', private.withheld_if_few((p_report ->> 'welcomeRewardsRedeemed')::bigint),
    'tierRewardsHonoured', v_tier,
    'tierRewardsHonouredCents', case when v_tier is not null then p_report -> 'tierRewardsHonouredCents' end,
    'alsoShopAt', coalesce((
      select jsonb_agg(a.item || jsonb_build_object('members', w.members,
                                                    'percent', case when w.members is not null then a.item -> 'percent' end)
                       order by a.ord)
        from jsonb_array_elements(p_report -> 'alsoShopAt') with ordinality a(item, ord)
       cross join lateral (select case when private.withheld_if_few(v_members) is null then null
                                       else private.withheld_if_few((a.item ->> 'members')::bigint) end as members) w),
      '[]'::jsonb));
end;
$$;
revoke execute on function private.report_for_owner(jsonb, bigint) from public;
grant execute on function private.report_for_owner(jsonb, bigint) to authenticated;

create or replace function app.admin_business_report(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  r record;
  v_location public.locations;
  v_previous_start timestamptz;
  v_month date;
  v_bit bigint;
  v_report jsonb;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can read its report');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into r from private.month_range(p_month);
  select * into v_location from public.locations l where l.id = p_location_id;
  v_previous_start := ((r.starts_at at time zone private.programme_time_zone()) - interval '1 month')
                        at time zone private.programme_time_zone();
  v_month := (r.starts_at at time zone private.programme_time_zone())::date;
  -- The month's members by their set of businesses from private.member_month_masks, when every
  -- business has a stable bit (up to 63); else (null) from the month's visits as before.
  if not exists (select 1 from public.locations l
                  where not exists (select 1 from private.cross_shopping_bits b where b.location_id = l.id)) then
    v_bit := (select 1::bigint << b.bit from private.cross_shopping_bits b where b.location_id = p_location_id);
  end if;
  v_report := (
    -- The business's members in the month by the set of businesses each visited: only they are
    -- grouped (a semi-join on its own visits), not every member active in the month.
    with flags as (
      select b.bit, l.flag from private.cross_shopping_bits b join private.location_bits() l on l.id = b.location_id),
    m as (
      select t.mask, sum(k.members)::bigint as members
        from (select mm.mask, count(*) as members
                from private.member_month_masks mm
               where v_bit is not null and mm.month = v_month and mm.mask & v_bit <> 0
               group by 1) k
       cross join lateral (select coalesce(bit_or(f.flag), 0) as mask from flags f
                            where k.mask & (1::bigint << f.bit) <> 0) t
       group by t.mask
      union all
      select x.mask, count(*) as members
        from (select bit_or(b.flag) as mask
                from public.visits v
                join private.location_bits() b on b.id = v.location_id
               where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                 and v.customer_id in (select p.customer_id from public.visits p
                                        where p.location_id = p_location_id and p.status = 'approved'
                                          and p.created_at >= r.starts_at and p.created_at < r.ends_at)
                 and v_bit is null
               group by v.customer_id) x
       group by x.mask),
    redemptions as (
      select rw.kind, case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0) else 0 end as value_cents
        from public.customer_rewards cr
        join public.rewards rw on rw.id = cr.reward_id
        left join public.tiers t on t.name = rw.tier
       where cr.redeemed_location_id = p_location_id
         and cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at),
    members as (select (select coalesce(sum(m.members), 0) from m) as n)
    select jsonb_build_object(
      'locationId', v_location.id, 'businessName', v_location.business_name,
      'month', p_month, 'timeZone', private.programme_time_zone(), 'from', r.starts_at, 'to', r.ends_at,
      'visits', (select coalesce(sum(c.n), 0) from private.rollup_counts(r.starts_at, r.ends_at, array['visits']) c
                  where c.location_id = p_location_id),
      'previousMonthVisits', (select coalesce(sum(c.n), 0) from private.rollup_counts(v_previous_start, r.starts_at, array['visits']) c
                               where c.location_id = p_location_id),
      'members', (select n from members),
      'newMembers', (select count(*) from public.customers c
                      where c.signup_location_id = p_location_id and c.created_at >= r.starts_at and c.created_at < r.ends_at),
      'firstVisits', (select count(*) from private.member_first_visits f
                       where f.location_id = p_location_id and f.first_at >= r.starts_at and f.first_at < r.ends_at),
      'welcomeRewardsRedeemed', (select count(*) from redemptions x where x.kind = 'welcome'),
      'tierRewardsHonoured', (select count(*) from redemptions x where x.kind = 'tier'),
      'tierRewardsHonouredCents', (select coalesce(sum(x.value_cents), 0) from redemptions x where x.kind = 'tier'),
      'alsoShopAt', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', o.id, 'businessName', o.business_name, 'members', o.members,
                 'percent', case when (select n from members) = 0 then null
                                 else round(o.members * 100.0 / (select n from members), 1) end)
               order by o.members desc, o.sort_order, o.id)
          from (select b.id, b.business_name, b.sort_order,
                       (select coalesce(sum(m.members), 0) from m where m.mask & b.flag <> 0) as members
                  from private.location_bits() b where b.id <> p_location_id) o)));
  if private.is_admin() then
    return v_report;
  end if;
  return private.report_for_owner(v_report, (
    select count(distinct v.customer_id) from public.visits v
     where v.location_id = p_location_id and v.status = 'approved'
       and v.created_at >= v_previous_start and v.created_at < r.starts_at));
end;
$$;
revoke execute on function app.admin_business_report(text, text) from public;
grant execute on function app.admin_business_report(text, text) to authenticated;

-- The Audit view (issue 21 §4): the log newest first, a page at a time, with the total and the
-- action names there are (for the filter). Filters: p_action an action ('staff.grant') or its kind
-- ('staff'); p_actor a role ('admin', 'owner', 'system', ...) or digits of the actor's phone;
-- p_target the target's id or part of it; p_location_id one business; p_from / p_to days in the
-- programme's time zone, both included. Admins read every row; an owner reads only the rows of
-- their business and must name it (403 for another business or for all of them), and sees the
-- operator by role and name only: an admin's phone is neither shown to an owner nor matched by
-- an owner's phone filter.
create or replace function app.admin_audit(p_action text default null, p_actor text default null, p_target text default null,
                                p_location_id text default null, p_from date default null, p_to date default null,
                                p_limit integer default 50, p_page integer default 1)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_zone text := private.programme_time_zone();
  v_action text := nullif(lower(btrim(coalesce(p_action, ''))), '');
  v_actor text := nullif(lower(btrim(coalesce(p_actor, ''))), '');
  v_digits text;
  v_target text := nullif(btrim(coalesce(p_target, '')), '');
  v_admin boolean := private.is_admin();
begin
  perform private.require_owner_of(p_location_id, 'Only admins and business owners can read the audit log');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 200 or p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'limit is between 1 and 200, page from 1');
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    perform private.fail('400', 'The start date is after the end date');
  end if;
  if length(coalesce(v_action, '')) > 80 or length(coalesce(v_actor, '')) > 40 or length(coalesce(v_target, '')) > 200 then
    perform private.fail('400', 'A filter is too long');
  end if;
  v_digits := nullif(regexp_replace(coalesce(v_actor, ''), '[^0-9]', '', 'g'), '');
  return (
    with rows as (
      select a.*
        from private.audit_log a
       where (p_location_id is null or a.location_id = p_location_id)
         and (v_action is null or a.action = v_action or a.action like v_action || '.%')
         and (v_actor is null or a.actor_role = v_actor
              or (v_digits is not null and a.actor_phone like '%' || v_digits || '%'
                  and (v_admin or a.actor_role <> 'admin')))
         and (v_target is null or a.target_id ilike private.like_contains(v_target))
         and (p_from is null or a.at >= p_from::timestamp at time zone v_zone)
         and (p_to is null or a.at < (p_to + 1)::timestamp at time zone v_zone))
    select jsonb_build_object(
      'total', (select count(*) from rows),
      'actions', (select coalesce(jsonb_agg(x.action order by x.action), '[]'::jsonb)
                    from (select distinct a.action from private.audit_log a
                           where p_location_id is null or a.location_id = p_location_id) x),
      'entries', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', e.id, 'at', e.at, 'actorId', e.actor_id, 'actorRole', e.actor_role,
                 'actorName', (select nullif(btrim(u.raw_user_meta_data ->> 'name'), '') from auth.users u
                                where u.id = e.actor_id),
                 'actorPhone', case when v_admin or e.actor_role <> 'admin' then right(e.actor_phone, 10) end,
                 'action', e.action, 'targetType', e.target_type,
                 'targetId', e.target_id, 'locationId', e.location_id, 'before', e.before, 'after', e.after,
                 'reason', e.reason)
               order by e.at desc, e.id desc), '[]'::jsonb)
          from (select * from rows r order by r.at desc, r.id desc
                 limit p_limit offset (p_page - 1)::bigint * p_limit) e)));
end;
$$;
revoke execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) from public;
grant execute on function app.admin_audit(text, text, text, text, date, date, integer, integer) to authenticated;

