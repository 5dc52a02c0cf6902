-- The funder's monthly report (docs/FUNDER-REPORT.md): one page for whoever funds or runs the
-- scheme (a council, the traders' group) — members and their share of the village, new, active and
-- returning members, visits and repeat visits, visits per business, cross-shopping, first visits a
-- business got from members of other businesses, rewards redeemed and their value, the settlement's
-- totals, texts sent and opt-outs, and the month's prize draw. Months are calendar months in the
-- programme's time zone. It leaves the programme, so every figure about fewer than 3 members is
-- withheld (null, "fewer than 3"), for admins too — as the owners' views withhold them.

-- The report's one setting: how many people live in the village (null until the operator says).
create table private.report_settings (
  id boolean primary key default true check (id),
  village_population integer check (village_population between 1 and 10000000)
);
insert into private.report_settings default values;
alter table private.report_settings enable row level security;
revoke all on private.report_settings from anon, authenticated, service_role;

-- A figure about p_members members (p_figure itself when null): withheld when that is 1 or 2.
create function private.report_figure(p_figure bigint, p_members bigint default null)
returns bigint
language sql immutable
set search_path = ''
as $$
  select case when coalesce(p_members, p_figure) between 1 and 2 then null else p_figure end
$$;
revoke execute on function private.report_figure(bigint, bigint) from public;

-- PUT /api/admin/funder-report/population: the village's population (null clears it). Audited.
create function app.admin_set_village_population(p_population integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before integer;
begin
  perform private.require_admin('Only admins can change the programme''s settings');
  if p_population is not null and p_population not between 1 and 10000000 then
    perform private.fail('400', 'The population is between 1 and 10,000,000');
  end if;
  select s.village_population into v_before from private.report_settings s where s.id for update;
  update private.report_settings s set village_population = p_population where s.id;
  perform private.audit('settings.village_population', 'settings', 'report', jsonb_build_object('villagePopulation', v_before),
                        jsonb_build_object('villagePopulation', p_population));
  return jsonb_build_object('villagePopulation', p_population);
end;
$$;
revoke execute on function app.admin_set_village_population(integer) from public;
grant execute on function app.admin_set_village_population(integer) to authenticated;

-- GET /api/admin/funder-report?month=YYYY-MM. Admins. Definitions (all in the month, approved visits only):
--   members: joined before the month ended and not forgotten by then; newMembers: joined in it;
--   activeMembers: with a visit; returningMembers: active and with a visit before the month;
--   repeatVisits: visits at a business the member had visited before (earlier that month or before);
--   a business's firstVisits: members whose first visit there ever was in the month, and
--   firstVisitsFromOtherBusinesses: those of them who had visited another business before it;
--   crossShopping: active members who visited 2+ and 3+ different businesses;
--   rewards: redeemed in the month, valueCents the tier rewards' and prizes' value (welcome rewards
--   have none in the programme), expired: rewards that expired unused in it; settlement: private.settlement's totals; texts: sent in the month
--   (the provider took them) and members who withdrew SMS consent in it; draw: the month's draw.
create function app.admin_funder_report(p_month text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
set jit = off
as $$
declare
  r record;
  v_population integer;
  v_settlement jsonb;
  v_draw private.draws;
  v_result jsonb;
begin
  perform private.require_admin('Only admins can read the funder''s report');
  select * into r from private.month_range(p_month);
  select s.village_population into v_population from private.report_settings s where s.id;
  v_settlement := private.settlement(p_month);
  select * into v_draw from private.draws d where d.month = p_month;

  with month_visits as (
    select v.id, v.customer_id, v.location_id, v.created_at,
           exists (select 1 from public.visits p
                    where p.customer_id = v.customer_id and p.location_id = v.location_id and p.status = 'approved'
                      and (p.created_at, p.id) < (v.created_at, v.id)) as repeat_visit
      from public.visits v
     where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at),
  firsts as (
    select f.customer_id, f.location_id, f.first_at,
           exists (select 1 from public.visits o
                    where o.customer_id = f.customer_id and o.location_id <> f.location_id and o.status = 'approved'
                      and o.created_at < f.first_at) as from_other
      from (select v.customer_id, v.location_id, min(v.created_at) as first_at
              from public.visits v
             where v.status = 'approved' and v.created_at < r.ends_at
             group by v.customer_id, v.location_id) f
     where f.first_at >= r.starts_at),
  per_member as (
    select m.customer_id, count(distinct m.location_id) as businesses from month_visits m group by m.customer_id),
  redeemed as (
    select cr.customer_id, rw.kind,
           case when rw.kind = 'tier' then coalesce(t.reward_value_cents, 0)
                when rw.kind = 'prize' then coalesce(rw.value_cents, 0) else 0 end as value_cents
      from public.customer_rewards cr
      join public.rewards rw on rw.id = cr.reward_id
      left join public.tiers t on t.name = rw.tier
     where cr.redeemed_at >= r.starts_at and cr.redeemed_at < r.ends_at),
  -- Rewards that expired unused in the month (95_reward_expiry.sql): never redeemed, so never in
  -- the redeemed figures or the settlement; counted apart.
  expired as (
    select cr.customer_id from public.customer_rewards cr
     where cr.status = 'expired' and cr.expired_at >= r.starts_at and cr.expired_at < r.ends_at),
  sent as (
    select t.customer_id from private.texts t where t.sent_at >= r.starts_at and t.sent_at < r.ends_at),
  opt_outs as (
    select distinct c.customer_id from public.consents c
     where c.channel = 'sms' and not c.granted and c.created_at >= r.starts_at and c.created_at < r.ends_at),
  figures as (
    select
      (select count(*) from public.customers c
        where c.created_at < r.ends_at and (c.forgotten_at is null or c.forgotten_at >= r.ends_at)) as members,
      (select count(*) from public.customers c where c.created_at >= r.starts_at and c.created_at < r.ends_at) as new_members,
      (select count(*) from per_member) as active,
      (select count(*) from per_member pm
        where exists (select 1 from public.visits p where p.customer_id = pm.customer_id and p.status = 'approved'
                                                     and p.created_at < r.starts_at)) as returning_members,
      (select count(*) from month_visits) as visits,
      (select count(*) from month_visits m where m.repeat_visit) as repeat_visits,
      (select count(distinct m.customer_id) from month_visits m where m.repeat_visit) as repeat_members,
      (select count(*) from per_member pm where pm.businesses >= 2) as two_plus,
      (select count(*) from per_member pm where pm.businesses >= 3) as three_plus,
      (select count(*) from firsts f where f.from_other) as from_other,
      (select count(*) from redeemed) as redeemed,
      (select count(distinct x.customer_id) from redeemed x) as redeemers,
      (select count(*) from redeemed x where x.kind = 'welcome') as welcome,
      (select count(*) from redeemed x where x.kind = 'tier') as tier,
      (select count(*) from redeemed x where x.kind = 'prize') as prize,
      (select coalesce(sum(x.value_cents), 0) from redeemed x) as value_cents,
      (select count(*) from expired) as expired,
      (select count(distinct x.customer_id) from expired x) as expirers,
      (select count(*) from sent) as texts_sent,
      (select count(distinct s.customer_id) from sent s) as text_recipients,
      (select count(*) from opt_outs) as opt_outs)
  select jsonb_build_object(
    'month', p_month, 'monthLabel', private.month_label(p_month), 'timeZone', private.programme_time_zone(),
    'from', r.starts_at, 'to', r.ends_at,
    'villagePopulation', v_population,
    'members', private.report_figure(f.members),
    'membersPercentOfVillage', case when v_population is not null and private.report_figure(f.members) is not null
                                    then round(f.members * 100.0 / v_population, 1) end,
    'newMembers', private.report_figure(f.new_members),
    'activeMembers', private.report_figure(f.active),
    'returningMembers', private.report_figure(f.returning_members),
    'visits', private.report_figure(f.visits, f.active),
    'repeatVisits', private.report_figure(f.repeat_visits, f.repeat_members),
    'crossShopping', jsonb_build_object(
      'twoOrMore', private.report_figure(f.two_plus),
      'threeOrMore', private.report_figure(f.three_plus),
      'twoOrMorePercent', case when private.report_figure(f.two_plus) is not null and f.active > 0
                               then round(f.two_plus * 100.0 / f.active, 1) end),
    'firstVisitsFromOtherBusinesses', private.report_figure(f.from_other),
    'businesses', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'locationId', l.id, 'businessName', l.business_name,
               'visits', private.report_figure(b.visits, b.members),
               'members', private.report_figure(b.members),
               'firstVisits', private.report_figure(b.firsts),
               'firstVisitsFromOtherBusinesses', private.report_figure(b.from_other))
             order by l.sort_order, l.id), '[]'::jsonb)
        from public.locations l
        cross join lateral (
          select (select count(*) from month_visits m where m.location_id = l.id) as visits,
                 (select count(distinct m.customer_id) from month_visits m where m.location_id = l.id) as members,
                 (select count(*) from firsts x where x.location_id = l.id) as firsts,
                 (select count(*) from firsts x where x.location_id = l.id and x.from_other) as from_other) b
       where l.archived_at is null or b.visits > 0),
    'rewards', jsonb_build_object(
      'redeemed', private.report_figure(f.redeemed, f.redeemers),
      'welcome', private.report_figure(f.welcome),
      'tier', private.report_figure(f.tier),
      'prize', f.prize,
      'valueCents', case when private.report_figure(f.redeemed, f.redeemers) is not null then f.value_cents end,
      'expired', private.report_figure(f.expired, f.expirers)),
    'settlement', jsonb_build_object(
      'redemptions', (v_settlement -> 'totals' ->> 'redemptions')::bigint,
      'crossBusiness', (v_settlement -> 'totals' ->> 'crossBusiness')::bigint,
      'crossBusinessCents', (v_settlement -> 'totals' ->> 'crossBusinessCents')::bigint,
      'transfers', (select count(*) from jsonb_array_elements(v_settlement -> 'pairs') p where (p ->> 'amountCents')::bigint > 0),
      'transfersCents', (select coalesce(sum((p ->> 'amountCents')::bigint), 0) from jsonb_array_elements(v_settlement -> 'pairs') p)),
    'texts', jsonb_build_object(
      'sent', private.report_figure(f.texts_sent, f.text_recipients),
      'optOuts', private.report_figure(f.opt_outs)),
    'draw', case when v_draw.id is null then null else jsonb_build_object(
      'id', v_draw.id, 'status', v_draw.status,
      'prizeName', (select rw.name from public.rewards rw where rw.id = v_draw.reward_id),
      'sponsorName', (select l.business_name from public.locations l where l.id = v_draw.sponsor_location_id),
      'entrants', private.report_figure(case when v_draw.status = 'drawn'
                                             then (select count(*) from private.draw_entries e where e.draw_id = v_draw.id)
                                             else (select count(*) from private.draw_entry_counts(v_draw.id) c) end),
      'totalEntries', v_draw.total_entries,
      'winnerDrawn', v_draw.winner_customer_id is not null,
      'prizeRedeemed', coalesce((select cr.status = 'redeemed' from public.customer_rewards cr where cr.id = v_draw.customer_reward_id), false))
    end)
    into v_result
    from figures f;
  return v_result;
end;
$$;
revoke execute on function app.admin_funder_report(text) from public;
grant execute on function app.admin_funder_report(text) to authenticated;
