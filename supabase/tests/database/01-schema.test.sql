-- The schema's guard rails: RLS everywhere, rules out of the exposed schema, fixed search paths.
begin;
create extension if not exists pgtap;
select plan(6);

select is(
  (select count(*)::int from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relrowsecurity),
  0, 'Every table in public has row level security on');

select is(
  (select count(*)::int from pg_class c where c.relnamespace = 'private'::regnamespace and c.relkind = 'r' and not c.relrowsecurity),
  0, 'Every table in private has row level security on too');

select is(
  (select count(*)::int from pg_proc p where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')),
  0, 'No function of ours lives in the exposed public schema (extensions such as pgTAP aside)');

select is(
  (select count(*)::int from pg_proc p where p.pronamespace in ('app'::regnamespace, 'private'::regnamespace)
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')),
  0, 'Every function in app and private pins its search_path');

select ok(
  not has_table_privilege('anon', 'public.customers', 'select'),
  'Visitors (anon) cannot read customers at all');

select ok(
  not has_column_privilege('authenticated', 'public.customers', 'total_points', 'update'),
  'Signed-in users cannot write points directly');

select * from finish();
rollback;
