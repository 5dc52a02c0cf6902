-- Sign-in code limits (issue 11 §3), which Supabase Auth lacks: after 5 wrong tries a phone's
-- current code is dead until a new one is sent, and at most 5 codes per phone in 24 hours.
-- The api function calls these as service_role around its Auth calls; 0 turns a limit off.
begin;
\ir 00-helpers.psql
select plan(13);

select results_eq($$ select sign_in_codes_per_day, sign_in_code_max_failures from private.settings $$,
  $$ values (5, 5) $$, 'The defaults: 5 codes a day per phone, 5 tries per code');

call tests.act_as('anon');
select throws_ok($$ select app.sign_in_code_requested('+13125550101') $$, '42501', null, 'Visitors cannot call the code counters');
call tests.act_as_claims('{"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000009"}');
select throws_ok($$ select app.sign_in_code_attempt('+13125550101') $$, '42501', null, 'Signed-in users cannot either');

call tests.act_as_superuser();
grant usage on schema tests to service_role;
grant execute on function tests.error_of(text) to service_role;
set local role service_role;

-- Five tries per code.
select lives_ok($$ select app.sign_in_code_requested('+13125550101'); select app.sign_in_code_sent('+13125550101') $$,
  'A first code is sent');
select lives_ok($$ select app.sign_in_code_attempt('+13125550101') from generate_series(1, 5) $$, 'Five tries of it are counted');
select throws_ok($$ select app.sign_in_code_attempt('+13125550101') $$, 'LY401', null,
  'A sixth try is refused: the code is dead, even if it would be right');
select lives_ok($$ select app.sign_in_code_requested('+13125550101'); select app.sign_in_code_sent('+13125550101') $$,
  'A new code is sent');
select lives_ok($$ select app.sign_in_code_attempt('+13125550101') $$, 'and can be tried again');
select lives_ok($$ select app.sign_in_code_verified('+13125550101'); select app.sign_in_code_attempt('+13125550101') from generate_series(1, 5) $$,
  'A right code resets the count of tries');

-- Five codes a day.
select lives_ok($$ select app.sign_in_code_requested('+13125550101') from generate_series(1, 3) $$,
  'Up to five codes are sent to one phone in 24 hours');
select tests.error_of($$ select app.sign_in_code_requested('+13125550101') $$) as sixth \gset
select is(:'sixth'::jsonb ->> 'code', 'LY429', 'A sixth code within 24 hours is a 429');
select ok((:'sixth'::jsonb ->> 'hint')::int between 86000 and 86400, 'whose hint is the wait until the oldest code is a day old');
reset role;
update private.settings set sign_in_codes_per_day = 0;
set local role service_role;
select lives_ok($$ select app.sign_in_code_requested('+13125550101') $$, 'With the daily limit at 0 the code is sent');

select * from finish();
rollback;
