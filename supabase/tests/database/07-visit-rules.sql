-- The programme's rules, one request at a time, through the app functions as real callers
-- call them: sign-up, check-in tokens, points, welcome and tier rewards, member cards, kiosk
-- enrolment, redemption, the minimum interval between visits, and the sign-in step and reads
-- behind the API. (Parallel requests are proven on separate connections in
-- tests/db/invariants.pg.test.ts.)
begin;
\ir 00-helpers.psql
select plan(93);

call tests.create_cast();
insert into tests.cast_members (name, user_id) values
  ('newcomer', tests.create_user('13125550112')),
  ('eli_signs_in', tests.create_user('13125550113')),
  ('stranger', tests.create_user('13125550114')),
  ('fay', tests.create_user('13125550115')),
  ('snack_kiosk', tests.create_user(null, null, true)),
  ('museum_staff', tests.create_user('13125550106', '{"provider": "phone", "role": "staff", "location_id": "museum"}'));
update private.settings set min_visit_interval = interval '0', min_visit_gap_anywhere = interval '0', max_visits_per_hour = 0;

-- Signing up ------------------------------------------------------------------------------

call tests.act_as('anon');
select results_eq(
  $$ select r #>> '{welcomeReward,name}' from app.create_customer('Cara', '(312) 555-0111', 'cara@example.com', true, false, 'museum') r $$,
  array['Free Admission'],
  'A visitor signs up at a business''s kiosk and is told its welcome reward');
select throws_ok($$ select * from app.create_customer('Cara Again', '+1 312 555 0111') $$, 'LY409', null,
  'A second sign-up with the same phone, punctuated differently, is a 409');
select throws_ok($$ select * from app.create_customer('Cara Again', '1-312-555-0111') $$, 'LY409', null,
  'A second sign-up with the country code prefixed is a 409 too');
select throws_ok($$ select * from app.create_customer('Shorty', '555-0111') $$, 'LY400', null,
  'A phone that is not a 10-digit US number is refused (400)');
select throws_ok($$ select * from app.create_customer('Zero', '(012) 555-0111') $$, 'LY400', null,
  'A US area code cannot start with 0');
select throws_ok($$ select * from app.create_customer('Nowhere', '3125550120', null, false, false, 'atlantis') $$, 'LY404', null,
  'Signing up at an unknown business is a 404');
select is(app.normalize_phone('312.555.0111'), '+13125550111', 'Phones are normalised to E.164');

call tests.act_as_superuser();
select results_eq($$ select phone, user_id from public.customers where name = 'Cara' $$,
  $$ values ('+13125550111'::text, null::uuid) $$,
  'The visitor''s customer row holds the normalised phone and no Auth user');

call tests.act_as('newcomer');
select r #>> '{customer,id}' as dee from app.create_customer('Dee', '312-555-0112') r \gset
call tests.act_as('member_b');
select r #>> '{customer,id}' as eli from app.create_customer('Eli', '312-555-0113') r \gset
call tests.act_as_superuser();
select is((select user_id from public.customers where id = :'dee'), tests.user_id('newcomer'),
  'A signed-in member who signs up with their own verified phone is linked to the new customer');
select is((select user_id from public.customers where id = :'eli'), null,
  'Signing someone else up (another phone) links nobody');

update tests.cast_members set customer_id = :'eli' where name = 'eli_signs_in';
call tests.act_as('eli_signs_in');
select is(app.link_customer_to_user(), :'eli'::uuid, 'Signing in later with that phone links the member to their customer');
call tests.act_as('stranger');
select throws_ok($$ select app.link_customer_to_user() $$, 'LY404', null, 'Linking a phone nobody signed up with is a 404');

-- Check-in tokens, points and rewards -----------------------------------------------------

call tests.act_as('member_a');
select r ->> 'token' as t1, r ->> 'expiresAt' as t1_expires from app.start_checkin('creamery') r \gset
select matches(:'t1'::text, '^[0-9a-f]{64}$', 'A check-in token is 64 hex characters (more than 128 random bits)');
select is(:'t1_expires'::timestamptz, now() + interval '15 minutes', 'A check-in token expires 15 minutes after it is issued');
select is(current_setting('synchronous_commit'), 'off',
  'Starting a check-in commits asynchronously (a token lost in a crash only means starting again)');
select set_config('synchronous_commit', 'on', true);
call tests.act_as_superuser();
select is((select count(*)::int from public.checkin_tokens where token_hash = tests.token_hash(:'t1')), 1,
  'Only the token''s SHA-256 is stored');

select is((select location_id from public.checkin_tokens where token_hash = tests.token_hash(:'t1')), null,
  'A member''s phone token carries no business, whatever the phone asked for: the counter decides');
call tests.act_as('other_staff');
select throws_ok(format('select * from app.approve_visit(%L, %L)', :'t1', 'creamery'), 'LY403', null,
  'Staff cannot count a check-in at another business than their own');
call tests.act_as('member_a');
select throws_ok(format('select * from app.approve_visit(%L)', :'t1'), 'LY403', null,
  'A member cannot approve their own check-in');

call tests.act_as('staff');
select r ->> 'pointsEarned' as points_earned, r ->> 'totalPoints' as total_points, r -> 'unlockedRewards' as first_unlocks from app.approve_visit(:'t1') r \gset
select is(:points_earned, 5, 'An approved visit earns 5 points');
select is(current_setting('synchronous_commit'), 'on', 'An approval commits synchronously (its points are on disk when it answers)');
select is(:total_points, 5, 'The customer''s total is now 5 points');
select is(:'first_unlocks'::jsonb -> 0 ->> 'name', 'Free Ice Cream Scoop', 'The first visit at a business unlocks its welcome reward');
select throws_ok(format('select * from app.approve_visit(%L)', :'t1'), 'LY409', null, 'A check-in token works once: the second approval is a 409');
select throws_ok($$ select * from app.approve_visit(repeat('0', 64)) $$, 'LY404', null, 'An unknown check-in token is a 404');

call tests.act_as('member_a');
select r ->> 'token' as t2 from app.start_checkin('creamery') r \gset
call tests.act_as_superuser();
update public.checkin_tokens set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute'
 where token_hash = tests.token_hash(:'t2');
call tests.act_as('staff');
select throws_ok(format('select * from app.approve_visit(%L)', :'t2'), 'LY410', null, 'An expired check-in token is a 410');

select r ->> 'totalPoints' as second_total, r -> 'unlockedRewards' as second_unlocks
  from app.approve_visit('customer:' || tests.customer_id('member_a')) r \gset
select is(:second_total, 10, 'Staff scan the member card for a second visit: 10 points');
select is(jsonb_path_query_array(:'second_unlocks'::jsonb, '$[*].name'), '["$5 Off Any Business"]'::jsonb,
  'At 10 points Silver unlocks, and the second visit at the same business unlocks no second welcome reward');
select is(jsonb_path_query_array(r -> 'unlockedRewards', '$[*].name'), '[]'::jsonb, 'The third visit (15 points) unlocks nothing')
  from app.approve_visit('customer:' || tests.customer_id('member_a')) r;
select is(jsonb_path_query_array(r -> 'unlockedRewards', '$[*].name'), '["$10 Off Any Business"]'::jsonb, 'The fourth visit (20 points) unlocks Gold')
  from app.approve_visit('customer:' || tests.customer_id('member_a')) r;
select is(jsonb_path_query_array(r -> 'unlockedRewards', '$[*].name'), '[]'::jsonb, 'The fifth visit (25 points) unlocks nothing more')
  from app.approve_visit('customer:' || tests.customer_id('member_a')) r;

call tests.act_as_superuser();
select results_eq(
  format($$ select total_points, (select count(*)::int from public.visits v where v.customer_id = c.id)
              from public.customers c where c.id = %L $$, tests.customer_id('member_a')),
  $$ values (25, 5) $$,
  'Points are exactly 5 × approved visits (the expired token added nothing)');
select results_eq(
  format($$ select r.name, count(*)::int from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
             where cr.customer_id = %L group by r.name order by r.name $$, tests.customer_id('member_a')),
  $$ values ('$10 Off Any Business'::text, 1), ('$5 Off Any Business', 1), ('Free Ice Cream Scoop', 1) $$,
  'Silver, Gold and the welcome reward are each unlocked exactly once');

-- A welcome reward belongs to the first visit: one added later is not given on a later visit.
insert into public.locations (id, business_name, kind, description, address, logo_url)
values ('spare', 'Spare Shop', 'shop', 'New in the programme.', '9 Spare Row', '/logos/spare.svg');
call tests.act_as('admin');
select is(jsonb_path_query_array(r -> 'unlockedRewards', '$[*].name'), '[]'::jsonb, 'A first visit at a business without a welcome reward unlocks none')
  from app.approve_visit('customer:' || tests.customer_id('member_a'), 'spare') r;
call tests.act_as_superuser();
insert into public.rewards (kind, location_id, name, description, scope)
values ('welcome', 'spare', 'Free Spare Part', 'One free part on your first visit.', 'location');
call tests.act_as('admin');
select is(jsonb_path_query_array(r -> 'unlockedRewards', '$[*].name'), '[]'::jsonb,
  'A welcome reward added after the customer''s first visit there is not unlocked by a later visit')
  from app.approve_visit('customer:' || tests.customer_id('member_a'), 'spare') r;

-- Member cards ----------------------------------------------------------------------------

call tests.act_as('member_b');
select throws_ok(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('member_b')), 'LY403', null,
  'A member cannot approve a member card, their own included');
call tests.act_as('kiosk');
select throws_ok(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('member_b')), 'LY403', null,
  'A kiosk cannot approve a member card');
call tests.act_as('staff');
select throws_ok(format('select * from app.approve_visit(%L, %L)', 'customer:' || tests.customer_id('member_b'), 'museum'), 'LY403', null,
  'Staff cannot approve a member card at a business other than their own');
call tests.act_as('admin');
select throws_ok(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('member_b')), 'LY400', null,
  'An admin approving a member card must say at which business');
select results_eq(format('select r ->> ''locationId'', (r ->> ''totalPoints'')::int from app.approve_visit(%L, %L) r', 'customer:' || tests.customer_id('member_b'), 'museum'),
  $$ values ('museum'::text, 5) $$,
  'An admin approves a member card at any business');
call tests.act_as_superuser();
select is((select approved_via from public.visits where customer_id = tests.customer_id('member_b')), 'admin',
  'The visit records that an admin approved it');

-- Kiosks and enrolment --------------------------------------------------------------------

call tests.act_as('member_a');
select throws_ok($$ select * from app.open_kiosk_session('snackco') $$, 'LY403', null, 'A member''s sign-in cannot open a kiosk session');
call tests.act_as('snack_kiosk');
select is((r #>> '{session,enrolled}')::boolean, false, 'A new kiosk opens its session at a business, not yet enrolled')
  from app.open_kiosk_session('snackco', 'front counter tablet') r;
select throws_ok($$ select * from app.start_checkin('snackco', '3125550101') $$, 'LY403', null,
  'A kiosk that is not enrolled cannot check customers in by phone');
call tests.act_as('snack_kiosk', true);
select r ->> 'token' as t3 from app.start_checkin('snackco', '3125550101') r \gset
select ok(:'t3' is not null, 'In demo mode a kiosk that is not enrolled can check customers in by phone');
call tests.act_as('snack_kiosk');
select throws_ok(format('select * from app.approve_visit(%L)', :'t3'), 'LY403', null,
  'Outside demo mode a kiosk that is not enrolled cannot approve its own check-in');
select throws_ok($$ select * from app.enrol_kiosk('sock monkey 42') $$, 'LY403', null,
  'A kiosk cannot enrol at a business that has no enrolment code');

call tests.act_as('staff');
select throws_ok($$ select app.set_enrolment_code('snackco', 'sock monkey 42') $$, 'LY403', null, 'Only an admin sets enrolment codes');
call tests.act_as('admin');
select lives_ok($$ select app.set_enrolment_code('snackco', 'sock monkey 42') $$, 'An admin sets a business''s enrolment code');

call tests.act_as('snack_kiosk');
select throws_ok($$ select * from app.enrol_kiosk('sock monkey 41') $$, 'LY403', null, 'A wrong enrolment code is refused (403)');
select is((r #>> '{session,enrolled}')::boolean, true, 'The right enrolment code enrols the kiosk') from app.enrol_kiosk('sock monkey 42') r;
select results_eq(format('select (r ->> ''pointsEarned'')::int, r ->> ''locationId'' from app.approve_visit(%L) r', :'t3'),
  $$ values (5, 'snackco'::text) $$,
  'An enrolled kiosk approves the check-in it issued');
call tests.act_as_superuser();
select is((select approved_via from public.visits v join public.checkin_tokens t on t.id = v.checkin_token_id
            where t.token_hash = tests.token_hash(:'t3')), 'kiosk', 'The visit records that a kiosk approved it');

call tests.act_as('snack_kiosk');
select r ->> 'token' as t4 from app.start_checkin('snackco', '312 555 0102') r \gset
select ok(:'t4' is not null, 'An enrolled kiosk checks customers in by phone, whatever its punctuation');
select throws_ok($$ select * from app.start_checkin('snackco', '3125550199') $$, 'LY404', null,
  'Checking in a phone that has not signed up is a 404');
select throws_ok($$ select * from app.start_checkin('creamery', '3125550101') $$, 'LY403', null,
  'A kiosk cannot start check-ins for another business');
call tests.act_as('kiosk', true);
select throws_ok(format('select * from app.approve_visit(%L)', :'t4'), 'LY403', null,
  'A kiosk cannot approve a check-in another kiosk issued, even in demo mode');
select throws_ok($$ select * from app.start_checkin('snackco', '3125550101') $$, 'LY403', null,
  'The creamery''s kiosk cannot start check-ins at SnackCo, even in demo mode');

call tests.act_as('admin');
select lives_ok($$ select app.set_enrolment_code('snackco', 'new code for spring') $$, 'An admin replaces the enrolment code');
call tests.act_as('snack_kiosk');
select throws_ok(format('select * from app.approve_visit(%L)', :'t4'), 'LY403', null,
  'A new enrolment code revokes the kiosks enrolled with the old one');
select throws_ok($$ select * from app.start_checkin('snackco', '3125550101') $$, 'LY403', null,
  'A revoked kiosk can no longer check customers in by phone');

call tests.act_as('kiosk');
select is((r #>> '{session,enrolled}')::boolean, false, 'A kiosk that moves to another business loses its enrolment')
  from app.open_kiosk_session('museum') r;

-- Starting check-ins ----------------------------------------------------------------------

call tests.act_as('anon');
select throws_ok($$ select * from app.start_checkin('creamery') $$, '42501', null, 'A visitor who has not signed in cannot start a check-in');
call tests.act_as('stranger');
select throws_ok($$ select * from app.start_checkin('creamery') $$, 'LY404', null,
  'A signed-in user without a customer record cannot start a mobile check-in');
call tests.act_as('member_a');
select throws_ok($$ select * from app.start_checkin('atlantis') $$, 'LY404', null, 'Checking in at an unknown business is a 404');
select throws_ok($$ select * from app.start_checkin('creamery', '3125550102') $$, 'LY403', null,
  'A member cannot check someone else in by phone');

-- Redeeming rewards -----------------------------------------------------------------------

call tests.act_as_superuser();
select cr.id as scoop from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
 where cr.customer_id = tests.customer_id('member_a') and r.location_id = 'creamery' \gset
select cr.id as silver from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
 where cr.customer_id = tests.customer_id('member_a') and r.tier = 'Silver' \gset
select cr.id as gold from public.customer_rewards cr join public.rewards r on r.id = cr.reward_id
 where cr.customer_id = tests.customer_id('member_a') and r.tier = 'Gold' \gset

call tests.act_as('member_b');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY404', null,
  'Another member cannot redeem the reward and is not told it exists');
call tests.act_as('kiosk');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY404', null,
  'A kiosk cannot redeem a customer''s reward');
call tests.act_as('stranger');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY404', null,
  'A signed-in user without a customer record cannot redeem anyone''s reward');
call tests.act_as('museum_staff');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY403', null,
  'Staff of another business cannot redeem a welcome reward that is only valid at its own business');
call tests.act_as('member_a');
select throws_ok(format('select * from app.redeem_reward(%L, %L)', :'scoop', 'museum'), 'LY403', null,
  'The owner cannot use a welcome reward at another business');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY403', null,
  'The owner does not redeem on their own: they show a redemption code at a counter');
call tests.act_as('staff');
select tests.saw_card('staff', 'member_a', 'creamery') as ignored \gset
select is(r #>> '{customerReward,status}', 'redeemed', 'The creamery''s staff redeem its welcome reward') from app.redeem_reward(:'scoop') r;
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY409', null, 'A reward is redeemed once: the second time is a 409');
select throws_ok(format('select * from app.redeem_reward(%L)', :'scoop'), 'LY409', null, 'Staff cannot redeem it again at the counter either');
call tests.act_as('museum_staff');
select tests.saw_card('museum_staff', 'member_a', 'museum') as ignored \gset
select is(r #>> '{customerReward,status}', 'redeemed', 'Staff of any business redeem a network reward (Silver) at their counter') from app.redeem_reward(:'silver') r;
call tests.act_as_superuser();
select results_eq(format('select redeemed_location_id, redeemed_by from public.customer_rewards where id = %L', :'silver'),
  format('values (%L::text, %L::uuid)', 'museum', tests.user_id('museum_staff')),
  'A redemption records where and by whom');
call tests.act_as('member_a');
select throws_ok($$ select * from app.redeem_reward('00000000-0000-4000-8000-00000000beef') $$, 'LY404', null,
  'Redeeming an unknown reward is a 404');
call tests.act_as('anon');
select throws_ok(format('select * from app.redeem_reward(%L)', :'gold'), '42501', null, 'A visitor who has not signed in cannot redeem');

-- The minimum interval between visits -----------------------------------------------------

call tests.act_as_superuser();
update private.settings set min_visit_interval = interval '60 minutes';
call tests.act_as('other_staff');
select lives_ok(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('eli_signs_in')),
  'A customer''s first visit at a business is approved');
select tests.error_of(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('eli_signs_in'))) as too_soon \gset
select is(:'too_soon'::jsonb ->> 'code', 'LY429', 'A second visit at the same business within the minimum interval is a 429');
select ok((:'too_soon'::jsonb ->> 'hint')::integer between 3590 and 3600,
  'The 429 says in its hint how many seconds to wait (about an hour)');
call tests.act_as('staff');
select lives_ok(format('select * from app.approve_visit(%L)', 'customer:' || tests.customer_id('eli_signs_in')),
  'The interval is per business: a visit at another business is approved');
call tests.act_as_superuser();
select is((select total_points from public.customers where id = tests.customer_id('eli_signs_in')), 10,
  'The refused visit awarded nothing');

-- Signing in and the reads behind the API ------------------------------------------------

call tests.act_as('fay');
select throws_ok($$ select * from app.claim_customer() $$, 'LY404', null,
  'Signing in with a phone that never signed up, without sign-up details, is a 404');
select is((r ->> 'created')::boolean, true, 'Signing in with sign-up details creates the member''s customer') from app.claim_customer('Fay') r;
select is((r ->> 'created')::boolean, false, 'Signing in again links to the same customer instead of creating another') from app.claim_customer('Fay') r;
call tests.act_as_superuser();
select is((select count(*)::int from public.customers where phone = '+13125550115'), 1, 'Fay has exactly one customer record');

call tests.act_as('member_a');
select is(app.me() -> 'tier' ->> 'name', 'Gold', 'A member''s account shows the tier their points earn');
select is((app.me() ->> 'totalPoints')::integer, 5 * (app.me() ->> 'totalVisits')::integer, 'A member''s account shows 5 points per visit');
call tests.act_as('stranger');
select throws_ok($$ select app.me() $$, 'LY404', null, 'A signed-in user without a customer record has no account to show');
call tests.act_as('staff');
select throws_ok($$ select app.admin_metrics() $$, 'LY403', null, 'Staff cannot read the admin dashboard');
call tests.act_as('admin');
select lives_ok($$ select app.admin_metrics() $$, 'Admins read the dashboard');

select * from finish();
rollback;
