-- The visit rules as a specification: points, welcome rewards, tiers, tokens and redemption,
-- one request at a time. (Races are proven with parallel connections in tests/db.)
begin;
create extension if not exists pgtap;
\ir 00-helpers.sql
select plan(14);

update private.settings set min_visit_interval = interval '0';
select tests.create_user('13125550101') as member \gset
select tests.create_user('13125550102', '{"role": "staff", "location_id": "creamery"}') as staff \gset
select tests.create_user('13125550103', '{"role": "staff", "location_id": "museum"}') as museum_staff \gset

call tests.act_as(:'member');
select customer_id as customer from app.create_customer('Mia', '(312) 555-0101') \gset
select is((select count(*)::int from public.customers), 1, 'A member who signs up with their own phone is linked to the new customer');

select token as t1 from app.start_checkin('creamery') \gset
call tests.act_as(:'museum_staff');
select throws_ok(format('select * from app.approve_visit(%L)', :'t1'), 'LY403', null, 'Staff of another business cannot approve the check-in');

call tests.act_as(:'staff');
select results_eq(format('select points_earned, total_points from app.approve_visit(%L)', :'t1'),
  $$ values (5, 5) $$, 'An approved visit earns 5 points');
select throws_ok(format('select * from app.approve_visit(%L)', :'t1'), 'LY409', null, 'A check-in code works once');
select throws_ok($$ select * from app.approve_visit(repeat('0', 64)) $$, 'LY404', null, 'An unknown check-in code is refused');

call tests.act_as_superuser();
select is((select array_agg(r.name) from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id where cr.customer_id = :'customer'),
  array['Free Ice Cream Scoop'], 'The first visit at a business unlocks its welcome reward');

call tests.act_as(:'staff');
select is((select jsonb_path_query_array(unlocked_rewards, '$[*].name') from app.approve_visit('customer:' || :'customer')),
  '["$5 Off Any Business"]'::jsonb, 'Staff scanning a member card approve a visit; at 10 points it unlocks Silver');
call tests.act_as_superuser();
select is((select total_points from public.customers where id = :'customer'), 10, 'Points are 5 times the approved visits');
select is((select count(*)::int from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
            where cr.customer_id = :'customer' and r.tier = 'Silver'), 1, 'Reaching 10 points unlocks the Silver reward');
select is((select count(*)::int from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
            where cr.customer_id = :'customer' and r.kind = 'welcome'), 1, 'A second visit at the same business unlocks no second welcome reward');

call tests.act_as(:'member');
select token as t2 from app.start_checkin('creamery') \gset
call tests.act_as_superuser();
update public.checkin_tokens set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute'
 where token_hash = sha256(convert_to(:'t2', 'UTF8'));
call tests.act_as(:'staff');
select throws_ok(format('select * from app.approve_visit(%L)', :'t2'), 'LY410', null, 'A check-in code expires after 15 minutes');

call tests.act_as_superuser();
select id as silver from public.customer_rewards cr where cr.customer_id = :'customer'
   and cr.reward_id = (select id from public.rewards where tier = 'Silver') \gset
call tests.act_as(:'member');
select is((select status from app.redeem_reward(:'silver')), 'redeemed', 'The owner redeems an unlocked reward');
select throws_ok(format('select * from app.redeem_reward(%L)', :'silver'), 'LY409', null, 'A reward is redeemed once');

call tests.act_as(null);
select throws_ok($$ select * from app.create_customer('Copy', '3125550101') $$, 'LY409', null, 'One customer per phone number');

select * from finish();
rollback;
