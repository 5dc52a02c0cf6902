-- The admin Customers tab (issue 14): paging and sorting over 100k customers, and one
-- customer's whole record. Last visit and total visits are rolled up on the customer row by a
-- trigger on visits, so sorting and filtering by them is an index scan, not an aggregate.

alter table public.customers
  add column visit_count integer not null default 0 check (visit_count >= 0),
  add column last_visit_at timestamptz;

-- Every ordering the tab offers, each with the id as the tie-breaker (stable pages).
create index customers_name_idx on public.customers (name, id);
create index customers_total_points_idx on public.customers (total_points, id);
create index customers_visit_count_idx on public.customers (visit_count, id);
create index customers_last_visit_at_idx on public.customers (last_visit_at, id);
-- Visits in a range by customer (the "active in the range" semi-join) without touching the heap.
create index visits_approved_created_customer_idx on public.visits (created_at, customer_id, location_id)
  where status = 'approved';

-- Keeps visit_count and last_visit_at equal to the customer's approved visits. An insert adds
-- one; any other change (a void, a corrected time) recounts that customer, which is cheap
-- through visits_customer_location_created_idx.
create function private.roll_up_customer_visits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'approved' then
      update public.customers c
         set visit_count = c.visit_count + 1,
             last_visit_at = greatest(c.last_visit_at, new.created_at)
       where c.id = new.customer_id;
    end if;
    return null;
  end if;
  update public.customers c
     set (visit_count, last_visit_at) = (
       select count(*), max(v.created_at) from public.visits v
        where v.customer_id = c.id and v.status = 'approved')
   where c.id in (old.customer_id, case when tg_op = 'UPDATE' then new.customer_id end);
  return null;
end;
$$;
revoke execute on function private.roll_up_customer_visits() from public;

create trigger visits_roll_up_customer
  after insert or delete or update of status, created_at, customer_id on public.visits
  for each row execute function private.roll_up_customer_visits();

update public.customers c
   set (visit_count, last_visit_at) = (
     select count(*), max(v.created_at) from public.visits v
      where v.customer_id = c.id and v.status = 'approved');

-- Customers for the tab: with a date range, those active in it — joined in it, or visited in
-- it (with a location: joined there or visited there); range 'all' lists everyone. Search
-- matches a part of the name (any case) or a run of at least 3 phone digits. Sorted by
-- p_sort (lastActive, name, points, lastVisit, totalVisits, createdAt) in p_order, id as the
-- tie-breaker; page p_page of p_limit rows. Rows keep SPEC §3's fields.
create function private.admin_customer_ids(p_search text, p_location_id text, p_range text,
                                           p_from date, p_to date)
returns table (id uuid)
language plpgsql stable
set search_path = ''
as $$
declare
  r record;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_digits text := regexp_replace(coalesce(p_search, ''), '[^0-9]', '', 'g');
begin
  if length(v_digits) < 3 then v_digits := null; end if;
  if p_range = 'all' then
    if p_from is not null or p_to is not null then
      perform private.fail('400', 'from and to belong to a custom range');
    end if;
    return query
      select c.id from public.customers c
       where (v_search is null or position(v_search in lower(c.name)) > 0
              or (v_digits is not null and position(v_digits in c.phone) > 0))
         and (p_location_id is null or c.signup_location_id = p_location_id
              or c.id in (select v.customer_id from public.visits v
                           where v.location_id = p_location_id and v.status = 'approved'));
    return;
  end if;
  select * into r from private.dashboard_range(p_range, p_from, p_to);
  return query
    select c.id from public.customers c
     where (v_search is null or position(v_search in lower(c.name)) > 0
            or (v_digits is not null and position(v_digits in c.phone) > 0))
       and ((c.created_at >= r.starts_at and c.created_at < r.ends_at
             and (p_location_id is null or c.signup_location_id = p_location_id))
            -- A rolling range ends now, so the rolled-up last visit answers it without visits.
            or (p_location_id is null and r.ends_at >= now() and c.last_visit_at >= r.starts_at)
            or c.id in (select v.customer_id from public.visits v
                         where v.status = 'approved' and v.created_at >= r.starts_at and v.created_at < r.ends_at
                           and (p_location_id is null or v.location_id = p_location_id)));
end;
$$;

drop function app.admin_customers(text, text, text, date, date, integer);
create function app.admin_customers(p_search text default null, p_location_id text default null,
                                    p_range text default '7days', p_from date default null,
                                    p_to date default null, p_limit integer default 100,
                                    p_page integer default 1, p_sort text default 'lastActive',
                                    p_order text default 'desc')
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_desc boolean := p_order = 'desc';
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  if p_limit is null or p_limit not between 1 and 500 then
    perform private.fail('400', 'limit is between 1 and 500');
  end if;
  if p_page is null or p_page not between 1 and 100000 then
    perform private.fail('400', 'page is between 1 and 100000');
  end if;
  if p_sort is null or p_sort not in ('lastActive', 'name', 'points', 'lastVisit', 'totalVisits', 'createdAt')
     or p_order is null or p_order not in ('asc', 'desc') then
    perform private.fail('400', 'Unknown sort order');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'name', x.name, 'phone', right(x.phone, 10), 'email', x.email,
             'totalPoints', x.total_points, 'status', private.tier_for(x.total_points) ->> 'name',
             'lastVisit', x.last_visit_at, 'totalVisits', x.visit_count, 'createdAt', x.created_at)
           order by x.n), '[]'::jsonb)
      from (
        select c.*, row_number() over () as n
          from (
            select c.* from public.customers c
             where c.id in (select f.id from private.admin_customer_ids(p_search, p_location_id, p_range, p_from, p_to) f)
             order by
               case when p_sort = 'name' and not v_desc then c.name end asc,
               case when p_sort = 'name' and v_desc then c.name end desc,
               case when p_sort = 'points' and not v_desc then c.total_points end asc,
               case when p_sort = 'points' and v_desc then c.total_points end desc,
               case when p_sort = 'totalVisits' and not v_desc then c.visit_count end asc,
               case when p_sort = 'totalVisits' and v_desc then c.visit_count end desc,
               case when p_sort = 'lastVisit' and not v_desc then c.last_visit_at end asc nulls first,
               case when p_sort = 'lastVisit' and v_desc then c.last_visit_at end desc nulls last,
               case when p_sort = 'createdAt' and not v_desc then c.created_at end asc,
               case when p_sort = 'createdAt' and v_desc then c.created_at end desc,
               case when p_sort = 'lastActive' and not v_desc then greatest(c.created_at, c.last_visit_at) end asc,
               case when p_sort = 'lastActive' and v_desc then greatest(c.created_at, c.last_visit_at) end desc,
               case when v_desc then c.id end desc,
               c.id
             limit p_limit offset (p_page - 1)::bigint * p_limit
          ) c
      ) x);
end;
$$;

-- How many customers the same filters find (the tab's page count).
create function app.admin_customers_count(p_search text default null, p_location_id text default null,
                                          p_range text default '7days', p_from date default null,
                                          p_to date default null)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  perform private.require_admin('Only admins can read the dashboard');
  perform private.require_location(p_location_id);
  return jsonb_build_object('total',
    (select count(*) from private.admin_customer_ids(p_search, p_location_id, p_range, p_from, p_to)));
end;
$$;

-- One customer's whole record for the detail view: contact details and consents, visits
-- (voided ones too, marked), rewards, redemptions and the ledger, newest first.
create function app.admin_customer(p_customer_id uuid)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  c public.customers;
begin
  perform private.require_admin('Only admins can read customers');
  select * into c from public.customers x where x.id = p_customer_id;
  if not found then
    perform private.fail('404', 'Unknown customer');
  end if;
  return jsonb_build_object(
    'customer', jsonb_build_object(
      'id', c.id, 'name', c.name, 'phone', right(c.phone, 10), 'email', c.email,
      'totalPoints', c.total_points, 'status', private.tier_for(c.total_points) ->> 'name',
      'lastVisit', c.last_visit_at, 'totalVisits', c.visit_count, 'createdAt', c.created_at,
      'smsConsent', c.sms_consent, 'emailConsent', c.email_consent,
      'signupChannel', c.signup_channel, 'signupLocationId', c.signup_location_id,
      'signedIn', c.user_id is not null),
    'visits', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', v.id, 'locationId', v.location_id, 'businessName', l.business_name, 'points', v.points,
               'approvedVia', v.approved_via, 'status', v.status, 'createdAt', v.created_at,
               'voidedAt', v.voided_at, 'voidReason', v.void_reason)
             order by v.created_at desc, v.id), '[]'::jsonb)
        from (select * from public.visits x where x.customer_id = c.id order by x.created_at desc, x.id limit 500) v
        join public.locations l on l.id = v.location_id),
    'rewards', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', cr.id, 'status', cr.status, 'name', coalesce(r.name, 'Removed reward'),
               'kind', r.kind, 'scope', r.scope, 'locationId', coalesce(r.location_id, cr.welcome_location_id),
               'unlockedAt', cr.unlocked_at, 'redeemedAt', cr.redeemed_at,
               'redeemedLocationId', cr.redeemed_location_id, 'revokedAt', cr.revoked_at)
             order by cr.unlocked_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
       where cr.customer_id = c.id),
    'redemptions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'customerRewardId', cr.id, 'rewardName', coalesce(r.name, 'Removed reward'),
               'locationId', cr.redeemed_location_id, 'businessName', l.business_name,
               'redeemedAt', cr.redeemed_at)
             order by cr.redeemed_at desc, cr.id), '[]'::jsonb)
        from public.customer_rewards cr
        left join public.rewards r on r.id = cr.reward_id
        left join public.locations l on l.id = cr.redeemed_location_id
       where cr.customer_id = c.id and cr.redeemed_at is not null),
    'consents', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', k.id, 'channel', k.channel, 'wording', k.wording, 'scope', k.scope,
               'signupChannel', k.signup_channel, 'createdAt', k.created_at)
             order by k.created_at desc, k.id), '[]'::jsonb)
        from public.consents k where k.customer_id = c.id),
    'ledger', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'event', e.event, 'points', e.points, 'visitId', e.visit_id,
               'customerRewardId', e.customer_reward_id, 'locationId', e.location_id,
               'actorRole', e.actor_role, 'reason', e.reason, 'createdAt', e.created_at)
             order by e.id desc), '[]'::jsonb)
        from (select * from public.points_ledger x where x.customer_id = c.id order by x.id desc limit 500) e));
end;
$$;

revoke execute on function
  private.admin_customer_ids(text, text, text, date, date),
  app.admin_customers(text, text, text, date, date, integer, integer, text, text),
  app.admin_customers_count(text, text, text, date, date),
  app.admin_customer(uuid)
from public;
grant execute on function
  private.admin_customer_ids(text, text, text, date, date),
  app.admin_customers(text, text, text, date, date, integer, integer, text, text),
  app.admin_customers_count(text, text, text, date, date),
  app.admin_customer(uuid)
to authenticated;
