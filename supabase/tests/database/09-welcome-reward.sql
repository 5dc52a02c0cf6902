-- The welcome reward (PRODUCT §1): once per business, on the customer's first
-- approved visit there, never later — also when the business adds or replaces its welcome
-- reward after that visit. "One welcome reward per customer and business" is a constraint.
begin;
\ir 00-helpers.psql
select plan(12);

call tests.create_cast();
call tests.no_visit_limits();
select tests.create_member('member_c', 'Cy', '3125550150') as ignored \gset

-- A business with no welcome reward yet, which gets one later.
insert into public.locations (id, business_name, kind, description, address, logo_url)
values ('spare', 'Spare Shop', 'shop', 'New in the programme.', '9 Spare Row', '/logos/spare.svg');
call tests.act_as('admin');
select is(jsonb_array_length(app.approve_visit('customer:' || tests.customer_id('member_a'), 'spare') -> 'unlockedRewards'), 0,
  'A first visit at a business without a welcome reward unlocks none');
call tests.act_as_superuser();
insert into public.rewards (kind, location_id, name, description, scope)
values ('welcome', 'spare', 'Free Spare Part', 'One free part on your first visit.', 'location');
call tests.act_as('admin');
select is(jsonb_path_query_array(app.approve_visit('customer:' || tests.customer_id('member_a'), 'spare'),
                                 '$.unlockedRewards[*] ? (@.scope == "location").name'), '[]'::jsonb,
  'A welcome reward added after the customer''s first visit there is not unlocked by a later visit');
select is(app.approve_visit('customer:' || tests.customer_id('member_c'), 'spare') #>> '{unlockedRewards,0,name}', 'Free Spare Part',
  'A customer whose first visit comes after it was added gets it');

-- A business that replaces its welcome reward.
call tests.act_as('staff');
select is(app.approve_visit('customer:' || tests.customer_id('member_b')) #>> '{unlockedRewards,0,name}', 'Free Ice Cream Scoop',
  'Member B''s first visit at the creamery unlocks its welcome reward');
call tests.act_as('admin');
select is(app.admin_replace_reward((select r.id from public.rewards r
                                     where r.kind = 'welcome' and r.location_id = 'creamery' and r.retired_at is null),
                                   'Double Scoop', 'Two scoops on your first visit.') ->> 'name', 'Double Scoop',
  'An admin replaces the creamery''s welcome reward (app.admin_replace_reward)');
select is((select count(*)::int from public.rewards r where r.kind = 'welcome' and r.location_id = 'creamery' and r.retired_at is null), 1,
  'and the creamery has one active welcome reward, the new one');
call tests.act_as('staff');
select is(jsonb_path_query_array(app.approve_visit('customer:' || tests.customer_id('member_b')), '$.unlockedRewards[*].name'),
  '["$5 Off Any Business"]'::jsonb,
  'A later visit does not unlock the replacement reward (only Silver, at 10 points)');
call tests.act_as_superuser();
select results_eq(
  format($$ select r.retired_at is not null, cr.welcome_location_id, cr.status from public.customer_rewards cr
              join public.rewards r on r.id = cr.reward_id
             where cr.customer_id = %L and cr.welcome_location_id is not null $$, tests.customer_id('member_b')),
  $$ values (true, 'creamery'::text, 'unlocked'::text) $$,
  'Member B keeps the retired reward, unlocked and usable, still counting as the creamery''s welcome reward');
select throws_ok(
  format($$ insert into public.customer_rewards (customer_id, reward_id, welcome_location_id)
            select %L, r.id, r.location_id from public.rewards r where r.kind = 'welcome' and r.location_id = 'creamery' $$,
         tests.customer_id('member_b')),
  '23505', null,
  'Even written directly, a second welcome reward of one business for one customer is refused by a unique index');
select throws_ok(
  format($$ insert into public.customer_rewards (customer_id, reward_id, welcome_location_id)
            select %L, r.id, r.location_id from public.rewards r where r.kind = 'welcome' and r.location_id = 'spare' $$,
         tests.customer_id('member_c')),
  '23505', null,
  'and so is the same reward unlocked twice');
call tests.act_as('staff');
select is(app.approve_visit('customer:' || tests.customer_id('member_c')) #>> '{unlockedRewards,0,name}', 'Double Scoop',
  'A customer''s first visit after the replacement unlocks the new reward');
call tests.act_as_superuser();
select is((select count(*)::int from public.customer_rewards cr where cr.welcome_location_id is not null
            group by cr.customer_id, cr.welcome_location_id order by 1 desc limit 1), 1,
  'No customer holds two welcome rewards of one business');

select * from finish();
rollback;
