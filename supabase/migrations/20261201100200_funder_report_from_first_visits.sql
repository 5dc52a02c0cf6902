-- The funder's report reads a month's approved visits per member and business from the covering
-- index and the first visits from the first-visit table (67_rollups.sql), instead of grouping
-- every visit ever and testing each of the month's visits for an earlier one: ~1.1 s → ~0.18 s at
-- the bench's scale (docs/PERFORMANCE.md), the same figures. The month's texts and SMS withdrawals
-- and its first visits get indexes of their own. The same as supabase/schemas/20_customers.sql,
-- 48_texts.sql, 67_rollups.sql and 92_funder_report.sql.

create index if not exists consents_sms_withdrawn_idx on public.consents (created_at) where channel = 'sms' and not granted;
create index if not exists texts_sent_at_idx on private.texts (sent_at) where sent_at is not null;
create index if not exists member_first_visits_first_at_idx on private.member_first_visits (first_at);

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
create or replace function app.admin_funder_report(p_month text)
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

  -- The month's approved visits counted per member and business from the covering index (no
  -- visit row is read), and every first visit from the first-visit table kept beside the visits
  -- (67_rollups.sql), instead of grouping every visit ever: a business's first visit by a member
  -- is exactly one visit that is not a repeat, so the repeats are the rest.
  with pairs as (
    select v.customer_id, v.location_id, count(*) as visits
      from public.visits v
     where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
     group by 1, 2),
  month_firsts as (
    select f.customer_id, f.location_id, f.first_at
      from private.member_first_visits f
     where f.first_at >= r.starts_at and f.first_at < r.ends_at),
  -- Each of those members' first visit anywhere: before this business's first, the member came
  -- from another business; before the month, the member is returning.
  first_anywhere as (
    select o.customer_id, min(o.first_at) as first_at
      from private.member_first_visits o
     where o.customer_id in (select f.customer_id from month_firsts f)
     group by 1),
  firsts as (
    select f.customer_id, f.location_id, a.first_at < f.first_at as from_other
      from month_firsts f join first_anywhere a on a.customer_id = f.customer_id),
  month_pairs as (
    select p.customer_id, p.location_id, p.visits,
           p.visits - (case when f.customer_id is null then 0 else 1 end) as repeats
      from pairs p
      left join firsts f on f.customer_id = p.customer_id and f.location_id = p.location_id),
  per_member as (
    select m.customer_id, count(*) as businesses, bool_or(m.repeats > 0) as repeated
      from month_pairs m group by m.customer_id),
  -- Every member figure in one pass over the month's members.
  member_figures as (
    select count(*) as active,
           -- Active members less those whose first visit anywhere was in the month.
           count(*) - (select count(*) from first_anywhere a where a.first_at >= r.starts_at) as returning_members,
           count(*) filter (where pm.repeated) as repeat_members,
           count(*) filter (where pm.businesses >= 2) as two_plus,
           count(*) filter (where pm.businesses >= 3) as three_plus
      from per_member pm),
  -- Every business's figures in one pass over the month's member-business pairs and first visits.
  business_visits as (
    select m.location_id, sum(m.visits)::bigint as visits, sum(m.repeats)::bigint as repeats, count(*) as members
      from month_pairs m group by 1),
  business_firsts as (
    select x.location_id, count(*) as firsts, count(*) filter (where x.from_other) as from_other
      from firsts x group by 1),
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
      -- Joined by the month's end, less those forgotten by then (few: read from their own index).
      (select count(*) from public.customers c where c.created_at < r.ends_at)
        - (select count(*) from public.customers c
            where c.forgotten_at is not null and c.forgotten_at < r.ends_at and c.created_at < r.ends_at) as members,
      (select count(*) from public.customers c where c.created_at >= r.starts_at and c.created_at < r.ends_at) as new_members,
      mf.active, mf.returning_members,
      (select coalesce(sum(b.visits), 0)::bigint from business_visits b) as visits,
      (select coalesce(sum(b.repeats), 0)::bigint from business_visits b) as repeat_visits,
      mf.repeat_members, mf.two_plus, mf.three_plus,
      (select coalesce(sum(b.from_other), 0)::bigint from business_firsts b) as from_other,
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
      (select count(*) from opt_outs) as opt_outs
      from member_figures mf)
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
          select coalesce(bv.visits, 0) as visits, coalesce(bv.members, 0) as members,
                 coalesce(bf.firsts, 0) as firsts, coalesce(bf.from_other, 0) as from_other
            from (select 1) one
            left join business_visits bv on bv.location_id = l.id
            left join business_firsts bf on bf.location_id = l.id) b
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
