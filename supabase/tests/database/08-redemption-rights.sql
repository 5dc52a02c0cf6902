-- Who may redeem a reward: a counter — staff at their own location
-- for a reward valid there, by its id or the member's redemption code (a welcome reward only at its business, a network reward anywhere);
-- an admin at a location where it is valid. Everyone else gets a 403 or 404 and nothing changes.
begin;
\ir 00-helpers.psql
select plan(25);

call tests.create_cast();
insert into tests.cast_members (name, user_id) values ('stranger', tests.create_user('13125550140'));
call tests.no_visit_limits();
-- A customer row with the creamery staff member's own phone, and one linked to Joanie's staff.
insert into public.customers (name, phone, signup_channel) values ('Stan', '+13125550103', 'web');
update tests.cast_members set customer_id = (select id from public.customers where phone = '+13125550103') where name = 'staff';
insert into public.customers (user_id, name, phone, signup_channel)
values (tests.user_id('other_staff'), 'Olive', '+13125550141', 'web');
update tests.cast_members set customer_id = (select id from public.customers where phone = '+13125550141') where name = 'other_staff';

-- Member A earns 20 points: the welcome rewards of four businesses, Silver and Gold.
call tests.act_as('admin');
select jsonb_agg(app.approve_visit('customer:' || tests.customer_id('member_a'), l)) as ignored
  from unnest(array['creamery', 'joanies', 'museum', 'snackco']) l \gset
select app.approve_visit('customer:' || tests.customer_id('staff'), 'museum') as ignored \gset
select tests.customer_reward_id('member_a', 'creamery') as scoop, tests.customer_reward_id('member_a', 'joanies') as bread,
       tests.customer_reward_id('member_a', 'museum') as admission, tests.customer_reward_id('member_a', 'Silver') as silver,
       tests.customer_reward_id('member_a', 'Gold') as gold, tests.customer_reward_id('staff', 'museum') as stan_admission \gset

-- Everyone without a right to it -----------------------------------------------------------

call tests.act_as('stranger');
select throws_ok(format('select app.redeem_reward(%L)', :'scoop'), 'LY404', null,
  'A signed-in user with no customer record cannot redeem someone else''s reward (404)');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'scoop', 'creamery'), 'LY404', null,
  'Naming the reward''s own business does not help a user with no customer record');
call tests.act_as('member_b');
select throws_ok(format('select app.redeem_reward(%L)', :'silver'), 'LY404', null,
  'Another member cannot redeem the reward and is not told it exists');
call tests.act_as('kiosk');
select throws_ok(format('select app.redeem_reward(%L)', :'scoop'), 'LY404', null,
  'The kiosk of the reward''s own business cannot redeem it');
call tests.act_as('other_staff');
select throws_ok(format('select app.redeem_reward(%L)', :'scoop'), 'LY403', null,
  'Staff of another business cannot redeem a welcome reward valid only at its own business');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'scoop', 'creamery'), 'LY403', null,
  'Staff cannot claim to be at a business they do not work at');
call tests.act_as('staff');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'silver', 'joanies'), 'LY403', null,
  'Staff cannot redeem a network reward in the name of another business');
call tests.act_as('member_a');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'scoop', 'museum'), 'LY403', null,
  'The owner cannot use a welcome reward at another business');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'scoop', 'atlantis'), 'LY404', null,
  'Redeeming at an unknown business is a 404, not an error of the database');

call tests.act_as_superuser();
select is((select count(*)::int from public.customer_rewards where customer_id = tests.customer_id('member_a') and status = 'redeemed'), 0,
  'After all those refusals none of member A''s rewards is redeemed');
select is((select count(*)::int from public.points_ledger where event = 'reward_redeemed'), 0,
  'and the ledger records no redemption');

-- Those who may ----------------------------------------------------------------------------

call tests.act_as('staff');
select throws_ok(format('select app.redeem_reward(%L)', :'scoop'), 'LY403',
  'The member must be at the counter: ask for the code on their phone or scan their card',
  'Staff who have not scanned the member''s card or phone here are told to ask for the code');
select tests.saw_card('staff', 'member_a', 'creamery') as ignored \gset
select is(app.redeem_reward(:'scoop') #>> '{customerReward,status}', 'redeemed',
  'Staff of the creamery redeem its welcome reward at their counter');
call tests.act_as('other_staff');
select tests.saw_card('other_staff', 'member_a', 'joanies') as ignored \gset
select is(app.redeem_reward(:'silver') #>> '{customerReward,status}', 'redeemed',
  'Staff of any business redeem a network reward at their own counter');
call tests.act_as('admin');
select is(app.redeem_reward(:'admission') #>> '{customerReward,status}', 'redeemed',
  'An admin redeems a welcome reward, at its own business by default');
select throws_ok(format('select app.redeem_reward(%L)', :'gold'), 'LY400', null,
  'An admin redeeming a network reward must say at which business');
call tests.act_as('member_a');
select throws_ok(format('select app.redeem_reward(%L)', :'bread'), 'LY403', null,
  'The owner does not redeem on their own: a counter confirms their redemption code');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'gold', 'snackco'), 'LY403', null,
  'nor names a business that would pay for it');
select app.start_redemption(:'gold') ->> 'code' as gold_code \gset
call tests.act_as('admin');
select is(app.redeem_with_code(:'gold_code', 'museum') #>> '{customerReward,reward,name}', '$10 Off Any Business',
  'A counter redeems a network reward from the member''s code at its own business');

call tests.act_as_superuser();
select results_eq(
  format($$ select id, redeemed_location_id, redeemed_by from public.customer_rewards where id in (%L, %L, %L) order by redeemed_location_id $$,
         :'scoop', :'silver', :'admission'),
  format($$ values (%L::uuid, 'creamery'::text, %L::uuid), (%L, 'joanies', %L), (%L, 'museum', %L) $$,
         :'scoop', tests.user_id('staff'), :'silver', tests.user_id('other_staff'), :'admission', tests.user_id('admin')),
  'Each redemption records where and by whom');

-- Never on one's own account ---------------------------------------------------------------

call tests.act_as('staff');
select throws_ok(format('select app.redeem_reward(%L, %L)', :'stan_admission', 'museum'), 'LY403', null,
  'Staff cannot redeem a reward of a customer row with their own phone');
call tests.act_as('admin');
select lives_ok(format('select app.redeem_reward(%L)', :'stan_admission'),
  'An admin can redeem that reward for the customer');
call tests.act_as('staff');
select throws_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('staff')), 'LY403', null,
  'Staff cannot approve a visit on a customer row with their own phone');
call tests.act_as('other_staff');
select throws_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('other_staff')), 'LY403', null,
  'Staff cannot approve a visit on the customer row linked to their own sign-in');
call tests.act_as_superuser();
select is((select count(*)::int from public.visits where customer_id = tests.customer_id('other_staff')), 0,
  'The refused self-approval recorded no visit');

select * from finish();
rollback;
