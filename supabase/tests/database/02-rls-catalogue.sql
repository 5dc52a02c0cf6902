-- The programme catalogue (tiers, businesses, rewards) is public reading for everyone; nobody
-- writes it directly through the API, admins included: admins change businesses and rewards
-- through the audited app.admin_* functions (78_catalogue.sql).
begin;
\ir 00-helpers.psql
select plan(84);

call tests.create_rls_fixture();

-- Tiers ----------------------------------------------------------------------------------

call tests.act_as('anon');
select results_eq($$ select name from public.tiers order by min_points $$, array['Bronze', 'Silver', 'Gold'],
  'Visitors see the three tiers in order');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Visitors cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Visitors cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Visitors cannot remove a tier');

call tests.act_as('member_a');
select is((select count(*)::int from public.tiers), 3, 'Member A sees the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Member A cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Member A cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Member A cannot remove a tier');

call tests.act_as('member_b');
select is((select count(*)::int from public.tiers), 3, 'Member B sees the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Member B cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Member B cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Member B cannot remove a tier');

call tests.act_as('kiosk');
select is((select count(*)::int from public.tiers), 3, 'A kiosk sees the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'A kiosk cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'A kiosk cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'A kiosk cannot remove a tier');

call tests.act_as('staff');
select is((select count(*)::int from public.tiers), 3, 'Staff see the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Staff cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Staff cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Staff cannot remove a tier');

call tests.act_as('other_staff');
select is((select count(*)::int from public.tiers), 3, 'Staff of another business see the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Staff of another business cannot add a tier');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Staff of another business cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Staff of another business cannot remove a tier');

call tests.act_as('admin');
select is((select count(*)::int from public.tiers), 3, 'Admins see the three tiers');
select throws_ok($$ insert into public.tiers (name, min_points) values ('Gold', 99) $$, '42501', null, 'Admins cannot add a tier either (the thresholds live in the migrations)');
select throws_ok($$ update public.tiers set min_points = 1 where name = 'Gold' $$, '42501', null, 'Admins cannot move a tier threshold');
select throws_ok($$ delete from public.tiers where name = 'Gold' $$, '42501', null, 'Admins cannot remove a tier');

-- Rewards --------------------------------------------------------------------------------

call tests.act_as('anon');
select is((select count(*)::int from public.rewards), 8, 'Visitors see the six welcome rewards and the Silver and Gold rewards');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'Visitors cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' $$, '42501', null, 'Visitors cannot edit rewards');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'Visitors cannot remove rewards');

call tests.act_as('member_a');
select is((select count(*)::int from public.rewards), 8, 'Member A sees every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'Member A cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' $$, '42501', null, 'Member A edits no reward');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'Member A removes no reward');

call tests.act_as('member_b');
select is((select count(*)::int from public.rewards), 8, 'Member B sees every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'Member B cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' $$, '42501', null, 'Member B edits no reward');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'Member B removes no reward');

call tests.act_as('kiosk');
select is((select count(*)::int from public.rewards), 8, 'A kiosk sees every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'A kiosk cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' $$, '42501', null, 'A kiosk edits no reward');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'A kiosk removes no reward');

call tests.act_as('staff');
select is((select count(*)::int from public.rewards), 8, 'Staff see every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'Staff cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' where location_id = 'creamery' $$, '42501', null, 'Staff cannot edit even their own business''s welcome reward');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'Staff remove no reward');

call tests.act_as('other_staff');
select is((select count(*)::int from public.rewards), 8, 'Staff of another business see every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                    values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$,
  '42501', null, 'Staff of another business cannot add a reward');
select throws_ok($$ update public.rewards set name = 'Free Everything' $$, '42501', null, 'Staff of another business edit no reward');
select throws_ok($$ delete from public.rewards $$, '42501', null, 'Staff of another business remove no reward');

call tests.act_as('admin');
select is((select count(*)::int from public.rewards), 8, 'Admins see every reward on offer');
select throws_ok($$ insert into public.rewards (kind, location_id, name, description, scope)
                                values ('welcome', 'spare', 'Free Spare Part', 'One free part.', 'location') $$, '42501', null, 'Admins cannot add a reward directly either (app.admin_create_reward does, audited)');
select throws_ok($$ update public.rewards set name = name $$, '42501', null, 'Admins cannot edit a reward directly (app.admin_update_reward does, audited)');
select throws_ok($$ delete from public.rewards where location_id = 'spare' $$, '42501', null, 'Admins cannot remove a reward (retire it instead)');

-- Businesses -----------------------------------------------------------------------------

call tests.act_as('anon');
select set_eq($$ select id from public.locations $$,
  array['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge', 'spare'],
  'Visitors see every participating business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'Visitors cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' $$, '42501', null, 'Visitors cannot edit a business');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Visitors cannot remove a business');

call tests.act_as('member_a');
select is((select count(*)::int from public.locations), 7, 'Member A sees every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'Member A cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' $$, '42501', null, 'Member A edits no business');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Member A removes no business');

call tests.act_as('member_b');
select is((select count(*)::int from public.locations), 7, 'Member B sees every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'Member B cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' $$, '42501', null, 'Member B edits no business');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Member B removes no business');

call tests.act_as('kiosk');
select is((select count(*)::int from public.locations), 7, 'A kiosk sees every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'A kiosk cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' $$, '42501', null, 'A kiosk edits no business, not even its own');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'A kiosk removes no business');

call tests.act_as('staff');
select is((select count(*)::int from public.locations), 7, 'Staff see every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'Staff cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' where id = 'creamery' $$, '42501', null, 'Staff cannot edit even their own business');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Staff remove no business');

call tests.act_as('other_staff');
select is((select count(*)::int from public.locations), 7, 'Staff of another business see every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                    values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$,
  '42501', null, 'Staff of another business cannot add a business');
select throws_ok($$ update public.locations set business_name = 'Mine' $$, '42501', null, 'Staff of another business edit no business');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Staff of another business remove no business');

call tests.act_as('admin');
select is((select count(*)::int from public.locations), 7, 'Admins see every business');
select throws_ok($$ insert into public.locations (id, business_name, kind, description, address, logo_url)
                                values ('new-shop', 'New Shop', 'shop', 'New.', '1 New Street', '/logos/new.svg') $$, '42501', null, 'Admins cannot add a business directly (app.admin_create_location does, audited)');
select throws_ok($$ update public.locations set sort_order = sort_order $$, '42501', null, 'Admins cannot edit a business directly (app.admin_update_location does, audited)');
select throws_ok($$ delete from public.locations where id = 'spare' $$, '42501', null, 'Admins cannot remove a business (archive it instead)');

select * from finish();
rollback;
