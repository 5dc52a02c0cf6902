-- Signing in and signing up: only a session proven by an SMS code may
-- link or create a customer by its phone claim; a member already linked keeps their link when
-- their phone matches another customer; the sign-up channel is decided in SQL; SMS consent is
-- recorded with the wording shown, and only its owner and admins read it.
begin;
\ir 00-helpers.psql
select plan(27);

call tests.create_cast();
insert into tests.cast_members (name, user_id) values
  ('pat', tests.create_user('13125550160')),
  ('quinn', tests.create_user('13125550161')),
  ('sam', tests.create_user('13125550162'));

-- The phone claim needs an SMS code behind it ------------------------------------------------

-- Pat signed up with phone + password while confirmations were off: amr says 'password'.
call tests.act_as_claims(tests.claims_of(tests.user_id('pat')) || '{"amr": [{"method": "password", "timestamp": 1}]}');
select throws_ok($$ select app.claim_customer('Pat') $$, 'LY403', null,
  'A session made without an SMS code cannot create a customer from its phone claim');
select throws_ok($$ select app.link_customer_to_user() $$, 'LY403', null,
  'nor link itself to a customer by that phone');
select is(app.create_customer('Pat', '3125550160') #>> '{customer,name}', 'Pat',
  'It can still sign the phone up as a visitor would');
call tests.act_as_superuser();
select is((select user_id from public.customers where phone = '+13125550160'), null,
  'but the new customer is not linked to that unproven session');
select id as pat_id from public.customers where phone = '+13125550160' \gset
call tests.act_as_claims(tests.claims_of(tests.user_id('pat')) - 'amr');
select throws_ok($$ select app.link_customer_to_user() $$, 'LY403', null, 'A session without any amr claim cannot link either');
call tests.act_as_claims(tests.claims_of(tests.user_id('pat')) || '{"amr": [{"method": "password", "timestamp": 1}, {"method": "sms", "timestamp": 2}]}');
select is(app.link_customer_to_user(), :'pat_id'::uuid,
  'A session whose amr lists the sms method links the member to their customer');
call tests.act_as('quinn');
select is((app.claim_customer('Quinn') ->> 'created')::boolean, true,
  'A session proven by an otp code creates the member''s customer at sign-in');

-- Phone change: the existing link stays ------------------------------------------------------

call tests.act_as_superuser();
insert into public.customers (name, phone, signup_channel) values ('Other Holder', '+13125550170', 'web');
-- Member A's Auth user now has the phone of that other customer row.
update auth.users set phone = '13125550170' where id = tests.user_id('member_a');
call tests.act_as('member_a');
select is(app.claim_customer() #>> '{customer,id}', tests.customer_id('member_a')::text,
  'A member already linked who signs in with a phone matching another customer keeps their own customer');
select is((app.claim_customer('New Name') ->> 'created')::boolean, false,
  'Sign-up details do not create a second customer for them either');
select is(app.link_customer_to_user(), tests.customer_id('member_a'), 'Linking answers their existing customer, without an error');
call tests.act_as_superuser();
select results_eq($$ select user_id, name from public.customers where phone = '+13125550170' $$,
  $$ values (null::uuid, 'Other Holder'::text) $$,
  'The other customer row with that phone is left untouched');
select is((select count(*)::int from public.customers where user_id = tests.user_id('member_a')), 1,
  'Member A is linked to exactly one customer');

-- The sign-up channel is decided in SQL --------------------------------------------------------

call tests.act_as('anon');
select app.create_customer('Web Visitor', '3125550180') as ignored \gset
select app.create_customer('Shop Visitor', '3125550181', null, false, false, 'museum') as ignored \gset
call tests.act_as('kiosk');
select is(app.create_customer('Kiosk Visitor', '3125550182') #>> '{welcomeReward,name}', 'Free Ice Cream Scoop',
  'A kiosk signs customers up at its own business, with that business''s welcome reward');
call tests.act_as('sam');
select is((app.claim_customer('Sam') ->> 'created')::boolean, true, 'A member signs up on their phone at sign-in');
call tests.act_as_superuser();
select results_eq($$ select phone, signup_channel, signup_location_id from public.customers
                      where phone in ('+13125550180', '+13125550181', '+13125550182', '+13125550162') order by phone $$,
  $$ values ('+13125550162'::text, 'mobile'::text, null::text), ('+13125550180', 'web', null),
            ('+13125550181', 'business', 'museum'), ('+13125550182', 'kiosk', 'creamery') $$,
  'The channel is web, business, kiosk or mobile by who signs up and where, not by what the caller says');

call tests.act_as('anon');
select throws_ok($$ select app.create_customer('Bad Mail', '3125550183', 'not an email') $$, 'LY400', null,
  'A malformed email is a 400 from the sign-up function, not a constraint error');
select throws_ok($$ select app.submit_contact_message('Cleo', 'nope', null, 'Hello') $$, 'LY400', null,
  'and so it is on the contact form');

-- SMS consent, with the wording shown ----------------------------------------------------------

call tests.act_as('anon');
select app.create_customer('Consenting', '3125550190', null, true, false, 'joanies', 'Texts from Joanie''s and friends, please.') as ignored \gset
select app.create_customer('Default Wording', '3125550191', null, true) as ignored \gset
select app.create_customer('No Consent', '3125550192', null, false) as ignored \gset
call tests.act_as_superuser();
select results_eq($$ select c.phone, k.channel, k.wording, k.signup_channel from public.consents k
                      join public.customers c on c.id = k.customer_id
                     where c.phone in ('+13125550190', '+13125550191', '+13125550192') order by c.phone $$,
  $$ values ('+13125550190'::text, 'sms'::text, 'Texts from Joanie''s and friends, please.'::text, 'business'::text),
            ('+13125550191', 'sms', 'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.', 'web') $$,
  'An SMS consent is recorded with the wording shown (the sign-up form''s text when none is given); no consent, no row');
select is((select distinct scope from public.consents), 'Village Rewards programme, on behalf of the businesses taking part (listed at /businesses)',
  'A consent names what it covers: the programme and the list of businesses taking part, not a count');
select results_eq($$ select sms_consent, sms_consent_pending, (select k.pending from public.consents k where k.customer_id = c.id)
                      from public.customers c where phone = '+13125550190' $$,
  $$ values (false, true, true) $$,
  'A consent ticked on a form is pending: the customer row is not consenting until the phone confirms it');
select id as consenting_id from public.customers where phone = '+13125550190' \gset

call tests.act_as('anon');
select throws_ok($$ select * from public.consents $$, '42501', null, 'Visitors cannot read consents');
call tests.act_as('member_b');
select is((select count(*)::int from public.consents), 0, 'A member reads no one else''s consent');
call tests.act_as('staff');
select is((select count(*)::int from public.consents), 0, 'Staff read no consents');
call tests.act_as('kiosk');
select is((select count(*)::int from public.consents), 0, 'A kiosk reads no consents');
call tests.act_as('admin');
select is((select count(*)::int from public.consents), 2, 'Admins read every consent');
select throws_ok(format($$ insert into public.consents (customer_id, channel, wording, scope, signup_channel)
                           values (%L, 'sms', 'x', 'x', 'web') $$, :'consenting_id'), '42501', null,
  'Not even an admin writes a consent directly');
call tests.act_as_superuser();
insert into public.consents (customer_id, channel, wording, scope, signup_channel)
values (tests.customer_id('member_b'), 'sms', 'B said yes', 'programme', 'web');
call tests.act_as('member_b');
select results_eq($$ select wording from public.consents $$, array['B said yes'], 'A member reads their own consent');

select * from finish();
rollback;
