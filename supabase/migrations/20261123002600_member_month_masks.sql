-- The monthly business report at 8 concurrent readers (issue 15): its "members" and "also shop
-- at" grouped the month's members by the businesses they visited, a scan of the month's visits
-- (~30 ms of CPU each; 8 at once on two cores sat at the 150 ms limit). Now each member's set
-- of businesses per programme month is kept, as stable bits (private.cross_shopping_bits), in
-- private.member_month_masks: an approval writes it only on the member's first visit at the
-- business in the month (one upsert of the member's own row); voids, moves, deletes and
-- multi-row statements recompute the touched members' months (private.shift_member_months).
-- The report reads the month's rows of its business (one index range) instead of the visits.

create table private.member_month_masks (
  customer_id uuid not null,
  month date not null,
  mask bigint not null,
  primary key (customer_id, month)
);
create index member_month_masks_month_idx on private.member_month_masks (month, mask);
alter table private.member_month_masks enable row level security;
revoke all on private.member_month_masks from anon, authenticated, service_role;

-- Recomputes some members' months from their approved visits (set, not added: a concurrent
-- approval's row is overwritten with a count that includes it once it has committed).
create function private.shift_member_months(p_customers uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.member_month_masks m
   where m.customer_id = any (p_customers)
     and not exists (select 1 from public.visits v
                      where v.customer_id = m.customer_id and v.status = 'approved'
                        and date_trunc('month', private.programme_day(v.created_at))::date = m.month);
  insert into private.member_month_masks as m (customer_id, month, mask)
  select v.customer_id, date_trunc('month', private.programme_day(v.created_at))::date, bit_or(1::bigint << b.bit)
    from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
   where v.customer_id = any (p_customers) and v.status = 'approved'
   group by 1, 2
   order by 1, 2
  on conflict (customer_id, month) do update set mask = excluded.mask where m.mask <> excluded.mask;
end;
$$;

create function private.rebuild_member_month_masks()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.member_month_masks where true;
  insert into private.member_month_masks (customer_id, month, mask)
  select v.customer_id, date_trunc('month', private.programme_day(v.created_at))::date, bit_or(1::bigint << b.bit)
    from public.visits v join private.cross_shopping_bits b on b.location_id = v.location_id
   where v.status = 'approved'
   group by 1, 2;
$$;
select private.rebuild_member_month_masks();

-- As in 20261123002500, with the member's months kept too.
create or replace function private.roll_up_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customers uuid[];
  v_rows integer;
  v_new public.visits;
  v_locations text[];
  v_lasts timestamptz[];
  v_later boolean;
  v_here integer;
  v_prev_anywhere timestamptz;
  v_after_locations text[];
  v_after_lasts timestamptz[];
  v_before integer;
  v_after integer;
  v_day date;
begin
  if tg_op = 'INSERT' then
    select count(*) into v_rows from new_rows;
    if v_rows = 1 then
      select n.* into v_new from new_rows n;
      if v_new.status <> 'approved' then
        return null;
      end if;
      -- The hot path (an approval): the member's last approved visit at each business before
      -- this one, in one pass over their visits.
      select array_agg(x.location_id), array_agg(x.last_at), coalesce(bool_or(x.later), false), max(x.last_at)
        into v_locations, v_lasts, v_later, v_prev_anywhere
        from (select v.location_id, max(v.created_at) as last_at,
                     bool_or((v.created_at, v.id) > (v_new.created_at, v_new.id)) as later
                from public.visits v
               where v.customer_id = v_new.customer_id and v.status = 'approved' and v.id <> v_new.id
               group by v.location_id) x;
      -- Only when it is the member's latest visit (always, for an approval now).
      if not v_later then
        v_locations := coalesce(v_locations, '{}');
        v_lasts := coalesce(v_lasts, '{}');
        v_here := array_position(v_locations, v_new.location_id);
        v_day := private.programme_day(v_new.created_at);
        insert into private.visit_returns_pending (scope, prev_day, day, n)
        values ('', coalesce(private.programme_day(v_prev_anywhere), '-infinity'), v_day, 1),
               (v_new.location_id, coalesce(private.programme_day(v_lasts[v_here]), '-infinity'), v_day, 1);

        v_after_locations := v_locations;
        v_after_lasts := v_lasts;
        if v_here is null then
          v_after_locations := v_after_locations || v_new.location_id;
          v_after_lasts := v_after_lasts || v_new.created_at;
          -- The first approved visit here.
          insert into private.member_first_visits as f (customer_id, location_id, first_at)
          values (v_new.customer_id, v_new.location_id, v_new.created_at)
          on conflict (customer_id, location_id) do update set first_at = excluded.first_at
           where f.first_at > excluded.first_at;
        else
          v_after_lasts[v_here] := v_new.created_at;
        end if;
        -- The member's businesses this month: written only when this is their first visit here
        -- this month (approvals lock the customer row first, so the last visit read above is current).
        if v_here is null or date_trunc('month', private.programme_day(v_lasts[v_here])) <> date_trunc('month', v_day) then
          insert into private.member_month_masks as m (customer_id, month, mask)
          select v_new.customer_id, date_trunc('month', v_day)::date, 1::bigint << b.bit
            from private.cross_shopping_bits b where b.location_id = v_new.location_id
          on conflict (customer_id, month) do update set mask = m.mask | excluded.mask;
        end if;
        v_before := cardinality(v_locations);
        v_after := cardinality(v_after_locations);
        perform private.append_cross_shopping(
          array_fill(v_new.customer_id, array[v_before + v_after]),
          array_fill(-1, array[v_before]) || array_fill(1, array[v_after]),
          v_locations || v_after_locations,
          v_lasts || v_after_lasts);
        perform private.maybe_fold_rollups();
        return null;
      end if;
    end if;
    select array_agg(distinct n.customer_id) into v_customers from new_rows n where n.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n), '{}');
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n), '{}');
      perform private.shift_member_months(v_customers);
      insert into private.member_first_visits as f (customer_id, location_id, first_at)
      select n.customer_id, n.location_id, min(n.created_at)
        from new_rows n
       where n.status = 'approved'
       group by 1, 2
       order by 1, 2
      on conflict (customer_id, location_id) do update set first_at = excluded.first_at
       where f.first_at > excluded.first_at;
    end if;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.customer_id) into v_customers from old_rows o where o.status = 'approved';
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_cross_shopping(v_customers, '{}', array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_member_months(v_customers);
    end if;
  else
    -- Only rows whose status, time, business or customer changed matter.
    select array_agg(distinct x.customer_id) into v_customers
      from old_rows o join new_rows n on n.id = o.id
     cross join lateral (values (o.customer_id), (n.customer_id)) x(customer_id)
     where (o.status = 'approved' or n.status = 'approved')
       and (o.status, o.created_at, o.location_id, o.customer_id) is distinct from (n.status, n.created_at, n.location_id, n.customer_id);
    if v_customers is not null then
      perform private.shift_visit_returns(v_customers, array(select n.id from new_rows n),
                                          array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_cross_shopping(v_customers, array(select n.id from new_rows n),
                                           array(select row(o.*)::public.visits from old_rows o));
      perform private.shift_member_months(v_customers);
    end if;
  end if;
  if v_customers is not null then
    perform private.maybe_fold_rollups();
  end if;
  return null;
end;
$$;


-- As in 20261123002500, rebuilding the members' months too.
create or replace function private.rebuild_daily_rollup()
returns void
language sql
security definer
set search_path = ''
set work_mem = '256MB'
set jit = off
as $$
  delete from private.daily_rollup_pending where true;
  delete from private.daily_rollup where true;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(v.created_at), v.location_id, 'visits', '00000000-0000-0000-0000-000000000000', count(*)
    from public.visits v where v.status = 'approved' group by 1, 2;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.unlocked_at), coalesce(cr.welcome_location_id, v.location_id), 'unlocks',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr left join public.visits v on v.id = cr.unlocked_by_visit_id
   where cr.status <> 'revoked' and cr.unlocked_at is not null and coalesce(cr.welcome_location_id, v.location_id) is not null
   group by 1, 2, 4;
  insert into private.daily_rollup (day, location_id, kind, reward_id, n)
  select private.programme_day(cr.redeemed_at), cr.redeemed_location_id, 'redemptions',
         coalesce(cr.reward_id, '00000000-0000-0000-0000-000000000000'), count(*)
    from public.customer_rewards cr
   where cr.redeemed_at is not null and cr.redeemed_location_id is not null
   group by 1, 2, 4;
  select private.rebuild_visit_returns();
  select private.rebuild_signup_counts();
  select private.rebuild_cross_shopping();
  select private.rebuild_member_first_visits();
  select private.rebuild_member_month_masks();
$$;


-- As in 20261123002100, with the month's members from private.member_month_masks.
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
  v_month := (r.starts_at at time zone private.programme_time_zone())::date;
  -- The month's members by their set of businesses from private.member_month_masks, when every
  -- business has a stable bit (up to 63); else (null) from the month's visits as before.
  if not exists (select 1 from public.locations l
                  where not exists (select 1 from private.cross_shopping_bits b where b.location_id = l.id)) then
    v_bit := (select 1::bigint << b.bit from private.cross_shopping_bits b where b.location_id = p_location_id);
  end if;
  return (
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
end;
$$;


revoke execute on function
  private.shift_member_months(uuid[]),
  private.rebuild_member_month_masks(),
  private.roll_up_visits(),
  private.rebuild_daily_rollup()
from public;
