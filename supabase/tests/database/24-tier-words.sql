-- Tier words follow thresholds: a threshold that 5-point visits cannot reach is
-- refused in words; the "N points" of a tier reward's description follows its new threshold in
-- the same change, so /businesses, the Rewards tab and the member's reward never say the old one.
begin;
\ir 00-helpers.psql
select plan(6);

call tests.create_cast();

call tests.act_as('admin');
select throws_ok($$ select app.admin_update_tiers(jsonb_build_object(
    'Silver', jsonb_build_object('minPoints', 12, 'goalLabel', 'Silver', 'rewardValueCents', 500,
      'rewardName', '$5 Off', 'rewardDescription', 'Unlocked when you reach Silver status (10 points).'),
    'Gold', jsonb_build_object('minPoints', 20, 'goalLabel', 'Gold', 'rewardValueCents', 1000,
      'rewardName', '$10 Off', 'rewardDescription', 'Unlocked at Gold (20 points).'))) $$,
  'LY400', 'Silver at 12 points cannot be reached with 5 points a visit: choose 10 or 15',
  'Silver = 12 with 5 points a visit is refused, with the thresholds that can be reached');
select throws_ok($$ select app.admin_tier_preview(10, 23) $$,
  'LY400', 'Gold at 23 points cannot be reached with 5 points a visit: choose 20 or 25',
  'The preview refuses an unreachable Gold the same way');
select throws_ok($$ select app.admin_tier_preview(3, 20) $$,
  'LY400', 'Silver at 3 points cannot be reached with 5 points a visit: choose 5',
  'Below one visit, the one reachable threshold is offered');

select lives_ok($$ select app.admin_update_tiers(jsonb_build_object(
    'Silver', jsonb_build_object('minPoints', 15, 'goalLabel', 'Silver', 'rewardValueCents', 500,
      'rewardName', '$5 Off Any Business',
      'rewardDescription', '$5 off at any participating business, unlocked when you reach Silver status (10 points).'),
    'Gold', jsonb_build_object('minPoints', 20, 'goalLabel', 'Gold', 'rewardValueCents', 1000,
      'rewardName', '$10 Off Any Business', 'rewardDescription', 'Unlocked at Gold (20 points).'))) $$,
  'Silver moves from 10 to 15 with the old wording sent back unchanged');
call tests.act_as_superuser();
select is((select description from public.rewards where kind = 'tier' and tier = 'Silver'),
  '$5 off at any participating business, unlocked when you reach Silver status (15 points).',
  'The Silver reward now says 15 points, in the same change');
select is((select description from public.rewards where kind = 'tier' and tier = 'Gold'),
  'Unlocked at Gold (20 points).', 'Gold, unchanged at 20, keeps its words');

select * from finish();
rollback;
