-- Coalition views: what six businesses sharing one programme need and no single shop
-- report gives — cross-shopping between businesses, the monthly settlement of tier rewards, the
-- printable report per business — read from the counters of 67_rollups.sql, which keep them
-- cheap at 1M visits.

-- Coalition views: what six small businesses sharing one programme need and no
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
revoke execute on function private.month_range(text) from public;
grant execute on function private.month_range(text) to authenticated;

-- The settlement statement of a month. Per business: rewards it honoured (all, and those
-- earned elsewhere, with their value), rewards earned with it that others honoured, welcome
-- rewards redeemed, and its net (positive: the others owe it). Per pair of businesses: what
-- each honoured for the other and the one transfer that settles the pair.
-- The statement itself, unchecked (security definer): app.admin_settlement (admins) and
-- app.business_settlement (one business's line, for its owners) check who asks.
create function private.settlement(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
begin
  select * into r from private.month_range(p_month);
  return (
    -- The month's redemptions counted once per (where earned, where honoured, kind): every figure
    -- below sums these few groups instead of scanning the month's redemptions again (about a
    -- hundred scans, one per business and pair figure).
    with m as (
      select x.earned_at, x.honoured_at, x.kind, count(*) as n, sum(x.value_cents) as value_cents
        from private.month_redemptions(p_month) x
       group by 1, 2, 3),
    cross_rows as (select * from m where m.earned_at is not null and m.earned_at <> m.honoured_at),
    -- Redeemed before every redemption happened at a counter (a member's own Redeem): no business
    -- to pay back, so they are shown apart, never dropped.
    unattributed as (
      select case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0)
                  when rw.kind = 'prize' then coalesce(rw.value_cents, 0) else 0 end as value_cents
        from public.customer_rewards cr
        join public.rewards rw on rw.id = cr.reward_id
        left join public.tiers t on t.name = rw.tier
       where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
         and cr.redeemed_location_id is null),
    pairs as (
      select a.id as a, b.id as b,
             (select coalesce(sum(x.n), 0) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = a.id and x.earned_at = b.id) as a_for_b_cents,
             (select coalesce(sum(x.n), 0) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a,
             (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = b.id and x.earned_at = a.id) as b_for_a_cents
        from public.locations a
        join public.locations b on a.id < b.id)
    select jsonb_build_object(
      'month', p_month,
      'timeZone', private.programme_time_zone(),
      'from', r.starts_at, 'to', r.ends_at,
      'totals', jsonb_build_object(
        -- Every redemption of the month, those recorded without a business too.
        'redemptions', (select coalesce(sum(m.n), 0) from m) + (select count(*) from unattributed),
        'crossBusiness', (select coalesce(sum(x.n), 0) from cross_rows x),
        'crossBusinessCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x),
        'unattributed', (select count(*) from unattributed),
        'unattributedCents', (select coalesce(sum(u.value_cents), 0) from unattributed u)),
      'businesses', (
        select jsonb_agg(jsonb_build_object(
                 'locationId', l.id, 'businessName', l.business_name,
                 'honoured', (select coalesce(sum(m.n), 0) from m where m.honoured_at = l.id),
                 'welcomeRedeemed', (select coalesce(sum(m.n), 0) from m where m.honoured_at = l.id and m.kind = 'welcome'),
                 'honouredForOthers', (select coalesce(sum(x.n), 0) from cross_rows x where x.honoured_at = l.id),
                 'honouredForOthersCents', (select coalesce(sum(x.value_cents), 0) from cross_rows x where x.honoured_at = l.id),
                 'earnedHonouredElsewhere', (select coalesce(sum(x.n), 0) from cross_rows x where x.earned_at = l.id),
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
revoke execute on function private.settlement(text) from public;

create function app.admin_settlement(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the settlement');
  return private.settlement(p_month);
end;
$$;
revoke execute on function app.admin_settlement(text) from public;
grant execute on function app.admin_settlement(text) to authenticated;
alter function app.admin_settlement(text) set jit = off;

-- One business's line of the month's settlement: its row and the pairs it is in,
-- for an admin or the business's owners.
create function app.business_settlement(p_location_id text, p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform private.require_owner_of(p_location_id, 'Only admins and the business''s owners can read its settlement');
  if p_location_id is null then
    perform private.fail('400', 'Choose a location');
  end if;
  perform private.require_location(p_location_id);
  v := private.settlement(p_month);
  return jsonb_build_object(
    'month', v -> 'month', 'timeZone', v -> 'timeZone', 'from', v -> 'from', 'to', v -> 'to',
    'business', (select b from jsonb_array_elements(v -> 'businesses') b where b ->> 'locationId' = p_location_id),
    'pairs', (select coalesce(jsonb_agg(p), '[]'::jsonb) from jsonb_array_elements(v -> 'pairs') p
               where p_location_id in (p ->> 'a', p ->> 'b')));
end;
$$;
revoke execute on function app.business_settlement(text, text) from public;
grant execute on function app.business_settlement(text, text) to authenticated;

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
revoke execute on function app.admin_settlement_rows(text) from public;
grant execute on function app.admin_settlement_rows(text) to authenticated;

-- Cross-shopping at 1M visits: each member's businesses in a range as one bit mask
-- (one pass over the range's visits, grouped by member), then every figure — members per
-- business, per pair, per number of businesses — is read from at most 2^6 masks and their
-- member counts instead of joining a quarter's visits with themselves. Up to 62 businesses.
-- Members with an approved visit in [p_start, p_end), counted by the set of businesses they visited.
create function private.member_masks(p_start timestamptz, p_end timestamptz)
returns table (mask bigint, businesses integer, members bigint)
language sql stable
set search_path = ''
as $$
  select m.mask, bit_count(m.mask::bit(64))::integer, count(*)
    from (select bit_or(1::bigint << b.flag) as mask
            from public.visits v
            join (select l.id, (row_number() over (order by l.sort_order, l.id) - 1)::integer as flag
                    from public.locations l) b on b.id = v.location_id
           where v.status = 'approved' and v.created_at >= p_start and v.created_at < p_end
           group by v.customer_id) m
   group by m.mask
$$;
revoke execute on function private.member_masks(timestamptz, timestamptz) from public;
grant execute on function private.member_masks(timestamptz, timestamptz) to authenticated;

-- The bit of each business in those masks.
create function private.location_bits()
returns table (id text, business_name text, sort_order integer, flag bigint)
language sql stable
set search_path = ''
as $$
  select l.id, l.business_name, l.sort_order, 1::bigint << (row_number() over (order by l.sort_order, l.id) - 1)::integer
    from public.locations l
$$;
revoke execute on function private.location_bits() from public;
grant execute on function private.location_bits() to authenticated;

-- Every redemption in a month with where the reward was earned and where it was honoured. A
-- tier reward is earned at the business of the visit that unlocked it (the visit that reached
-- the tier) and is worth its tier's reward_value_cents to the business that honours it. A
-- welcome reward is earned and honoured at its own business (worth nothing across businesses).
-- A prize of the monthly draw (90_draws.sql) is earned with its sponsor, which owes the business
-- that honours it the prize's value (rewards.value_cents). A redeemed reward whose visit was later voided (clawed back) still counts: the business
-- honoured it and bore the cost.
--
-- As in 20261123001440_coalition_views.sql, with the unlocking visit looked up only for a tier reward (COALESCE
-- evaluates its second argument only when the first is null): a month's welcome redemptions,
-- most of them, no longer cost an index probe each. Same rows: visits.id is the primary key.
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
    select cr.id, rw.kind,
           coalesce(cr.welcome_location_id, case when rw.kind = 'prize' then rw.location_id end,
                    (select v.location_id from public.visits v where v.id = cr.unlocked_by_visit_id)),
           cr.redeemed_location_id,
           case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0)
                when rw.kind = 'prize' then coalesce(rw.value_cents, 0) else 0 end
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      left join public.tiers t on t.name = rw.tier
     where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at
       and cr.redeemed_location_id is not null;
end;
$$;
revoke execute on function private.month_redemptions(text) from public;
grant execute on function private.month_redemptions(text) to authenticated;

-- Members active in the whole days [p_first, p_end) by their set of businesses, as
-- private.member_masks (bits of private.location_bits()): from the counters when the range
-- ends today (and no approved visit is later), else by scanning the range's visits. Security
-- definer: the counters are private; it checks the admin claim itself.
create function private.cross_shopping_masks(p_first date, p_end date)
returns table (mask bigint, businesses integer, members bigint)
language plpgsql stable
security definer
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  v_zone text := private.programme_time_zone();
  v_end_at timestamptz := p_end::timestamp at time zone v_zone;
begin
  if not private.is_admin() then
    perform private.fail('403', 'Only admins can read the dashboard');
  end if;
  if p_end <> (now() at time zone v_zone)::date + 1
     or exists (select 1 from public.locations l
                 where not exists (select 1 from private.cross_shopping_bits b where b.location_id = l.id))
     -- The latest approved visit, read down the time index: `exists (... created_at >= $1)`
     -- became a seq scan of every visit once plpgsql switched to a generic plan.
     or (select v.created_at from public.visits v where v.status = 'approved'
          order by v.created_at desc limit 1) >= v_end_at then
    return query select * from private.member_masks(p_first::timestamp at time zone v_zone, v_end_at);
    return;
  end if;
  return query
    with counted as (
      select c.mask, sum(c.n)::bigint as members
        from (select d.mask, d.n from private.cross_shopping_days d where d.day >= p_first
              union all
              select p.mask, p.n from private.cross_shopping_pending p where p.day >= p_first) c
       group by 1
      having sum(c.n) <> 0),
    flags as (
      select b.bit, l.flag from private.cross_shopping_bits b join private.location_bits() l on l.id = b.location_id)
    select t.mask, bit_count(t.mask::bit(64))::integer, sum(c.members)::bigint
      from counted c
     cross join lateral (select coalesce(bit_or(f.flag), 0) as mask from flags f
                          where c.mask & (1::bigint << f.bit) <> 0) t
     group by t.mask;
end;
$$;
revoke execute on function private.cross_shopping_masks(date, date) from public;
grant execute on function private.cross_shopping_masks(date, date) to authenticated;

-- Cross-shopping in a range: members with an approved visit there, by business and by pair of
-- businesses (visited both), how many businesses each member visited, and the share of
-- members active at two or more businesses.
--
-- As in 20261123001470_coalition_masks.sql (work_mem from 20261123002100_admin_reads_at_scale.sql), with the masks from
-- private.cross_shopping_masks: the counters for ranges ending today, the scan otherwise.
create function app.admin_cross_shopping(p_range text default '30days', p_from date default null, p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
set jit = off
set work_mem = '24MB'
as $$
declare
  d record;
  v_zone text := private.programme_time_zone();
begin
  perform private.require_admin('Only admins can read the dashboard');
  select * into d from private.dashboard_days(p_range, p_from, p_to);
  return (
    with m as (select * from private.cross_shopping_masks(d.first_day, d.end_day)),
    b as (select * from private.location_bits())
    select jsonb_build_object(
      'range', jsonb_build_object('from', d.first_day::timestamp at time zone v_zone, 'to', d.end_day::timestamp at time zone v_zone),
      'activeMembers', (select coalesce(sum(m.members), 0) from m),
      'multiBusinessMembers', (select coalesce(sum(m.members), 0) from m where m.businesses >= 2),
      'multiBusinessPercent', (select case when coalesce(sum(m.members), 0) = 0 then null
                                           else round(coalesce(sum(m.members) filter (where m.businesses >= 2), 0) * 100.0
                                                      / sum(m.members), 1) end
                                 from m),
      'distribution', (
        select jsonb_agg(jsonb_build_object('businesses', k,
                                            'members', (select coalesce(sum(m.members), 0) from m where m.businesses = k))
                         order by k)
          from generate_series(1, (select count(*)::integer from public.locations)) as k),
      'businesses', (
        select jsonb_agg(jsonb_build_object('locationId', b.id, 'businessName', b.business_name,
                                            'members', (select coalesce(sum(m.members), 0) from m where m.mask & b.flag <> 0))
                         order by b.sort_order, b.id)
          from b),
      'pairs', (
        select jsonb_agg(jsonb_build_object('a', p.a, 'b', p.b, 'members', p.members)
                         order by p.members desc, p.a, p.b)
          from (select x.id as a, y.id as b,
                       (select coalesce(sum(m.members), 0) from m where m.mask & (x.flag | y.flag) = (x.flag | y.flag)) as members
                  from b x join b y on x.id < y.id) p)));
end;
$$;
revoke execute on function app.admin_cross_shopping(text, date, date) from public;
grant execute on function app.admin_cross_shopping(text, date, date) to authenticated;

-- One business's month on one page: visits (and the month before), distinct visiting members,
-- new members (joined there; first visit there), welcome rewards redeemed there, tier rewards
-- it honoured, and where its members (those who visited it that month) also shopped that month.
--
-- As in 20261123002100_admin_reads_at_scale.sql, with the month's members from private.member_month_masks.
-- An owner's copy of their business's report: each figure about fewer than 3 members withheld
-- (private.withheld_if_few; null, shown as "fewer than 3"). The visits of the month are about its
-- members; the month before's, about p_previous_members. Where its members also shop: every row
-- withheld when the month has fewer than 3 members, else each row about fewer than 3.
create function private.report_for_owner(p_report jsonb, p_previous_members bigint)
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

create function app.admin_business_report(p_location_id text, p_month text)
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
