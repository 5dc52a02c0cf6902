-- Visits, unlocked rewards and contact messages: members read their own history and rewards,
-- staff and kiosks none (a visit names its member), admins everything. Nobody writes these tables directly:
-- points, unlocks and redemptions happen only inside app.approve_visit and app.redeem_reward.
begin;
\ir 00-helpers.psql
select plan(85);

call tests.create_rls_fixture();

-- Visits ----------------------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from public.visits $$, '42501', null, 'Visitors cannot read visits');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (gen_random_uuid(), 'creamery', 5, 'staff') $$,
  '42501', null, 'Visitors cannot record a visit');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Visitors cannot change a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Visitors cannot remove visits');

call tests.act_as('member_a');
select set_eq($$ select location_id from public.visits $$, array['creamery', 'joanies'],
  'Member A reads exactly their own two visits');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_a'), 'creamery', 5, 'staff') $$,
  '42501', null, 'Member A cannot record a visit for themselves');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Member A cannot inflate the points of a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Member A cannot remove visits');

call tests.act_as('member_b');
select results_eq($$ select customer_id from public.visits $$, array[tests.customer_id('member_b')],
  'Member B reads only their own visit, not member A''s visit at the same business');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_b'), 'joanies', 5, 'staff') $$,
  '42501', null, 'Member B cannot record a visit for themselves');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Member B cannot inflate the points of a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Member B cannot remove visits');

call tests.act_as('kiosk');
select is((select count(*)::int from public.visits), 0, 'A kiosk reads no visits, not even those it approved');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_a'), 'creamery', 5, 'kiosk') $$,
  '42501', null, 'A kiosk cannot record a visit directly (app.approve_visit does)');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'A kiosk cannot change a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'A kiosk cannot remove visits');

call tests.act_as('staff');
select is_empty($$ select * from public.visits $$,
  'Creamery staff read no visit, not even the creamery''s: each names its member');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_a'), 'creamery', 5, 'staff') $$,
  '42501', null, 'Staff cannot record a visit directly');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Staff cannot change a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Staff cannot remove visits');

call tests.act_as('other_staff');
select is_empty($$ select * from public.visits $$, 'Joanie''s staff read no visit');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_b'), 'joanies', 5, 'staff') $$,
  '42501', null, 'Staff of another business cannot record a visit directly');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Staff of another business cannot change a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Staff of another business cannot remove visits');

call tests.act_as('admin');
select is((select count(*)::int from public.visits), 3, 'Admins read every visit');
select throws_ok($$ insert into public.visits (customer_id, location_id, points, approved_via)
                    values (tests.customer_id('member_a'), 'creamery', 5, 'admin') $$,
  '42501', null, 'Admins cannot record a visit directly either');
select throws_ok($$ update public.visits set points = 500 $$, '42501', null, 'Admins cannot change a visit');
select throws_ok($$ delete from public.visits $$, '42501', null, 'Admins cannot remove visits (points are 5 × visits)');

-- Unlocked rewards ------------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from public.customer_rewards $$, '42501', null, 'Visitors cannot read unlocked rewards');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select gen_random_uuid(), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'Visitors cannot unlock a reward');
select throws_ok($$ update public.customer_rewards set status = 'unlocked', redeemed_at = null $$, '42501', null,
  'Visitors cannot reset a redemption');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Visitors cannot remove unlocked rewards');

call tests.act_as('member_a');
select set_eq($$ select r.name from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id $$,
  array['Free Ice Cream Scoop', 'Free Garlic Bread', '$5 Off Any Business'],
  'Member A reads exactly their own three unlocked rewards');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_a'), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'Member A cannot unlock Gold for themselves');
select throws_ok($$ update public.customer_rewards set status = 'redeemed', redeemed_at = now() $$, '42501', null,
  'Member A redeems only through app.redeem_reward, not by editing the row');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Member A cannot remove unlocked rewards');

call tests.act_as('member_b');
select results_eq($$ select customer_id from public.customer_rewards $$, array[tests.customer_id('member_b')],
  'Member B reads only their own unlocked reward');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_b'), id from public.rewards where tier = 'Silver' $$,
  '42501', null, 'Member B cannot unlock Silver for themselves');
select throws_ok($$ update public.customer_rewards set status = 'redeemed', redeemed_at = now() $$, '42501', null,
  'Member B cannot mark rewards redeemed directly');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Member B cannot remove unlocked rewards');

call tests.act_as('kiosk');
select is((select count(*)::int from public.customer_rewards), 0, 'A kiosk reads no unlocked rewards');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_a'), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'A kiosk cannot unlock a reward directly');
select throws_ok($$ update public.customer_rewards set status = 'redeemed', redeemed_at = now() $$, '42501', null,
  'A kiosk cannot mark rewards redeemed');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'A kiosk cannot remove unlocked rewards');

call tests.act_as('staff');
select is((select count(*)::int from public.customer_rewards), 0, 'Staff read no unlocked rewards (they redeem through app.redeem_reward)');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_a'), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'Staff cannot unlock a reward directly');
select throws_ok($$ update public.customer_rewards set status = 'redeemed', redeemed_at = now() $$, '42501', null,
  'Staff cannot mark rewards redeemed directly');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Staff cannot remove unlocked rewards');

call tests.act_as('other_staff');
select is((select count(*)::int from public.customer_rewards), 0, 'Staff of another business read no unlocked rewards');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_b'), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'Staff of another business cannot unlock a reward directly');
select throws_ok($$ update public.customer_rewards set status = 'redeemed', redeemed_at = now() $$, '42501', null,
  'Staff of another business cannot mark rewards redeemed directly');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Staff of another business cannot remove unlocked rewards');

call tests.act_as('admin');
select is((select count(*)::int from public.customer_rewards), 4, 'Admins read every unlocked reward');
select throws_ok($$ insert into public.customer_rewards (customer_id, reward_id)
                    select tests.customer_id('member_b'), id from public.rewards where tier = 'Gold' $$,
  '42501', null, 'Admins cannot unlock a reward directly');
select throws_ok($$ update public.customer_rewards set status = 'unlocked', redeemed_at = null $$, '42501', null,
  'Admins cannot reset redemptions directly');
select throws_ok($$ delete from public.customer_rewards $$, '42501', null, 'Admins cannot remove unlocked rewards directly');

-- Contact messages ------------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from public.contact_messages $$, '42501', null, 'Visitors cannot read contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Visitors cannot insert messages directly');
select isnt(app.submit_contact_message('Al', 'al@example.com', null, 'Hi'), null,
  'Visitors leave a message through app.submit_contact_message');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Visitors cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Visitors cannot remove messages');

call tests.act_as('member_a');
select is((select count(*)::int from public.contact_messages), 0, 'Member A reads no contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Member A cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Member A cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Member A cannot remove messages');

call tests.act_as('member_b');
select is((select count(*)::int from public.contact_messages), 0, 'Member B reads no contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Member B cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Member B cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Member B cannot remove messages');

call tests.act_as('kiosk');
select is((select count(*)::int from public.contact_messages), 0, 'A kiosk reads no contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'A kiosk cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'A kiosk cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'A kiosk cannot remove messages');

call tests.act_as('staff');
select is((select count(*)::int from public.contact_messages), 0, 'Staff read no contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Staff cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Staff cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Staff cannot remove messages');

call tests.act_as('other_staff');
select is((select count(*)::int from public.contact_messages), 0, 'Staff of another business read no contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Staff of another business cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Staff of another business cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Staff of another business cannot remove messages');

call tests.act_as('admin');
select set_eq($$ select name from public.contact_messages $$, array['Cleo', 'Al'], 'Admins read every contact message');
select throws_ok($$ insert into public.contact_messages (name, email, message) values ('Al', 'al@example.com', 'Hi') $$,
  '42501', null, 'Admins cannot insert messages directly');
select throws_ok($$ update public.contact_messages set message = 'Spam' $$, '42501', null, 'Admins cannot edit messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'Admins cannot remove messages through the API');

select * from finish();
rollback;
