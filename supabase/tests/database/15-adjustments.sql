-- An admin's point adjustment: a ledger event with a reason; tier rewards follow
-- the new total both ways; never below 0.
begin;
\ir 00-helpers.psql
select plan(10);

call tests.create_cast();

call tests.act_as('staff');
select throws_ok(format('select app.adjust_points(%L, 10, %L)', tests.customer_id('member_a'), 'Gift'), 'LY403', null,
  'Staff cannot adjust points');
call tests.act_as('admin');
select throws_ok(format('select app.adjust_points(%L, 10, %L)', tests.customer_id('member_a'), ' '), 'LY400', null,
  'An adjustment needs a reason');
select throws_ok(format('select app.adjust_points(%L, -5, %L)', tests.customer_id('member_a'), 'Oops'), 'LY409', null,
  'Points cannot go below 0');
select throws_ok($$ select app.adjust_points('00000000-0000-4000-8000-00000000beef', 5, 'Gift') $$, 'LY404', null,
  'Adjusting an unknown customer is a 404');
select app.adjust_points(tests.customer_id('member_a'), 10, 'Opening-day bonus') as up \gset
select is((:'up'::jsonb ->> 'totalPoints')::int, 10, 'Adding 10 points makes the total 10');
select is(jsonb_array_length(:'up'::jsonb -> 'unlockedRewards'), 1, 'and unlocks Silver, which 10 points earn');
select app.adjust_points(tests.customer_id('member_a'), -5, 'Bonus given twice') as down \gset
select is(jsonb_array_length(:'down'::jsonb -> 'rewardsRevoked'), 1, 'Taking 5 back revokes the unused Silver reward');
select app.approve_visit('customer:' || tests.customer_id('member_b'), 'museum') ->> 'visitId' as b_visit \gset
select app.adjust_points(tests.customer_id('member_b'), -5, 'Points given back in cash') as ignored \gset
select results_eq(format($$ select (r ->> 'pointsReversed')::int, (r ->> 'totalPoints')::int from app.void_visit(%L, 'Fraud') r $$, :'b_visit'),
  $$ values (0, 0) $$,
  'Voiding a visit whose points an adjustment already took reverses only what is left: a balance never goes below 0');
call tests.act_as_superuser();
select results_eq(format($$ select event, points, reason from public.points_ledger where customer_id = %L and event = 'adjustment' order by id $$,
                         tests.customer_id('member_a')),
  $$ values ('adjustment'::text, 10, 'Opening-day bonus'::text), ('adjustment', -5, 'Bonus given twice') $$,
  'Each adjustment is a ledger event with its reason');
select is_empty($$ select c.id from public.customers c where c.total_points <> tests.ledger_sum(c.id) $$,
  'Stored points still equal the ledger''s sums');

select * from finish();
rollback;
