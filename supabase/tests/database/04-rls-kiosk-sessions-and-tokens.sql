-- Kiosk sessions and check-in tokens: a kiosk sees its own session and the tokens it issued, a
-- member their own tokens, staff the tokens of their location, admins everything. Nobody
-- writes either table directly: sessions, enrolment and tokens change only through app.*.
begin;
\ir 00-helpers.psql
select plan(59);

call tests.create_rls_fixture();

select hasnt_column('public', 'checkin_tokens', 'token', 'Check-in tokens are stored only as their SHA-256, never in clear');

-- Kiosk sessions --------------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from public.kiosk_sessions $$, '42501', null, 'Visitors cannot read kiosk sessions');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values (gen_random_uuid(), 'museum') $$,
  '42501', null, 'Visitors cannot open a kiosk session directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null, 'Visitors cannot enrol a kiosk');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Visitors cannot remove kiosk sessions');

call tests.act_as('member_a');
select is((select count(*)::int from public.kiosk_sessions), 0, 'Member A reads no kiosk session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'museum') $$,
  '42501', null, 'Member A cannot open a kiosk session directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null, 'Member A cannot enrol a kiosk');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Member A cannot remove kiosk sessions');

call tests.act_as('member_b');
select is((select count(*)::int from public.kiosk_sessions), 0, 'Member B reads no kiosk session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'museum') $$,
  '42501', null, 'Member B cannot open a kiosk session directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null, 'Member B cannot enrol a kiosk');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Member B cannot remove kiosk sessions');

call tests.act_as('kiosk');
select results_eq($$ select location_id from public.kiosk_sessions $$, array['creamery'],
  'A kiosk reads exactly its own session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'museum') $$,
  '42501', null, 'A kiosk cannot write a session directly (app.open_kiosk_session does)');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null,
  'A kiosk cannot enrol itself without the code (app.enrol_kiosk checks it)');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'A kiosk cannot remove its session directly');

call tests.act_as('museum_kiosk');
select results_eq($$ select location_id from public.kiosk_sessions $$, array['museum'],
  'Another kiosk reads only its own session, not the creamery''s');

call tests.act_as('staff');
select is((select count(*)::int from public.kiosk_sessions), 0, 'Staff read no kiosk session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'creamery') $$,
  '42501', null, 'Staff cannot open a kiosk session directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null, 'Staff cannot enrol a kiosk directly');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Staff cannot remove kiosk sessions');

call tests.act_as('other_staff');
select is((select count(*)::int from public.kiosk_sessions), 0, 'Staff of another business read no kiosk session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'joanies') $$,
  '42501', null, 'Staff of another business cannot open a kiosk session directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null, 'Staff of another business cannot enrol a kiosk directly');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Staff of another business cannot remove kiosk sessions');

call tests.act_as('admin');
select set_eq($$ select location_id from public.kiosk_sessions $$, array['creamery', 'museum'], 'Admins read every kiosk session');
select throws_ok($$ insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'museum') $$,
  '42501', null, 'Admins cannot write kiosk sessions directly');
select throws_ok($$ update public.kiosk_sessions set enrolled_at = now() $$, '42501', null,
  'Admins enrol kiosks only through codes (app.set_enrolment_code), not by editing sessions');
select throws_ok($$ delete from public.kiosk_sessions $$, '42501', null, 'Admins cannot remove kiosk sessions directly');

-- Check-in tokens -------------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from public.checkin_tokens $$, '42501', null, 'Visitors cannot read check-in tokens');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), gen_random_uuid(), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Visitors cannot mint a check-in token');
select throws_ok($$ update public.checkin_tokens set used_at = null $$, '42501', null, 'Visitors cannot revive a used token');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Visitors cannot remove check-in tokens');

call tests.act_as('member_a');
select results_eq($$ select location_id from public.checkin_tokens $$, array['creamery'],
  'Member A reads exactly their own check-in token');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_a'), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Member A cannot mint a check-in token directly (app.start_checkin does)');
select throws_ok($$ update public.checkin_tokens set used_at = null $$, '42501', null, 'Member A cannot revive a used token');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Member A cannot remove check-in tokens');

call tests.act_as('member_b');
select set_eq($$ select location_id from public.checkin_tokens $$, array['joanies', 'museum'],
  'Member B reads their own two check-in tokens, whoever issued them');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_b'), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Member B cannot mint a check-in token directly');
select throws_ok($$ update public.checkin_tokens set expires_at = now() + interval '1 year' $$, '42501', null,
  'Member B cannot extend a token''s life');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Member B cannot remove check-in tokens');

call tests.act_as('kiosk');
select is_empty($$ select * from public.checkin_tokens $$,
  'A kiosk reads no check-in token, not even those it issued (each names its member)');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_a'), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'A kiosk cannot mint a check-in token directly');
select throws_ok($$ update public.checkin_tokens set used_at = null $$, '42501', null, 'A kiosk cannot revive a used token');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'A kiosk cannot remove check-in tokens');

call tests.act_as('museum_kiosk');
select is_empty($$ select * from public.checkin_tokens $$, 'Another kiosk reads no check-in token');

call tests.act_as('staff');
select is_empty($$ select * from public.checkin_tokens $$,
  'Creamery staff read no check-in token, not even the creamery''s (each names its member)');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_a'), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Staff cannot mint a check-in token directly');
select throws_ok($$ update public.checkin_tokens set used_at = now() $$, '42501', null, 'Staff cannot mark tokens used directly');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Staff cannot remove check-in tokens');

call tests.act_as('other_staff');
select is_empty($$ select * from public.checkin_tokens $$, 'Joanie''s staff read no check-in token');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_b'), 'joanies', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Staff of another business cannot mint a check-in token directly');
select throws_ok($$ update public.checkin_tokens set used_at = now() $$, '42501', null, 'Staff of another business cannot mark tokens used directly');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Staff of another business cannot remove check-in tokens');

call tests.act_as('admin');
select is((select count(*)::int from public.checkin_tokens), 3, 'Admins read every check-in token');
select throws_ok($$ insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
                    values (sha256('x'), tests.customer_id('member_a'), 'creamery', 'mobile', now() + interval '1 hour') $$,
  '42501', null, 'Admins cannot mint a check-in token directly');
select throws_ok($$ update public.checkin_tokens set used_at = null $$, '42501', null, 'Admins cannot revive a used token');
select throws_ok($$ delete from public.checkin_tokens $$, '42501', null, 'Admins cannot remove check-in tokens directly');

select * from finish();
rollback;
