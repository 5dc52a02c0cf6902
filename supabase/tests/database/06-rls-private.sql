-- The private schema: programme settings, kiosk enrolment code hashes and the API's rate-limit
-- counters. No API role reads or writes them, admins included: they change only inside the
-- app functions (security definer) that own the rule.
begin;
\ir 00-helpers.psql
select plan(88);

call tests.create_rls_fixture();

-- Programme settings ------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Visitors cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Visitors cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Visitors cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Visitors cannot remove the programme settings');

call tests.act_as('member_a');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Member A cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Member A cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Member A cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Member A cannot remove the programme settings');

call tests.act_as('member_b');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Member B cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Member B cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Member B cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Member B cannot remove the programme settings');

call tests.act_as('kiosk');
select throws_ok($$ select * from private.settings $$, '42501', null, 'A kiosk cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'A kiosk cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'A kiosk cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'A kiosk cannot remove the programme settings');

call tests.act_as('staff');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Staff cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Staff cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Staff cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Staff cannot remove the programme settings');

call tests.act_as('other_staff');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Staff of another business cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Staff of another business cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Staff of another business cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Staff of another business cannot remove the programme settings');

call tests.act_as('admin');
select throws_ok($$ select * from private.settings $$, '42501', null, 'Admins cannot read the programme settings');
select throws_ok($$ insert into private.settings (id, min_visit_interval) values (true, interval '0') $$, '42501', null, 'Admins cannot add programme settings');
select throws_ok($$ update private.settings set min_visit_interval = interval '0' $$, '42501', null, 'Admins cannot lift the minimum visit interval');
select throws_ok($$ delete from private.settings $$, '42501', null, 'Admins cannot remove the programme settings');

-- Kiosk enrolment codes ---------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Visitors cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Visitors cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Visitors cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Visitors cannot remove enrolment codes');

call tests.act_as('member_a');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Member A cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Member A cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Member A cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Member A cannot remove enrolment codes');

call tests.act_as('member_b');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Member B cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Member B cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Member B cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Member B cannot remove enrolment codes');

call tests.act_as('kiosk');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'A kiosk cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'A kiosk cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'A kiosk cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'A kiosk cannot remove enrolment codes');

call tests.act_as('staff');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Staff cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Staff cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Staff cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Staff cannot remove enrolment codes');

call tests.act_as('other_staff');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Staff of another business cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Staff of another business cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Staff of another business cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Staff of another business cannot remove enrolment codes');

call tests.act_as('admin');
select throws_ok($$ select * from private.location_enrolment_codes $$, '42501', null, 'Admins cannot read the enrolment code hashes');
select throws_ok($$ insert into private.location_enrolment_codes (location_id, salt, code_hash) values ('museum', '\x00', sha256('\x00')) $$, '42501', null, 'Admins cannot set an enrolment code directly');
select throws_ok($$ update private.location_enrolment_codes set code_hash = sha256('\x00') $$, '42501', null, 'Admins cannot replace an enrolment code directly');
select throws_ok($$ delete from private.location_enrolment_codes $$, '42501', null, 'Admins cannot remove enrolment codes');

-- Rate-limit counters -----------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Visitors cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Visitors cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Visitors cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Visitors cannot clear the rate-limit counters');

call tests.act_as('member_a');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Member A cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Member A cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Member A cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Member A cannot clear the rate-limit counters');

call tests.act_as('member_b');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Member B cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Member B cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Member B cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Member B cannot clear the rate-limit counters');

call tests.act_as('kiosk');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'A kiosk cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'A kiosk cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'A kiosk cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'A kiosk cannot clear the rate-limit counters');

call tests.act_as('staff');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Staff cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Staff cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Staff cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Staff cannot clear the rate-limit counters');

call tests.act_as('other_staff');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Staff of another business cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Staff of another business cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Staff of another business cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Staff of another business cannot clear the rate-limit counters');

call tests.act_as('admin');
select throws_ok($$ select * from private.rate_limit_hits $$, '42501', null, 'Admins cannot read the rate-limit counters');
select throws_ok($$ insert into private.rate_limit_hits (bucket, key, window_start) values ('otp', 'me', now()) $$, '42501', null, 'Admins cannot add rate-limit counters');
select throws_ok($$ update private.rate_limit_hits set hits = 0 $$, '42501', null, 'Admins cannot reset the rate-limit counters');
select throws_ok($$ delete from private.rate_limit_hits $$, '42501', null, 'Admins cannot clear the rate-limit counters');

-- The functions behind them -------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select app.hit_rate_limit('contact', 'me', 1000, 60) $$, '42501', null,
  'Visitors cannot count (or game) rate limits themselves: only the service role calls app.hit_rate_limit');
call tests.act_as('member_a');
select throws_ok($$ select app.hit_rate_limit('contact', 'me', 1000, 60) $$, '42501', null,
  'Members cannot call app.hit_rate_limit');
select throws_ok($$ select private.min_visit_interval() $$, '42501', null,
  'Members cannot read the settings through their private reader');
call tests.act_as('admin');
select throws_ok($$ select app.hit_rate_limit('contact', 'me', 1000, 60) $$, '42501', null,
  'Admins cannot call app.hit_rate_limit either');

select * from finish();
rollback;
