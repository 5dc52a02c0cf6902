-- Kiosk enrolment codes: compared ignoring case, spaces and dashes, so staff can
-- type what the admin screen shows however the tablet's keyboard capitalises it; a code set
-- before that rule (hashed as it was typed) still matches as typed; a wrong code never does.
begin;
\ir 00-helpers.psql
select plan(8);

call tests.create_rls_fixture();

select is(private.enrolment_code_key(' Ab-Cd  eF-9 '), 'abcdef9', 'The key of a code drops case, spaces and dashes');

call tests.act_as('kiosk');
select lives_ok($$ select app.enrol_kiosk('creamery code 1') $$,
  'A code set before the rule (hashed as typed) still enrols, typed as it was set');

call tests.act_as('admin');
select lives_ok($$ select app.set_enrolment_code('museum', 'ABCD-EFGH-JKMN') $$, 'An admin sets the museum''s code');
select throws_ok($$ select app.set_enrolment_code('museum', '- - - - - -') $$, 'LY400',
  'An enrolment code has 8 to 128 characters', 'A code that is only spaces and dashes is refused');

call tests.act_as('museum_kiosk');
select throws_ok($$ select app.enrol_kiosk('ABCD-EFGH-JKMX') $$, 'LY403',
  'That enrolment code is not valid for this location', 'A wrong code is refused');
select lives_ok($$ select app.enrol_kiosk(' abcd efgh jkmn ') $$,
  'The code in lower case with spaces for dashes enrols the kiosk');
select lives_ok($$ select app.enrol_kiosk('ABCDEFGHJKMN') $$, 'So does the code without its dashes');

call tests.act_as_superuser();
select ok((select enrolled_at is not null from public.kiosk_sessions where user_id = tests.user_id('museum_kiosk')),
  'The museum kiosk is enrolled');

select * from finish();
rollback;
