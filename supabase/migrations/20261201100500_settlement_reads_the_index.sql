-- A month's redemptions for the settlement read from one covering index (no table rows): at 10
-- million visits the settlement took ~0.4 s, ~0.3 s of it fetching the month's rows; ~37 ms with
-- it (docs/PERFORMANCE.md). Those without a business get a small index of their own. The same as
-- supabase/schemas/50_redemption.sql.
create index if not exists customer_rewards_redeemed_month_idx on public.customer_rewards (redeemed_at)
  include (id, reward_id, welcome_location_id, unlocked_by_visit_id, redeemed_location_id)
  where redeemed_at is not null and redeemed_location_id is not null;
create index if not exists customer_rewards_redeemed_unattributed_idx on public.customer_rewards (redeemed_at)
  where redeemed_at is not null and redeemed_location_id is null;
