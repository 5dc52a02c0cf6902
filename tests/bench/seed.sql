-- The admin dashboard's volume: 100k customers and 1M visits over a year, with the
-- rewards, redemptions, consents and ledger events they imply — set-based, on a throwaway
-- database (scripts/bench-admin.ts makes one). Never run this on a database you care about.
set client_min_messages = warning;

-- Rolled up once at the end, set-based, instead of a million row triggers.
-- Every trigger on visits is a rollup (the statement and row triggers of the dashboard's counters).
alter table public.visits disable trigger user;
alter table public.customer_rewards disable trigger customer_rewards_roll_up_daily;
-- The sign-up counter is one row per business: a row trigger updating it for every customer in
-- one transaction walks an ever longer chain of that row's versions (quadratic: minutes at 1M).
alter table public.customers disable trigger customers_count_signups;

create temporary table bench_locations as
  select id, row_number() over (order by sort_order, id)::int as n from public.locations;

insert into public.customers (name, phone, email, sms_consent, signup_channel, signup_location_id, created_at)
select (array['Ava','Ben','Cara','Dan','Eve','Finn','Gia','Hal'])[1 + i % 8] || ' '
         || (array['Smith','Jones','Garcia','Lee','Brown','Miller','Davis','Moore','Clark'])[1 + (i / 8) % 9] || ' ' || i,
       '+1' || (2000000000 + i)::text,
       case when i % 3 = 0 then 'member' || i || '@example.com' end,
       i % 2 = 0,
       (array['web', 'business', 'kiosk', 'mobile'])[1 + i % 4],
       case when i % 4 in (1, 2) then (select id from bench_locations where n = 1 + i % 6) end,
       now() - interval '400 days' * random()
  from generate_series(1, 100000) as g(i);

insert into public.consents (customer_id, channel, wording, scope, signup_channel, created_at)
select c.id, 'sms', private.default_sms_consent_wording(), private.consent_scope(), c.signup_channel, c.created_at
  from public.customers c where c.sms_consent;

create temporary table bench_customers as
  select id, row_number() over (order by id)::int as n from public.customers;

-- 1M visits in the last 365 days, a random customer each, busier at the first businesses.
insert into public.visits (customer_id, location_id, points, approved_via, created_at)
select c.id, l.id, 5, (array['kiosk', 'staff'])[1 + (x.g % 2)], now() - interval '365 days' * x.r
  from (select g, 1 + floor(random() * 100000)::int as cn, 1 + floor(power(random(), 1.4) * 6)::int as ln, random() as r
          from generate_series(1, 1000000) as s(g)) x
  join bench_customers c on c.n = x.cn
  join bench_locations l on l.n = x.ln;

-- One visit in 200 voided.
update public.visits set status = 'voided', voided_at = created_at + interval '1 day', void_reason = 'bench'
 where id in (select id from public.visits tablesample bernoulli (0.5));

-- Welcome rewards on each first approved visit at a business; a third of them redeemed there.
insert into public.customer_rewards (customer_id, reward_id, welcome_location_id, status, unlocked_at,
                                     unlocked_by_visit_id, redeemed_at, redeemed_location_id)
select f.customer_id, r.id, r.location_id, case when f.used then 'redeemed' else 'unlocked' end, f.created_at, f.id,
       case when f.used then least(f.created_at + interval '3 days' * random(), now()) end,
       case when f.used then f.location_id end
  from (select distinct on (v.customer_id, v.location_id) v.*, random() < 0.33 as used
          from public.visits v where v.status = 'approved'
         order by v.customer_id, v.location_id, v.created_at) f
  join public.rewards r on r.kind = 'welcome' and r.location_id = f.location_id;

-- Tier rewards on the visit that reached 10 (Silver) and 20 (Gold) points; half redeemed anywhere.
insert into public.customer_rewards (customer_id, reward_id, status, unlocked_at, unlocked_by_visit_id,
                                     redeemed_at, redeemed_location_id)
select t.customer_id, r.id, case when t.used then 'redeemed' else 'unlocked' end, t.created_at, t.id,
       case when t.used then least(t.created_at + interval '5 days' * random(), now()) end,
       case when t.used then (select id from bench_locations where n = 1 + abs(hashtext(t.id::text)) % 6) end
  from (select v.*, row_number() over (partition by v.customer_id order by v.created_at) as k, random() < 0.5 as used
          from public.visits v where v.status = 'approved') t
  join public.rewards r on r.kind = 'tier' and ((r.tier = 'Silver' and t.k = 2) or (r.tier = 'Gold' and t.k = 4));

-- The ledger: one event per approved visit (the biggest table the customer view reads).
insert into public.points_ledger (customer_id, event, points, visit_id, location_id, actor_role, created_at)
select v.customer_id, 'visit_approved', 5, v.id, v.location_id, v.approved_via, v.created_at
  from public.visits v where v.status = 'approved';

update public.customers c
   set total_points = s.n * 5, visit_count = s.n, last_visit_at = s.last_at
  from (select customer_id, count(*) as n, max(created_at) as last_at
          from public.visits where status = 'approved' group by customer_id) s
 where s.customer_id = c.id;

insert into public.contact_messages (name, email, subject, message, created_at)
select 'Writer ' || i, 'writer' || i || '@example.com', 'Question ' || i, 'Hello from the bench', now() - interval '1 hour' * i
  from generate_series(1, 2000) as g(i);

-- Every rollup and counter, the sign-up counts included.
select private.rebuild_daily_rollup();
alter table public.visits enable trigger user;
alter table public.customer_rewards enable trigger customer_rewards_roll_up_daily;
alter table public.customers enable trigger customers_count_signups;
analyze;
