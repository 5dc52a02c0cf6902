-- Sign-in code limits, which Supabase Auth lacks: after 5 wrong tries a
-- phone's current code is dead until a new one is sent, and at most 5 codes per phone in 24 hours.
-- Auth's Send SMS hook counts a code it really sends (through the api, as service_role); the api
-- counts tries around its Auth calls; Auth's Custom Access Token hook refuses a session made with
-- a dead code, whoever asked. 0 turns a limit off.
begin;
\ir 00-helpers.psql
select plan(21);

select results_eq($$ select sign_in_codes_per_day, sign_in_code_max_failures from private.settings $$,
  $$ values (5, 5) $$, 'The defaults: 5 codes a day per phone, 5 tries per code');

call tests.act_as('anon');
select throws_ok($$ select app.sign_in_code_sending('+13125550101') $$, '42501', null, 'Visitors cannot call the code counters');
select throws_ok($$ select private.custom_access_token_hook('{}') $$, '42501', null, 'nor the access-token hook');
call tests.act_as_claims('{"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000009"}');
select throws_ok($$ select app.sign_in_code_attempt('+13125550101') $$, '42501', null, 'Signed-in users cannot either');

call tests.act_as_superuser();
grant usage on schema tests to service_role, supabase_auth_admin;
grant execute on function tests.error_of(text) to service_role;
create function tests.token_hook(p_phone text, p_method text default 'otp') returns jsonb
language sql as $$
  select private.custom_access_token_hook(jsonb_build_object(
    'user_id', '00000000-0000-4000-8000-000000000009', 'authentication_method', p_method,
    'claims', jsonb_build_object('sub', '00000000-0000-4000-8000-000000000009', 'phone', p_phone, 'role', 'authenticated')))
$$;
grant execute on function tests.token_hook(text, text) to supabase_auth_admin, service_role;

-- Five tries per code.
set local role service_role;
select lives_ok($$ select app.sign_in_code_sending('+13125550101') $$, 'A first code is sent');
select lives_ok($$ select app.sign_in_code_attempt('+13125550101'), app.sign_in_code_failed('+13125550101') from generate_series(1, 4) $$,
  'Four wrong tries of it are counted');
select lives_ok($$ select app.sign_in_code_attempt('+13125550101') $$, 'A fifth try is admitted');
reset role;
set local role supabase_auth_admin;
select ok(tests.token_hook('13125550101') ? 'claims', 'and the access-token hook lets the admitted fifth try''s session through');
reset role;
set local role service_role;
select lives_ok($$ select app.sign_in_code_failed('+13125550101') $$, 'The fifth try was wrong');
select throws_ok($$ select app.sign_in_code_attempt('+13125550101') $$, 'LY401', null,
  'A sixth try is refused: the code is dead, even if it would be right');
reset role;
set local role supabase_auth_admin;
select is(tests.token_hook('13125550101') -> 'error' ->> 'http_code', '403',
  'and Auth refuses a session for the dead code on any path (the access-token hook)');
select ok(tests.token_hook('13125550101', 'token_refresh') ? 'claims', 'A refresh of an earlier session is not refused');
select ok(tests.token_hook('13125550199') ? 'claims', 'nor a sign-in of another phone');
reset role;
set local role service_role;
select lives_ok($$ select app.sign_in_code_sending('+13125550101') $$, 'A new code is sent');
select lives_ok($$ select app.sign_in_code_attempt('+13125550101') $$, 'and can be tried again');
select lives_ok($$ select app.sign_in_code_verified('+13125550101'); select app.sign_in_code_attempt('+13125550101') from generate_series(1, 5) $$,
  'A right code resets the count of tries');

-- Five codes a day; only codes the provider sent count.
select lives_ok($$ select app.sign_in_code_sending('+13125550101') from generate_series(1, 2) $$,
  'Up to five codes are sent to one phone in 24 hours');
select lives_ok($$ select app.sign_in_code_not_sent('+13125550101', app.sign_in_code_sending('+13125550101')::timestamptz) $$,
  'A code the provider could not send is taken back');
select lives_ok($$ select app.sign_in_code_sending('+13125550101') $$, 'so the fifth code is still sent');
select tests.error_of($$ select app.sign_in_code_sending('+13125550101') $$) as sixth \gset
select is(:'sixth'::jsonb ->> 'code', 'LY429', 'A sixth code within 24 hours is a 429');
reset role;
update private.settings set sign_in_codes_per_day = 0;
set local role service_role;
select lives_ok($$ select app.sign_in_code_sending('+13125550101') $$, 'With the daily limit at 0 the code is sent');

select * from finish();
rollback;
