-- The customer row's rolled-up visit count and last visit follow every approval,
-- void and correction; the admin views refuse everyone but admins; revoking a kiosk ends its
-- sessions; months are months in America/Chicago.
begin;
\ir 00-helpers.psql
select plan(20);

call tests.create_cast();
call tests.no_visit_limits();

-- Rollups.
call tests.act_as('admin');
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'creamery') ->> 'visitId' as first_visit \gset
select app.approve_visit('customer:' || tests.customer_id('member_a'), 'joanies') ->> 'visitId' as second_visit \gset
call tests.act_as_superuser();
select is((select visit_count from public.customers where id = tests.customer_id('member_a')), 2,
  'Each approved visit adds one to the customer''s visit count');
select is((select last_visit_at from public.customers where id = tests.customer_id('member_a')),
          (select max(created_at) from public.visits where customer_id = tests.customer_id('member_a')),
  'and last_visit_at is the latest approved visit');
call tests.act_as('admin');
select lives_ok(format($$ select app.void_visit(%L, 'duplicate scan') $$, :'second_visit'), 'An admin voids the second visit');
call tests.act_as_superuser();
select is((select visit_count from public.customers where id = tests.customer_id('member_a')), 1,
  'A voided visit no longer counts');
select is((select last_visit_at from public.customers where id = tests.customer_id('member_a')),
          (select created_at from public.visits where id = :'first_visit'),
  'and the last visit falls back to the remaining one');
update public.visits set created_at = '2024-01-02T12:00:00Z' where id = :'first_visit';
select is((select last_visit_at from public.customers where id = tests.customer_id('member_a')), '2024-01-02T12:00:00Z'::timestamptz,
  'A corrected visit time is rolled up too');
select is((select count(*)::int from public.customers c
            where c.visit_count <> (select count(*) from public.visits v where v.customer_id = c.id and v.status = 'approved')),
  0, 'Every customer''s visit count equals their approved visits');

-- The daily rollup (visits, unlocks, redemptions per day and business) equals a rebuild from the tables.
select cr.id as scoop from public.customer_rewards cr
 where cr.customer_id = tests.customer_id('member_a') and cr.welcome_location_id = 'creamery' \gset
call tests.act_as('staff');
select tests.saw_card('staff', 'member_a', 'creamery') as ignored \gset
select lives_ok(format($$ select app.redeem_reward(%L) $$, :'scoop'), 'Staff redeem A''s creamery welcome reward');
call tests.act_as_superuser();
select private.fold_rollups();
select is((select count(*)::int from private.visit_returns_pending), 0, 'Folding empties the approvals'' pending cells');
select is((select count(*)::int from private.daily_rollup_pending), 0, 'Folding empties the day rollup''s pending deltas');
create temporary table kept as select * from private.daily_rollup where n <> 0;
create temporary table kept_returns as
  select 'day' as grain, scope, prev_day, day, n from private.visit_returns where n <> 0
  union all select 'week', scope, prev_week, week, n from private.visit_returns_weekly where n <> 0;
select is((select count(*)::int from private.cross_shopping_pending), 0, 'Folding empties the cross-shopping deltas too');
create temporary table kept_cross as select day, mask, n from private.cross_shopping_days where n <> 0;
select private.rebuild_daily_rollup();
select is_empty($$ (select day, location_id, kind, reward_id, n from kept
                    except select day, location_id, kind, reward_id, n from private.daily_rollup)
                   union all
                   (select day, location_id, kind, reward_id, n from private.daily_rollup
                    except select day, location_id, kind, reward_id, n from kept) $$,
  'After approvals, a void, a corrected time and a redemption the rollup equals a rebuild from the tables');
select is_empty($$ (select * from kept_returns
                    except (select 'day', scope, prev_day, day, n from private.visit_returns
                            union all select 'week', scope, prev_week, week, n from private.visit_returns_weekly))
                   union all
                   ((select 'day', scope, prev_day, day, n from private.visit_returns
                     union all select 'week', scope, prev_week, week, n from private.visit_returns_weekly)
                    except select * from kept_returns) $$,
  'and so do the visit-returns rollups behind active members (daily and weekly)');
select is_empty($$ (select * from kept_cross except select day, mask, n from private.cross_shopping_days)
                   union all
                   (select day, mask, n from private.cross_shopping_days except select * from kept_cross) $$,
  'and so do the cross-shopping counters (members by set of businesses and last visit day)');

-- Access.
call tests.act_as('member_a');
select throws_ok($$ select app.admin_customer(tests.customer_id('member_a')) $$, 'LY403', null,
  'A member cannot read even their own admin record');
select throws_ok($$ select * from app.admin_export_customers() $$, 'LY403', null, 'nor export customers');
call tests.act_as('staff');
select throws_ok($$ select app.admin_settlement('2024-01') $$, 'LY403', null, 'Staff cannot read the settlement');

-- Revoking a kiosk ends its sessions.
call tests.act_as_superuser();
insert into auth.sessions (id, user_id) values (gen_random_uuid(), tests.user_id('kiosk'));
call tests.act_as('admin');
select is(app.revoke_kiosk((select id from public.kiosk_sessions where user_id = tests.user_id('kiosk'))) ->> 'revoked', 'true',
  'An admin revokes the kiosk');
call tests.act_as_superuser();
select is((select count(*)::int from auth.sessions where user_id = tests.user_id('kiosk'))
          + (select count(*)::int from public.kiosk_sessions where user_id = tests.user_id('kiosk') and enrolled_at is not null),
  0, 'Its sessions are gone and it is no longer enrolled');

-- Months are months in America/Chicago.
select is((select starts_at from private.month_range('2024-03')), '2024-03-01T06:00:00Z'::timestamptz,
  'March 2024 starts at midnight Central Standard Time (and ends in daylight time)');

select * from finish();
rollback;
