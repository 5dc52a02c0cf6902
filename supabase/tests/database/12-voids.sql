-- Voiding a fraudulent visit: admins only, with a reason. The visit stays, marked
-- voided; new ledger events reverse its points and every reward the customer no longer earns
-- (tiers follow lifetime points, so a void can demote). A reward already redeemed cannot be
-- taken back: it stays redeemed and the ledger records it as clawed back.
begin;
\ir 00-helpers.psql
select plan(23);

call tests.create_cast();
call tests.no_visit_limits();

-- Member A: creamery, Joanie's (Silver at 10), museum (15). They redeem Joanie's garlic bread.
call tests.act_as('admin');
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'creamery') ->> 'visitId' as v_creamery \gset
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'joanies') ->> 'visitId' as v_joanies \gset
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'museum') ->> 'visitId' as v_museum \gset
select tests.customer_reward_id('member_a', 'joanies') as bread, tests.customer_reward_id('member_a', 'museum') as admission,
       tests.customer_reward_id('member_a', 'Silver') as silver \gset
call tests.act_as('other_staff');
select tests.saw_card('other_staff', 'member_a', 'joanies') as ignored \gset
select app.redeem_reward(:'bread') as ignored \gset

-- Who may void ---------------------------------------------------------------------------------

call tests.act_as('staff');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_creamery', 'Mistake'), 'LY403', null, 'Staff cannot void visits');
call tests.act_as('member_a');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_creamery', 'Mistake'), 'LY403', null, 'Members cannot void visits');
call tests.act_as('kiosk');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_creamery', 'Mistake'), 'LY403', null, 'Kiosks cannot void visits');
call tests.act_as('anon');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_creamery', 'Mistake'), '42501', null, 'Visitors cannot void visits');
call tests.act_as('admin');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_creamery', '   '), 'LY400', null, 'A void needs a reason');
select throws_ok(format('select app.void_visit(%L, null)', :'v_creamery'), 'LY400', null, 'A missing reason is refused too');
select throws_ok($$ select app.void_visit('00000000-0000-4000-8000-00000000beef', 'Fraud') $$, 'LY404', null,
  'Voiding an unknown visit is a 404');

-- A void that leaves the tier: the redeemed welcome reward is clawed back ------------------------

select app.void_visit(:'v_joanies', 'Card scanned twice by mistake') as void_1 \gset
select results_eq(
  format($$ select (%1$L::jsonb ->> 'pointsReversed')::int, (%1$L::jsonb ->> 'totalPoints')::int,
                   %1$L::jsonb -> 'rewardsRevoked', %1$L::jsonb -> 'rewardsClawedBack' $$, :'void_1'),
  format($$ values (5, 10, '[]'::jsonb, jsonb_build_array(%L)) $$, :'bread'),
  'Voiding the Joanie''s visit reverses 5 points; Silver (still 10 points) stays; the redeemed garlic bread is clawed back');
select throws_ok(format('select app.void_visit(%L, %L)', :'v_joanies', 'Again'), 'LY409', null, 'A visit is voided once (409)');

call tests.act_as_superuser();
select results_eq(format($$ select status, void_reason, voided_by from public.visits where id = %L $$, :'v_joanies'),
  format($$ values ('voided'::text, 'Card scanned twice by mistake'::text, %L::uuid) $$, tests.user_id('admin')),
  'The visit is kept, marked voided, with the reason and the admin who voided it');
select is((select status from public.customer_rewards where id = :'bread'), 'redeemed', 'The redeemed reward stays redeemed');

-- A void that demotes ----------------------------------------------------------------------------

call tests.act_as('admin');
select app.void_visit(:'v_museum', 'Fraudulent check-in') as void_2 \gset
select is((:'void_2'::jsonb ->> 'totalPoints')::int, 5, 'Voiding the museum visit leaves 5 points');
select set_eq(format($$ select jsonb_array_elements_text(%L::jsonb -> 'rewardsRevoked')::uuid $$, :'void_2'),
  array[:'admission'::uuid, :'silver'::uuid],
  'and revokes the museum''s welcome reward and Silver, which 5 points no longer earn');
call tests.act_as('member_a');
select is(app.me() -> 'tier' ->> 'name', 'Bronze', 'The member is demoted to Bronze: tiers follow lifetime points');
select is((app.me() ->> 'totalVisits')::int, 1, 'Their account counts only the visit that still stands');
select is(jsonb_array_length(app.me() -> 'rewards'), 2, 'and lists the creamery''s reward and the redeemed garlic bread, not the revoked ones');
call tests.act_as('admin');
select throws_ok(format('select app.redeem_reward(%L)', :'admission'), 'LY409', null, 'A revoked reward cannot be redeemed');
call tests.act_as('member_a');

call tests.act_as_superuser();
select results_eq(
  format($$ select event, points, reason from public.points_ledger where customer_id = %L and id > (
              select max(id) from public.points_ledger where event = 'reward_redeemed') order by id $$, tests.customer_id('member_a')),
  $$ values ('visit_voided'::text, -5, 'Card scanned twice by mistake'::text),
            ('reward_clawed_back', 0, 'Card scanned twice by mistake'),
            ('visit_voided', -5, 'Fraudulent check-in'),
            ('reward_revoked', 0, 'Fraudulent check-in'),
            ('reward_revoked', 0, 'Fraudulent check-in') $$,
  'The ledger records each reversal as a new event with its reason');
select is((select count(*)::int from public.visits where customer_id = tests.customer_id('member_a')), 3, 'No visit row was deleted');
select is_empty($$ select c.id from public.customers c where c.total_points <> tests.ledger_sum(c.id) $$,
  'Stored points still equal the ledger''s sums');

-- Earning again after a void ------------------------------------------------------------------

call tests.act_as('admin');
select results_eq(
  format($$ select jsonb_path_query_array(r, '$.unlockedRewards[*].name'), (r ->> 'totalPoints')::int
              from app.approve_visit(%L, 'museum') r $$, 'customer:' || tests.customer_id('member_a')),
  $$ values ('["Free Admission", "$5 Off Any Business"]'::jsonb, 10) $$,
  'The next real visit at the museum is the first approved one there: its welcome reward and Silver are earned again');
select is(jsonb_path_query_array(app.approve_visit('customer:' || tests.customer_id('member_a'), 'joanies'), '$.unlockedRewards[*].name'),
  '[]'::jsonb, 'A welcome reward already redeemed (and clawed back) is not given again');
select is(jsonb_array_length(app.admin_activity()), 3, 'The dashboard''s activity lists approved visits only');

select * from finish();
rollback;
