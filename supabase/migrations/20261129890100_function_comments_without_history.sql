-- Comments inside these functions keep their reasons without the history tags; the functions are
-- otherwise unchanged (the declarative schema and the migrations stay equal).

create or replace function private.start_campaign(p_campaign_id uuid, p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_campaign private.text_campaigns;
  v_count integer := 0;
  v_member uuid;
begin
  select * into v_campaign from private.text_campaigns t where t.id = p_campaign_id for update;
  if v_campaign.status <> 'scheduled' then
    return 0;
  end if;
  -- One campaign at a time queues, so two campaigns started together keep the weekly cap.
  perform pg_advisory_xact_lock(hashtext('private.start_campaign'));
  -- A business owner's scheduled campaign that would now reach fewer than 3 members is cancelled
  -- (app.create_campaign refuses one at once).
  if v_campaign.created_by_role = 'owner'
     and (select count(*) from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                                        v_campaign.segment_last_visit_before,
                                                        v_campaign.segment_last_visit_after,
                                                        v_campaign.segment_joined_since, p_now))
         < private.campaign_min_members() then
    update private.text_campaigns t set status = 'cancelled', cancelled_at = p_now where t.id = p_campaign_id;
    return 0;
  end if;
  for v_member in
    select m from private.campaign_members(v_campaign.segment_location_id, v_campaign.segment_tier,
                                           v_campaign.segment_last_visit_before,
                                           v_campaign.segment_last_visit_after,
                                           v_campaign.segment_joined_since, p_now) m
  loop
    if private.queue_text(v_member, 'campaign', v_campaign.message,
                          'campaign:' || v_campaign.id || ':' || v_member, v_campaign.id, p_now) is not null then
      v_count := v_count + 1;
    end if;
  end loop;
  update private.text_campaigns t
     set status = 'started', started_at = p_now, recipients = v_count
   where t.id = p_campaign_id;
  return v_count;
end;
$$;

create or replace function private.active_members(p_scope text, p_first date, p_end date, p_visits bigint)
returns bigint
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Admins, and business owners, whose app function has already narrowed the
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
  -- Admins, and business owners, whose app function has already narrowed the
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

create or replace function private.check_thresholds(p_silver integer, p_gold integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_silver is null or p_gold is null then
    perform private.fail('400', 'Give the Silver and Gold thresholds');
  end if;
  if p_silver < 1 or p_silver > private.max_tier_points() - 1 then
    perform private.fail('400', format('Silver needs from 1 to %s points', private.max_tier_points() - 1));
  end if;
  if p_gold <= p_silver then
    perform private.fail('400', 'Gold needs more points than Silver');
  end if;
  if p_gold > private.max_tier_points() then
    perform private.fail('400', format('Gold needs at most %s points', private.max_tier_points()));
  end if;
  -- A threshold the points a visit earns never land on cannot be reached exactly.
  perform private.check_reachable('Silver', p_silver);
  perform private.check_reachable('Gold', p_gold);
end;
$$;

create or replace function app.admin_update_tiers(p_tiers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
  v_after jsonb;
  v_silver integer;
  v_gold integer;
  v_tier text;
  v_item jsonb;
  v_old_gold integer;
begin
  perform private.require_admin('Only admins can change the tiers');
  if p_tiers is null or jsonb_typeof(p_tiers) <> 'object'
     or (select count(*) from jsonb_object_keys(p_tiers) k where k not in ('Silver', 'Gold')) > 0
     or not (p_tiers ? 'Silver' and p_tiers ? 'Gold') then
    perform private.fail('400', 'Send the Silver and Gold tiers');
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    if jsonb_typeof(v_item -> 'minPoints') <> 'number' or jsonb_typeof(v_item -> 'rewardValueCents') <> 'number' then
      perform private.fail('400', format('%s needs a whole number of points and a value in cents', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'goalLabel', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the goal label has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardName', ''))) not between 1 and 100 then
      perform private.fail('400', format('%s: the reward name has 1 to 100 characters', v_tier));
    end if;
    if length(btrim(coalesce(v_item ->> 'rewardDescription', ''))) not between 1 and 500 then
      perform private.fail('400', format('%s: the reward description has 1 to 500 characters', v_tier));
    end if;
    if (v_item ->> 'rewardValueCents')::numeric not between 0 and 100000
       or (v_item ->> 'rewardValueCents')::numeric <> trunc((v_item ->> 'rewardValueCents')::numeric) then
      perform private.fail('400', format('%s: the value is from $0 to $1,000, in whole cents', v_tier));
    end if;
    if (v_item ->> 'minPoints')::numeric <> trunc((v_item ->> 'minPoints')::numeric) then
      perform private.fail('400', format('%s needs a whole number of points', v_tier));
    end if;
  end loop;
  v_silver := (p_tiers #>> '{Silver,minPoints}')::numeric;
  v_gold := (p_tiers #>> '{Gold,minPoints}')::numeric;
  perform private.check_thresholds(v_silver, v_gold);

  perform 1 from public.tiers t for update;
  v_before := private.tiers_json();
  v_old_gold := (select t.min_points from public.tiers t where t.name = 'Gold');
  -- min_points is unique: move the tier whose new threshold would meet the other's old one last.
  if v_silver >= v_old_gold then
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
  else
    update public.tiers t set min_points = v_silver where t.name = 'Silver';
    update public.tiers t set min_points = v_gold where t.name = 'Gold';
  end if;
  foreach v_tier in array array['Silver', 'Gold'] loop
    v_item := p_tiers -> v_tier;
    update public.tiers t
       set goal_label = btrim(v_item ->> 'goalLabel'),
           reward_value_cents = (v_item ->> 'rewardValueCents')::integer
     where t.name = v_tier;
    -- The wording follows the threshold in the same change: "N points" in a tier
    -- reward's description says the tier's new threshold ("…reach Silver status (15 points)").
    update public.rewards r
       set name = btrim(v_item ->> 'rewardName'),
           description = regexp_replace(btrim(v_item ->> 'rewardDescription'), '\m\d+(\s+)points\M',
                                        (v_item ->> 'minPoints')::integer || '\1points', 'g')
     where r.kind = 'tier' and r.tier = v_tier;
  end loop;
  v_after := private.tiers_json();
  if v_after is distinct from v_before then
    perform private.audit('tier.update', 'tiers', 'Silver,Gold', v_before, v_after);
  end if;
  return v_after;
end;
$$;

create or replace function private.day_sums(p_from date, p_split date, p_end date, p_kinds text[])
returns table (location_id text, kind text, before bigint, after bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Admins, and business owners, whose app function has already narrowed the
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

create or replace function private.settlement(p_month text)
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
    with m as (select * from private.month_redemptions(p_month)),
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
        -- Every redemption of the month, those recorded without a business too.
        'redemptions', (select count(*) from m) + (select count(*) from unattributed),
        'crossBusiness', (select count(*) from cross_rows),
        'crossBusinessCents', (select coalesce(sum(value_cents), 0) from cross_rows),
        'unattributed', (select count(*) from unattributed),
        'unattributedCents', (select coalesce(sum(u.value_cents), 0) from unattributed u)),
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
