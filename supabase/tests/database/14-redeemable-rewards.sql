-- What staff can redeem: when staff or an admin approve a scan — a member card
-- or a check-in token — the answer lists the member's unlocked, unused rewards valid at that
-- business (its welcome reward and every network reward), earlier ones included. A kiosk's
-- answer lists none.
begin;
\ir 00-helpers.psql
select plan(15);

call tests.create_cast();
call tests.no_visit_limits();

-- Member A's first visit, at the creamery's (enrolled) kiosk.
call tests.act_as('kiosk');
select app.start_checkin('creamery', '3125550101') ->> 'token' as t1 \gset
select app.approve_visit(:'t1') as at_kiosk \gset
select is(:'at_kiosk'::jsonb -> 'unlockedRewards' -> 0 ->> 'name', 'Free Ice Cream Scoop', 'The kiosk visit unlocks the creamery''s welcome reward');
select is(:'at_kiosk'::jsonb -> 'redeemableRewards', '[]'::jsonb, 'A kiosk''s answer lists no rewards to redeem');

-- Second visit, a member card at Joanie's: garlic bread and Silver, not the creamery's scoop.
call tests.act_as('other_staff');
select app.approve_visit('customer:' || tests.customer_id('member_a')) as at_joanies \gset
select is(jsonb_path_query_array(:'at_joanies'::jsonb, '$.redeemableRewards[*].name'),
  '["Free Garlic Bread", "$5 Off Any Business"]'::jsonb,
  'Staff at Joanie''s see the member''s Joanie''s welcome reward and the network reward, not another business''s');
select is(jsonb_path_query_array(:'at_joanies'::jsonb, '$.redeemableRewards[*].scope'), '["location", "network"]'::jsonb,
  'Each lists its scope');
select is(jsonb_path_query_array(:'at_joanies'::jsonb, '$.redeemableRewards[0].id')->>0, tests.customer_reward_id('member_a', 'joanies')::text,
  'Its id is the member''s reward id that redeeming takes');

-- Third visit: a check-in token approved by the creamery's staff, after Silver was redeemed.
call tests.act_as('other_staff');
select tests.saw_card('other_staff', 'member_a', 'joanies') as ignored \gset
select app.redeem_reward(tests.customer_reward_id('member_a', 'Silver')) as ignored \gset
call tests.act_as('member_a');
select app.start_checkin('creamery') ->> 'token' as t3 \gset
call tests.act_as('staff');
select app.approve_visit(:'t3') as at_creamery \gset
select is(jsonb_path_query_array(:'at_creamery'::jsonb, '$.redeemableRewards[*].name'), '["Free Ice Cream Scoop"]'::jsonb,
  'Staff approving a token see a reward earned on an earlier visit, and not one already redeemed');
call tests.act_as('admin');
select is(jsonb_path_query_array(app.approve_visit('customer:' || tests.customer_id('member_a'), 'museum'), '$.redeemableRewards[*].name'),
  '["Free Admission", "$10 Off Any Business"]'::jsonb,
  'An admin approving at a business sees what is redeemable there, including what this visit unlocked (Gold at 20)');
select lives_ok(format('select app.redeem_reward(%L)', tests.customer_reward_id('member_a', 'museum')),
  'An admin redeems it straight from that list');

-- The staff reward list, without a visit -----------------------------------------------------------

call tests.act_as('other_staff');
select results_eq(
  format($$ select r #>> '{customer,name}', r ->> 'locationId', jsonb_path_query_array(r, '$.redeemableRewards[*].name')
              from app.redeemable_rewards(%L) r $$, tests.customer_id('member_a')),
  $$ values ('Ann'::text, 'joanies'::text, '["Free Garlic Bread", "$10 Off Any Business"]'::jsonb) $$,
  'Staff look up what a scanned member can redeem at their counter without approving a visit');
select throws_ok(format('select app.redeemable_rewards(%L, %L)', tests.customer_id('member_a'), 'creamery'), 'LY403', null,
  'but not at another business');
call tests.act_as('admin');
select throws_ok(format('select app.redeemable_rewards(%L)', tests.customer_id('member_a')), 'LY400', null,
  'An admin names the business');
select is(jsonb_array_length(app.redeemable_rewards(tests.customer_id('member_a'), 'creamery') -> 'redeemableRewards'), 2,
  'and sees what is redeemable there');
select throws_ok($$ select app.redeemable_rewards('00000000-0000-4000-8000-00000000beef', 'creamery') $$, 'LY404', null,
  'An unknown customer is a 404');
call tests.act_as('member_a');
select throws_ok(format('select app.redeemable_rewards(%L, %L)', tests.customer_id('member_a'), 'creamery'), 'LY403', null,
  'Members use their own account page, not the staff list');
call tests.act_as('kiosk');
select throws_ok(format('select app.redeemable_rewards(%L, %L)', tests.customer_id('member_a'), 'creamery'), 'LY403', null,
  'A kiosk cannot list a member''s rewards');

select * from finish();
rollback;
