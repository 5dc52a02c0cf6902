-- People and the record: the audit log is append-only for every role, the
-- table's owner (postgres) included; an owner reads their own business and nothing of another;
-- admins are granted by phone, never remove themselves, and the last admin stays.
begin;
\ir 00-helpers.psql
select plan(27);

call tests.create_cast();
select tests.create_user('13125550106', '{"provider": "phone", "role": "owner", "location_id": "creamery"}') as owner_id \gset

-- The log is append-only, for the superuser too.
call tests.act_as('admin');
select lives_ok($$ select app.grant_staff('museum', '3125550107') $$, 'An admin grants staff (one audit row)');
call tests.act_as_superuser();
select is((select count(*)::int from private.audit_log where action = 'staff.grant' and target_id = '+13125550107'), 1,
  'The grant wrote one audit row');
select is((select actor_role from private.audit_log where action = 'staff.grant' and target_id = '+13125550107'), 'admin',
  'It names the admin''s role');
select throws_ok($$ update private.audit_log set reason = 'changed' $$, 'LY403', 'The audit log is append-only',
  'The table owner cannot update the log');
select throws_ok($$ delete from private.audit_log $$, 'LY403', 'The audit log is append-only',
  'nor delete from it');
select throws_ok($$ truncate private.audit_log $$, 'LY403', 'The audit log is append-only',
  'nor truncate it');
select is((select count(*)::int from private.audit_log where action = 'staff.grant' and target_id = '+13125550107'), 1,
  'The row is still there');
call tests.act_as('admin');
select throws_ok($$ select * from private.audit_log $$, '42501', null, 'The API roles cannot read the table directly');
select throws_ok($$ delete from private.audit_log $$, '42501', null, 'nor write it');

-- An owner: their business, not another, not all.
call tests.act_as_user(:'owner_id');
select lives_ok($$ select app.admin_metrics('creamery') $$, 'The creamery''s owner reads its metrics');
select throws_ok($$ select app.admin_metrics('museum') $$, 'LY403', null, 'not the museum''s');
select throws_ok($$ select app.admin_metrics() $$, 'LY403', null, 'nor every business''s');
select lives_ok($$ select app.admin_business_report('creamery', '2026-01') $$, 'reads its monthly report');
select throws_ok($$ select app.admin_business_report('museum', '2026-01') $$, 'LY403', null, 'not another''s');
select is(app.business_settlement('creamery', '2026-01') -> 'business' ->> 'locationId', 'creamery', 'reads its settlement line');
select throws_ok($$ select app.business_settlement('museum', '2026-01') $$, 'LY403', null, 'not another''s');
select throws_ok($$ select app.admin_settlement('2026-01') $$, 'LY403', null, 'nor the whole settlement');
select throws_ok($$ select app.admin_staff('museum') $$, 'LY403', null, 'nor another business''s staff');
select throws_ok($$ select app.admin_kiosks('museum') $$, 'LY403', null, 'nor its kiosks');
select throws_ok($$ select app.admin_audit(p_location_id => 'museum') $$, 'LY403', null, 'nor its audit rows');
select throws_ok($$ select app.admin_audit() $$, 'LY403', null, 'nor the whole log');
select is(app.grant_staff('creamery', '3125550108') ->> 'status', 'pending', 'The owner grants staff at their business');
call tests.act_as_superuser();
select is((select actor_role || ' ' || location_id from private.audit_log where action = 'staff.grant' and target_id = '+13125550108'),
  'owner creamery', 'and the audit row names the owner and the business');

-- Admins by phone.
call tests.act_as('admin');
select is(app.grant_admin('3125550101') ->> 'status', 'active', 'An admin makes member A an admin');
select throws_ok($$ select app.remove_admin('3125550105') $$, 'LY409', 'You cannot remove yourself; another admin can remove you',
  'An admin cannot remove themselves');
select throws_ok($$ select app.grant_admin('3125550103') $$, 'LY409', null, 'A staff phone is not made an admin (409)');
select is(app.remove_admin('3125550101') ->> 'removed', 'true', 'The other admin is removed');

select * from finish();
rollback;
