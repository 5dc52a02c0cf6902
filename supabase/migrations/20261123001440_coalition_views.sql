-- Coalition views (issue 14): what six small businesses sharing one programme need and no
-- single-merchant loyalty product gives them — who owes whom for rewards honoured across
-- businesses, how many members shop at more than one of them, and a one-page monthly report.
-- Months and days are in the programme's time zone (America/Chicago).

-- A month 'YYYY-MM' as [starts_at, ends_at) in the programme's time zone.
create function private.month_range(p_month text)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql stable
set search_path = ''
as $$
declare
  v_first date;
begin
  if p_month is null or p_month !~ '^(20[0-9]{2})-(0[1-9]|1[0-2])$' then
    perform private.fail('400', 'month is YYYY-MM');
  end if;
  v_first := (p_month || '-01')::date;
  return query select v_first::timestamp at time zone private.programme_time_zone(),
                      (v_first + interval '1 month')::timestamp at time zone private.programme_time_zone();
end;
$$;

-- Every redemption in a month with where the reward was earned and where it was honoured. A
-- tier reward is earned at the business of the visit that unlocked it (the visit that reached
-- the tier) and is worth its tier's reward_value_cents to the business that honours it. A
-- welcome reward is earned and honoured at its own business (worth nothing across businesses).
-- A redeemed reward whose visit was later voided (clawed back) still counts: the business
-- honoured it and bore the cost.
create function private.month_redemptions(p_month text)
returns table (customer_reward_id uuid, kind text, earned_at text, honoured_at text, value_cents integer)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  select * into r from private.month_range(p_month);
  return query
    select cr.id, rw.kind, coalesce(cr.welcome_location_id, v.location_id), cr.redeemed_location_id,
           case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0) else 0 end
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      left join public.tiers t on t.name = rw.tier
      left join public.visits v on v.id = cr.unlocked_by_visit_id
     where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
       and cr.redeemed_location_id is not null;
end;
$$;

-- The settlement statement of a month. Per business: rewards it honoured (all, and those
-- earned elsewhere, with their value), rewards earned with it that others honoured, welcome
-- rewards redeemed, and its net (positive: the others owe it). Per pair of businesses: what
-- each honoured for the other and the one transfer that settles the pair.
create function app.admin_settlement(p_month text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the settlement');
  select * into r from private.month_range(p_month);
  return (
    with m as (select * from private.month_redemptions(p_month)),
    cross_rows as (select * from m where m.earned_at is not null and m.earned_at <> m.honoured_at),
    pairs as (
      select a.id as a, b.id as b,
             (select count(*) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b_cents,
             (select count(*) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a_cents
        from public.locations a
        join public.locations b on a.id < b.id)
    select jsonb_build_object(
      'month', p_month,
      'timeZone', private.programme_time_zone(),
      'from', r.starts_at, 'to', r.ends_at,
      'totals', jsonb_build_object(
        'redemptions', (select count(*) from m),
        'crossBusiness', (select count(*) from cross_rows),
        'crossBusinessCents', (select coalesce(sum(value_cents), 0) from cross_rows)),
      'businesses', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', l.id, 'businessName', l.business_name,
                 'honoured', (select count(*) from m where m.honoured_at = l.id),
                 'welcomeRedeemed', (select count(*) from m where m.honoured_at = l.id and m.kind = 'welcome'),
                 'honouredForOthers', (select count(*) from cross_rows x where x.honoured_at = l.id),
                 'honouredForOthersCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = l.id),
                 'earnedHonouredElsewhere', (select count(*) from cross_rows x where x.earned_at = l.id),
                 'earnedHonouredElsewhereCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.earned_at = l.id),
                 'netCents', (select coalesce(sum(case when x.honoured_at = l.id then x.value_cents else -x.value_cents end), 0)
                                from cross_rows x where l.id in (x.honoured_at, x.earned_at)))
               order by l.sort_order, l.id)
          from public.locations l),
      'pairs', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'a', p.a, 'b', p.b,
                 'aHonouredForB', p.a_for_b, 'aHonouredForBCents', p.a_for_b_cents,
                 'bHonouredForA', p.b_for_a, 'bHonouredForACents', p.b_for_a_cents,
                 'payer', case when p.a_for_b_cents > p.b_for_a_cents then p.b when p.b_for_a_cents > p.a_for_b_cents then p.a end,
                 'payee', case when p.a_for_b_cents > p.b_for_a_cents then p.a when p.b_for_a_cents > p.a_for_b_cents then p.b end,
                 'amountCents', abs(p.a_for_b_cents - p.b_for_a_cents))
               order by p.a, p.b), '[]'::jsonb)
          from pairs p
         where p.a_for_b > 0 or p.b_for_a > 0)));
end;
$$;

-- The settlement's transfers as rows, for the CSV download: one row per pair of businesses
-- with anything honoured across them in the month.
create function app.admin_settlement_rows(p_month text)
returns table (month text, payer text, payer_name text, payee text, payee_name text, amount text,
               payee_honoured_for_payer integer, payer_honoured_for_payee integer)
language plpgsql stable
set search_path = ''
as $$
begin
  return query
    select p_month, x.payer, lp.business_name, x.payee, le.business_name,
           to_char(x.amount_cents / 100.0, 'FM999999990.00'),
           x.payee_for_payer, x.payer_for_payee
      from jsonb_to_recordset(app.admin_settlement(p_month) -> 'pairs') as j(
             a text, b text, "aHonouredForB" integer, "bHonouredForA" integer, payer text, payee text, "amountCents" integer)
      cross join lateral (
        select coalesce(j.payer, j.a) as payer, coalesce(j.payee, j.b) as payee, j."amountCents" as amount_cents,
               case when coalesce(j.payee, j.b) = j.a then j."aHonouredForB" else j."bHonouredForA" end as payee_for_payer,
               case when coalesce(j.payee, j.b) = j.a then j."bHonouredForA" else j."aHonouredForB" end as payer_for_payee) x
      join public.locations lp on lp.id = x.payer
      join public.locations le on le.id = x.payee
     order by x.amount_cents desc, x.payer, x.payee;
end;
$$;

-- Cross-shopping in a range: members with an approved visit there, by business and by pair of
-- businesses (visited both), how many businesses each member visited, and the share of
-- members active at two or more businesses.
create function app.admin_cross_shopping(p_range text default '30days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return (
    with cl as (
      select distinct v.customer_id, v.location_id from public.visits v
       where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at),
    per_member as (select cl.customer_id, count(*) as n from cl group by cl.customer_id),
    pair_counts as (
      select x.location_id as a, y.location_id as b, count(*) as members
        from cl x join cl y on y.customer_id = x.customer_id and x.location_id < y.location_id
       group by 1, 2)
    select jsonb_build_object(
      'range', jsonb_build_object('from', r.starts_at, 'to', r.ends_at),
      'activeMembers', (select count(*) from per_member),
      'multiBusinessMembers', (select count(*) from per_member where n >= 2),
      'multiBusinessPercent', (select case when count(*) = 0 then null
                                           else round(count(*) filter (where n >= 2) * 100.0 / count(*), 1) end
                                 from per_member),
      'distribution', (
        select jsonb_agg(jsonb_build_object('businesses', k, 'members',
                                            (select count(*) from per_member pm where pm.n = k)) order by k)
          from generate_series(1, (select count(*)::integer from public.locations)) as k),
      'businesses', (
        select jsonb_agg(jsonb_build_object('locationId', l.id, 'businessName', l.business_name,
                                            'members', (select count(*) from cl where cl.location_id = l.id))
                         order by l.sort_order, l.id)
          from public.locations l),
      'pairs', (
        select jsonb_agg(jsonb_build_object('a', a.id, 'b', b.id, 'members', coalesce(pc.members, 0))
                         order by coalesce(pc.members, 0) desc, a.id, b.id)
          from public.locations a
          join public.locations b on a.id < b.id
          left join pair_counts pc on pc.a = a.id and pc.b = b.id)));
end;
$$;

-- One business's month on one page: visits (and the month before), distinct visiting members,
-- new members (joined there; first visit there), welcome rewards redeemed there, tier rewards
-- it honoured, and where its members (those who visited it that month) also shopped that month.
create function app.admin_business_report(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_location public.locations;
  v_previous_start timestamptz;
begin
  perform private.require_admin('Only admins can read the dashboard');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  select * into r from private.month_range(p_month);
  select * into v_location from public.locations l where l.id = p_location_id;
  v_previous_start := ((r.starts_at at time zone private.programme_time_zone()) - interval '1 month')
                        at time zone private.programme_time_zone();
  return (
    with month_visits as (
      select v.customer_id, v.location_id, v.created_at from public.visits v
       where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at),
    members as (select distinct mv.customer_id from month_visits mv where mv.location_id = p_location_id),
    redemptions as (select * from private.month_redemptions(p_month) x where x.honoured_at = p_location_id)
    select jsonb_build_object(
      'locationId', v_location.id, 'businessName', v_location.business_name,
      'month', p_month, 'timeZone', private.programme_time_zone(), 'from', r.starts_at, 'to', r.ends_at,
      'visits', (select count(*) from month_visits mv where mv.location_id = p_location_id),
      'previousMonthVisits', (select count(*) from public.visits v
                               where v.status = 'approved' and v.location_id = p_location_id
                                 and v.created_at >= v_previous_start and v.created_at < r.starts_at),
      'members', (select count(*) from members),
      'newMembers', (select count(*) from public.customers c
                      where c.signup_location_id = p_location_id and c.created_at >= r.starts_at and c.created_at < r.ends_at),
      'firstVisits', (select count(*) from members m
                       where not exists (select 1 from public.visits v
                                          where v.customer_id = m.customer_id and v.location_id = p_location_id
                                            and v.status = 'approved' and v.created_at < r.starts_at)),
      'welcomeRewardsRedeemed', (select count(*) from redemptions x where x.kind = 'welcome'),
      'tierRewardsHonoured', (select count(*) from redemptions x where x.kind = 'tier'),
      'tierRewardsHonouredCents', (select coalesce(sum(x.value_cents), 0) from redemptions x where x.kind = 'tier'),
      'alsoShopAt', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', l.id, 'businessName', l.business_name, 'members', coalesce(o.members, 0),
                 'percent', case when (select count(*) from members) = 0 then null
                                 else round(coalesce(o.members, 0) * 100.0 / (select count(*) from members), 1) end)
               order by coalesce(o.members, 0) desc, l.sort_order, l.id)
          from public.locations l
          left join (select mv.location_id, count(distinct mv.customer_id) as members
                       from month_visits mv join members m on m.customer_id = mv.customer_id
                      where mv.location_id <> p_location_id
                      group by mv.location_id) o on o.location_id = l.id
         where l.id <> p_location_id)));
end;
$$;

revoke execute on function
  private.month_range(text),
  private.month_redemptions(text),
  app.admin_settlement(text),
  app.admin_settlement_rows(text),
  app.admin_cross_shopping(text, date, date),
  app.admin_business_report(text, text)
from public;
grant execute on function
  private.month_range(text),
  private.month_redemptions(text),
  app.admin_settlement(text),
  app.admin_settlement_rows(text),
  app.admin_cross_shopping(text, date, date),
  app.admin_business_report(text, text)
to authenticated;
