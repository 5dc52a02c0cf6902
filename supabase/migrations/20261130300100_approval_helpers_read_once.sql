-- An approval's helpers, leaner: the wallet's push queue probes before it plans an insert (most
-- members have no wallet card), and the rollups' triggers read the programme's time zone once
-- instead of once per programme_day call.

create or replace function private.wallet_queue_pushes(p_customer_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Most members have no wallet card: two index probes with cached plans, and no insert planned
  -- (a SQL function's insert was planned again at every call, on every approval).
  if not exists (select 1 from private.wallet_devices d where d.customer_id = p_customer_id)
     and not exists (select 1 from private.wallet_cards w where w.customer_id = p_customer_id and w.google_issued) then
    return;
  end if;
  insert into private.wallet_pushes (kind, customer_id, push_token)
  select 'apple', d.customer_id, d.push_token from private.wallet_devices d where d.customer_id = p_customer_id
  union all
  select 'google', w.customer_id, '' from private.wallet_cards w
   where w.customer_id = p_customer_id and w.google_issued
  on conflict do nothing;
end;
$$;

create or replace function private.append_cross_shopping(p_customers uuid[], p_signs integer[], p_locations text[], p_lasts timestamptz[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The programme's day of each row, with the zone read once (programme_day reads it per row).
  v_zone text := private.programme_time_zone();
begin
  with days as (
    select s.sign, s.customer_id, (s.last_at at time zone v_zone)::date as day, bit_or(1::bigint << b.bit) as flags
      from unnest(p_customers, p_signs, p_locations, p_lasts) as s(customer_id, sign, location_id, last_at)
      join private.cross_shopping_bits b on b.location_id = s.location_id
     group by 1, 2, 3),
  events as (
    select d.sign, d.day, bit_or(d.flags) over w as mask, lead(d.day) over w as lower
      from days d
    window w as (partition by d.sign, d.customer_id order by d.day desc)),
  delta as (
    select x.day, x.mask, sum(x.n)::integer as n
      from (select e.day, e.mask, e.sign as n from events e
            union all
            select e.lower, e.mask, -e.sign from events e where e.lower is not null) x
     group by 1, 2
    having sum(x.n) <> 0)
  insert into private.cross_shopping_pending (day, mask, n)
  select d.day, d.mask, d.n from delta d;
end;
$$;

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
  v_zone text;
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
        -- The programme's days with the zone read once (as private.programme_day).
        v_zone := private.programme_time_zone();
        v_day := (v_new.created_at at time zone v_zone)::date;
        insert into private.visit_returns_pending (scope, prev_day, day, n)
        values ('', coalesce((v_prev_anywhere at time zone v_zone)::date, '-infinity'), v_day, 1),
               (v_new.location_id, coalesce((v_lasts[v_here] at time zone v_zone)::date, '-infinity'), v_day, 1);

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
        if v_here is null or date_trunc('month', (v_lasts[v_here] at time zone v_zone)::date) <> date_trunc('month', v_day) then
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
