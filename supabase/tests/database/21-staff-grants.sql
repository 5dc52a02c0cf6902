-- Staff grants: only admins grant and revoke; a grant for a phone with no Auth user
-- waits for its sign-up; revoking drops the role and the sessions; admins are never demoted;
-- every grant and revoke is recorded with who and when; nobody reads the grant tables directly.
begin;
\ir 00-helpers.psql
select plan(23);

call tests.create_cast();

-- Only admins.
call tests.act_as('staff');
select throws_ok($$ select app.grant_staff('creamery', '3125550199') $$, 'LY403', null, 'Staff cannot grant staff access');
select throws_ok($$ select app.revoke_staff('creamery', '3125550103') $$, 'LY403', null, 'nor revoke it (not even their own)');
select throws_ok($$ select app.admin_staff('creamery') $$, 'LY403', null, 'nor list a business''s staff');
call tests.act_as('member_a');
select throws_ok($$ select app.grant_staff('creamery', '3125550101') $$, 'LY403', null, 'A member cannot make themselves staff');
call tests.act_as('anon');
select throws_ok($$ select app.grant_staff('creamery', '3125550199') $$, '42501', null, 'Visitors (anon) cannot even call it');
call tests.act_as('admin');
select throws_ok($$ select * from private.staff_grants $$, '42501', null, 'The grants table is not readable through the API roles');

-- A signed-up phone is staff at once.
select is(app.grant_staff('museum', '3125550102') ->> 'status', 'needs_confirmation', 'A member''s phone is said before it is granted');
select is(app.grant_staff('museum', '+1 (312) 555-0102', true) ->> 'status', 'active', 'An admin grants member B staff access at the museum, once told');
call tests.act_as_superuser();
select is((select raw_app_meta_data - 'provider' from auth.users where id = tests.user_id('member_b')),
  '{"role": "staff", "location_id": "museum"}'::jsonb, 'B''s app_metadata now says staff at the museum');

-- A pending grant is taken up at sign-up (attached to the new user, once), and survives Auth
-- rewriting app_metadata.
call tests.act_as('admin');
select is(app.grant_staff('museum', '3125550199') ->> 'status', 'pending', 'A phone without a user gets a pending grant');
call tests.act_as_superuser();
select tests.create_user('13125550199') as newcomer \gset
select is((select raw_app_meta_data ->> 'location_id' from auth.users where id = :'newcomer'), 'museum',
  'Its sign-up makes it staff at the museum');
update auth.users set raw_app_meta_data = '{"provider": "phone", "providers": ["phone"]}' where id = :'newcomer';
select is((select raw_app_meta_data ->> 'role' from auth.users where id = :'newcomer'), 'staff',
  'A rewrite of app_metadata without the role gets it back from the grant');
call tests.act_as_user(:'newcomer');
select is(private.staff_location_id(), 'museum', 'Its claims say staff at the museum');

-- One business per phone; admins are never demoted.
call tests.act_as('admin');
select throws_ok($$ select app.grant_staff('creamery', '3125550199') $$, 'LY409', null, 'A phone is staff at one business only');
select throws_ok($$ select app.grant_staff('creamery', '3125550104') $$, 'LY409', null, 'including staff set up without a grant');
select throws_ok($$ select app.grant_staff('creamery', '3125550105') $$, 'LY409', null, 'An admin cannot be made staff');
select throws_ok($$ select app.revoke_staff('creamery', '3125550105') $$, 'LY409', null, 'nor demoted by a revoke');
select throws_ok($$ select app.grant_staff('creamery', '555-0100') $$, 'LY400', null, 'A bad phone is a 400');
select throws_ok($$ select app.revoke_staff('snackco', '3125550199') $$, 'LY404', null, 'Revoking where the phone is not staff is a 404');

-- Revoking drops the role and the sessions.
call tests.act_as_superuser();
insert into auth.sessions (id, user_id) values (gen_random_uuid(), :'newcomer'), (gen_random_uuid(), :'newcomer');
call tests.act_as('admin');
select is((app.revoke_staff('museum', '3125550199') ->> 'sessionsEnded')::int, 2, 'Revoking ends both of the newcomer''s sessions');
call tests.act_as_superuser();
select is((select raw_app_meta_data ? 'role' from auth.users where id = :'newcomer'), false, 'and removes the role');
select is((select count(*)::int from private.staff_grants where phone = '+13125550199' or user_id = :'newcomer'), 0, 'and the grant');
select results_eq(
  $$ select action, location_id, actor_id from private.staff_grant_events where phone = '+13125550199' order by id $$,
  format($$ values ('granted', 'museum', %L::uuid), ('applied', 'museum', null), ('revoked', 'museum', %L::uuid) $$,
         tests.user_id('admin'), tests.user_id('admin')),
  'The history names the admin who granted and revoked, and the sign-up that took the grant up');

select * from finish();
rollback;
