-- Customers: a member reads and edits their own contact details and nothing else; points,
-- phone and Auth link change only through the app functions; admins see and manage everyone.
begin;
\ir 00-helpers.psql
select plan(37);

call tests.create_rls_fixture();
select tests.create_user('13125550199') as newcomer \gset

call tests.act_as('anon');
select throws_ok($$ select * from public.customers $$, '42501', null, 'Visitors cannot read customers at all');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'web') $$,
  '42501', null, 'Visitors cannot insert customers directly (sign-up goes through app.create_customer)');
select throws_ok($$ update public.customers set name = 'Eve' $$, '42501', null, 'Visitors cannot edit customers');
select throws_ok($$ delete from public.customers $$, '42501', null, 'Visitors cannot remove customers');

call tests.act_as('member_a');
select results_eq($$ select id from public.customers $$, array[tests.customer_id('member_a')],
  'Member A reads exactly their own customer record');
select is((select count(*)::int from public.customers where id = tests.customer_id('member_b')), 0,
  'Member A cannot see member B''s record');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'web') $$,
  '42501', null, 'Member A cannot insert customers directly');
select is(tests.rows_changed($$ update public.customers set name = 'Annie', email = 'ann@example.com', sms_consent = true $$), 1,
  'Member A edits their own name, email and consents, and no one else''s');
select is(tests.rows_changed(format('update public.customers set name = %L where id = %L', 'Hacked', tests.customer_id('member_b'))), 0,
  'Member A cannot edit member B''s record');
select throws_ok($$ update public.customers set total_points = 1000 $$, '42501', null, 'Member A cannot award themselves points');
select throws_ok($$ update public.customers set user_id = null $$, '42501', null, 'Member A cannot unlink or relink a customer record');
select throws_ok($$ update public.customers set phone = '+13125550177' $$, '42501', null, 'Member A cannot change the phone of a record');
select is(tests.rows_changed($$ delete from public.customers $$), 0, 'Member A cannot remove customer records, their own included');

call tests.act_as('member_b');
select results_eq($$ select id from public.customers $$, array[tests.customer_id('member_b')],
  'Member B reads exactly their own customer record');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'web') $$,
  '42501', null, 'Member B cannot insert customers directly');
select is(tests.rows_changed($$ update public.customers set email_consent = true $$), 1, 'Member B edits their own record only');
select is(tests.rows_changed($$ delete from public.customers $$), 0, 'Member B removes no customer record');

call tests.act_as('kiosk');
select is((select count(*)::int from public.customers), 0, 'A kiosk reads no customer records');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'kiosk') $$,
  '42501', null, 'A kiosk cannot insert customers directly');
select is(tests.rows_changed($$ update public.customers set name = 'Eve' $$), 0, 'A kiosk edits no customer record');
select is(tests.rows_changed($$ delete from public.customers $$), 0, 'A kiosk removes no customer record');

call tests.act_as('staff');
select is((select count(*)::int from public.customers), 0, 'Staff read no customer records (a member card scan names the customer)');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'business') $$,
  '42501', null, 'Staff cannot insert customers directly');
select is(tests.rows_changed($$ update public.customers set name = 'Eve' $$), 0, 'Staff edit no customer record');
select is(tests.rows_changed($$ delete from public.customers $$), 0, 'Staff remove no customer record');

call tests.act_as('other_staff');
select is((select count(*)::int from public.customers), 0, 'Staff of another business read no customer records');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'business') $$,
  '42501', null, 'Staff of another business cannot insert customers directly');
select is(tests.rows_changed($$ update public.customers set name = 'Eve' $$), 0, 'Staff of another business edit no customer record');
select is(tests.rows_changed($$ delete from public.customers $$), 0, 'Staff of another business remove no customer record');

call tests.act_as_user(:'newcomer');
select is((select count(*)::int from public.customers), 0, 'A signed-in user who has not signed up reads no customer record');

call tests.act_as_claims(tests.claims_of(tests.user_id('member_b')) || '{"user_metadata": {"role": "admin"}}');
select results_eq($$ select id from public.customers $$, array[tests.customer_id('member_b')],
  'An admin role in user_metadata (which users can edit) grants nothing');

call tests.act_as_claims(tests.claims_of(tests.user_id('kiosk')) || '{"app_metadata": {"role": "admin"}}');
select is((select count(*)::int from public.customers), 0, 'An anonymous user is never an admin, whatever its claims say');

call tests.act_as('admin');
select set_eq($$ select id from public.customers $$, array[tests.customer_id('member_a'), tests.customer_id('member_b')],
  'Admins read every customer record');
select throws_ok($$ insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550177', 'web') $$,
  '42501', null, 'Admins cannot insert customers directly either');
select is(tests.rows_changed($$ update public.customers set email_consent = false $$), 2, 'Admins edit any customer''s contact details');
select throws_ok($$ update public.customers set total_points = 0 $$, '42501', null, 'Admins cannot change points directly either');
select is(tests.rows_changed($$ delete from public.customers $$), 2, 'Admins remove customer records');

select * from finish();
rollback;
