-- The settlement counts the month's redemptions once per (where earned, where honoured, kind) and
-- sums those few groups for every business and pair figure, instead of scanning all of the
-- month's redemptions about a hundred times (docs/PERFORMANCE.md, admin reads at 10 million visits).
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
