-- The customers tab's points and visits orderings leave forgotten members out, as the tab does:
-- a deep page skips its rows in the index alone (page 500 of everyone by points at 10 million
-- visits: ~90 → ~4 ms, docs/PERFORMANCE.md). The same as supabase/schemas/20_customers.sql.
drop index if exists public.customers_total_points_idx;
create index customers_total_points_idx on public.customers (total_points, id) where forgotten_at is null;
drop index if exists public.customers_visit_count_idx;
create index customers_visit_count_idx on public.customers (visit_count, id) where forgotten_at is null;
