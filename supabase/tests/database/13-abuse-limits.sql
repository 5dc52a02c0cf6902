-- The field's abuse limits on check-ins, with their settings in private.settings
-- (0 turns one off): 1 minute between any two approved visits of a member anywhere, at most 4
-- approved visits per member per hour across the village, one visit per business per 60
-- minutes; a member with 5 approved visits in one day is flagged for the operator.
begin;
\ir 00-helpers.psql
select plan(24);

call tests.create_cast();
select tests.create_staff('museum_staff', 'museum', '3125550106') as ignored \gset
select tests.create_staff('snack_staff', 'snackco', '3125550107') as ignored \gset
select tests.create_staff('chatter_staff', 'chatterbox', '3125550108') as ignored \gset

select results_eq($$ select min_visit_interval, min_visit_gap_anywhere, max_visits_per_hour, velocity_flag_visits from private.settings $$,
  $$ values (interval '60 minutes', interval '1 minute', 4, 5) $$,
  'The defaults: 60 minutes per business, 1 minute anywhere, 4 an hour, flagged at 5 a day');

-- One minute between any two visits ----------------------------------------------------------

call tests.act_as('staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'A member''s visit is approved');
call tests.act_as('other_staff');
select tests.error_of(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a'))) as too_soon \gset
select is(:'too_soon'::jsonb ->> 'code', 'LY429', 'A visit at another business moments later is a 429');
select ok((:'too_soon'::jsonb ->> 'hint')::int between 1 and 60, 'Its hint says how many seconds to wait (at most a minute)');
select alike(:'too_soon'::jsonb ->> 'message', 'Another visit of this member was approved a moment ago. They can check in again in % seconds.', 'and its message says why and when the member can come back');

-- Four an hour across the village ---------------------------------------------------------------

call tests.act_as_superuser();
update private.settings set min_visit_gap_anywhere = interval '0';
call tests.act_as('other_staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'With the gap turned off (0) the second visit is approved');
call tests.act_as('museum_staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'and a third');
call tests.act_as('snack_staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'and a fourth, at four businesses in an hour');
call tests.act_as('chatter_staff');
select tests.error_of(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a'))) as fifth \gset
select is(:'fifth'::jsonb ->> 'code', 'LY429', 'A fifth visit within the hour is a 429');
select ok((:'fifth'::jsonb ->> 'hint')::int between 3500 and 3600, 'Its hint is the wait until the oldest of the four leaves the hour');
call tests.act_as_superuser();
select is((select count(*)::int from public.visits where customer_id = tests.customer_id('member_a')), 4, 'The refused visits recorded nothing');
select is((select count(*)::int from private.velocity_flags), 0, 'Four visits in a day flag nobody');

-- Five in a day: flagged --------------------------------------------------------------------------

update private.settings set max_visits_per_hour = 0;
call tests.act_as('chatter_staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')),
  'With the hourly limit turned off the fifth visit is approved');
call tests.act_as('staff');
select throws_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'LY429', null,
  'One visit per business per 60 minutes still holds');

call tests.act_as('admin');
select app.admin_velocity_flags() as flags \gset
select results_eq(
  format($$ select f ->> 'customerId', f ->> 'customerName', (f ->> 'visits')::int, f ->> 'day', f -> 'dismissedAt'
              from jsonb_array_elements(%L::jsonb) f $$, :'flags'),
  format($$ values (%L, 'Ann'::text, 5, %L, 'null'::jsonb) $$, tests.customer_id('member_a'),
         (now() at time zone 'America/Chicago')::date::text),
  'A member with 5 approved visits in one day is flagged, with the day and its visit count');
call tests.act_as('staff');
select throws_ok($$ select app.admin_velocity_flags() $$, 'LY403', null, 'Staff cannot read velocity flags');
select throws_ok(format('select app.dismiss_velocity_flag(%L)', :'flags'::jsonb #>> '{0,id}'), 'LY403', null, 'Staff cannot dismiss a flag');
call tests.act_as('admin');
select isnt(app.dismiss_velocity_flag((:'flags'::jsonb #>> '{0,id}')::uuid) ->> 'dismissedAt', null, 'An admin dismisses the flag');
select is(app.admin_velocity_flags(), '[]'::jsonb, 'A dismissed flag leaves the open list');
select is(jsonb_array_length(app.admin_velocity_flags(true)), 1, 'and is still listed with the dismissed ones');
select throws_ok($$ select app.dismiss_velocity_flag('00000000-0000-4000-8000-00000000beef') $$, 'LY404', null,
  'Dismissing an unknown flag is a 404');

call tests.act_as('museum_staff');
select throws_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')), 'LY429', null,
  'The per-business interval still refuses a second museum visit');
call tests.act_as_superuser();
update private.settings set min_visit_interval = interval '0', velocity_flag_visits = 0;
call tests.act_as('museum_staff');
select lives_ok(format('select app.approve_visit(%L)', 'customer:' || tests.customer_id('member_a')),
  'With every limit at 0 a sixth visit is approved');
select jsonb_agg(app.approve_visit('customer:' || tests.customer_id('member_b'))) as ignored from generate_series(1, 5) \gset
call tests.act_as_superuser();
select is((select count(*)::int from private.velocity_flags where customer_id = tests.customer_id('member_b')), 0,
  'With the flag turned off (0) five visits in a day raise no flag');

select * from finish();
rollback;
