-- The points ledger: every change of points or rewards is an append-only event
-- recording who (user and role), where and when, written by the function that makes the change;
-- stored totals equal the ledger's sums. Idempotency keys: a retry with the same key returns
-- the first result and never awards twice; the same key for another request is a 422.
begin;
\ir 00-helpers.psql
select plan(26);

call tests.create_cast();
call tests.no_visit_limits();

-- Approvals and redemptions write the ledger -------------------------------------------------

call tests.act_as('admin');
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'creamery', 'retry-key-0001') as first_result \gset
call tests.act_as_superuser();
select results_eq(
  format($$ select event, points, location_id, actor_user_id, actor_role, idempotency_key
              from public.points_ledger where customer_id = %L order by id $$, tests.customer_id('member_a')),
  format($$ values ('visit_approved'::text, 5, 'creamery'::text, %L::uuid, 'admin'::text, 'retry-key-0001'::text),
                   ('reward_unlocked', 0, 'creamery', %L, 'admin', 'retry-key-0001') $$,
         tests.user_id('admin'), tests.user_id('admin')),
  'An approval records the visit (+5) and the reward it unlocked, with who, as what, where and its key');
select is((select visit_id from public.points_ledger where event = 'visit_approved'), (:'first_result'::jsonb ->> 'visitId')::uuid,
  'The visit event names the visit');
select is((select customer_reward_id from public.points_ledger where event = 'reward_unlocked'),
  (:'first_result'::jsonb #>> '{unlockedRewards,0,id}')::uuid, 'The unlock event names the unlocked reward');

-- A retry with the same key.
call tests.act_as('admin');
select is(app.approve_visit('customer:' || tests.customer_id('member_a'), 'creamery', 'retry-key-0001'), :'first_result'::jsonb,
  'Retrying an approval with the same idempotency key answers the first result');
call tests.act_as_superuser();
select results_eq(format($$ select total_points, (select count(*)::int from public.visits where customer_id = %1$L)
                              from public.customers where id = %1$L $$, tests.customer_id('member_a')),
  $$ values (5, 1) $$, 'and awards nothing a second time');
call tests.act_as('admin');
select throws_ok(format('select app.approve_visit(%L, %L, %L)', 'customer:' || tests.customer_id('member_a'), 'joanies', 'retry-key-0001'),
  'LY422', null, 'The same key for a different request is refused (422)');
select throws_ok(format('select app.approve_visit(%L, %L, %L)', 'customer:' || tests.customer_id('member_a'), 'joanies', 'short'),
  'LY400', null, 'An idempotency key has at least 8 characters');
select throws_ok(format('select app.approve_visit(%L, %L, %L)', 'customer:' || tests.customer_id('member_a'), 'joanies', 'with spaces in it'),
  'LY400', null, 'An idempotency key has only visible ASCII characters');
call tests.act_as('other_staff');
select is(app.approve_visit('customer:' || tests.customer_id('member_b'), null, 'retry-key-0001') ->> 'locationId', 'joanies',
  'Keys are per caller: another caller''s request with the same key string runs');

-- A kiosk approval records the kiosk.
call tests.act_as('member_b');
select app.start_checkin('creamery') ->> 'token' as token_b \gset
call tests.act_as_superuser();
update public.checkin_tokens set channel = 'kiosk', location_id = 'creamery', issued_by_user_id = tests.user_id('kiosk'),
       kiosk_session_id = (select id from public.kiosk_sessions where user_id = tests.user_id('kiosk'))
 where token_hash = tests.token_hash(:'token_b');
call tests.act_as('kiosk');
select app.approve_visit(:'token_b') as ignored \gset
call tests.act_as_superuser();
select is((select actor_role from public.points_ledger where customer_id = tests.customer_id('member_b') and location_id = 'creamery' and event = 'visit_approved'),
  'kiosk', 'A kiosk''s approval is recorded as the kiosk''s');

-- Redemption, with a key.
select tests.customer_reward_id('member_a', 'creamery') as scoop \gset
call tests.act_as('staff');
select tests.saw_card('staff', 'member_a', 'creamery') as ignored \gset
select app.redeem_reward(:'scoop', null, 'redeem-key-0001') as redeemed \gset
select is(app.redeem_reward(:'scoop', null, 'redeem-key-0001'), :'redeemed'::jsonb,
  'Retrying a redemption with the same key answers the first result instead of a 409');
select throws_ok(format('select app.redeem_reward(%L, %L, %L)', :'scoop', 'creamery', 'redeem-key-0001'), 'LY422', null,
  'A redemption key reused with other details is a 422');
select throws_ok(format('select app.redeem_reward(%L, null, %L)', :'scoop', 'redeem-key-0002'), 'LY409', null,
  'A new key for a reward already redeemed is the usual 409');
call tests.act_as_superuser();
select results_eq(
  format($$ select event, points, customer_reward_id, location_id, actor_role from public.points_ledger
             where customer_id = %L and event = 'reward_redeemed' $$, tests.customer_id('member_a')),
  format($$ values ('reward_redeemed'::text, 0, %L::uuid, 'creamery'::text, 'staff'::text) $$, :'scoop'),
  'A redemption is recorded once, as the clerk''s, at the reward''s business');

-- Totals come from the ledger alone ------------------------------------------------------------

select is_empty($$ select c.id from public.customers c where c.total_points <> tests.ledger_sum(c.id) $$,
  'Every customer''s stored points equal the sum of their ledger events');

-- Append-only, for everyone --------------------------------------------------------------------

select throws_ok($$ update public.points_ledger set points = 500 $$, 'LY403', null,
  'Not even the database owner can change a ledger event');
select throws_ok($$ delete from public.points_ledger $$, 'LY403', null, 'nor delete one');
select throws_ok($$ truncate public.points_ledger $$, 'LY403', null, 'nor empty the ledger');
delete from public.customers where id = tests.customer_id('member_b');
select ok(exists (select 1 from public.points_ledger where customer_id = tests.customer_id('member_b')),
  'Removing a customer keeps their ledger history');

call tests.act_as('anon');
select throws_ok($$ select * from public.points_ledger $$, '42501', null, 'Visitors cannot read the ledger');
call tests.act_as('member_a');
select is((select count(distinct customer_id)::int from public.points_ledger), 1, 'A member reads only their own ledger events');
select throws_ok(format($$ insert into public.points_ledger (customer_id, event, points) values (%L, 'adjustment', 100) $$,
                        tests.customer_id('member_a')), '42501', null, 'A member cannot write a ledger event');
call tests.act_as('staff');
select is((select count(*)::int from public.points_ledger), 0, 'Staff read no ledger events');
call tests.act_as('kiosk');
select is((select count(*)::int from public.points_ledger), 0, 'A kiosk reads no ledger events');
call tests.act_as('admin');
select is((select count(distinct customer_id)::int from public.points_ledger), 2, 'Admins read the whole ledger');
select throws_ok($$ update public.points_ledger set points = 500 $$, '42501', null, 'Admins cannot change it through the API');

select * from finish();
rollback;
