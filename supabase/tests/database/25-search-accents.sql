-- Search ignores accents and case: "perez" finds "Ana Pérez" at the counter and in
-- admin Customers (the list, its count and the export), and "PÉREZ" too; the name search is
-- answered by the trigram index on private.fold(name).
begin;
\ir 00-helpers.psql
select plan(7);

call tests.create_cast();
select tests.create_member('ana', 'Ana Pérez', '3125550181') as ana_id \gset
select is(private.fold('Ana PÉREZ Çelik'), 'ana perez celik', 'The fold is lower case without accents');

call tests.act_as('staff');
select is((select jsonb_path_query_array(app.counter_search('perez'), '$.customers[*].name')),
  '["Ana Pérez"]'::jsonb, 'At the counter, "perez" finds Ana Pérez');
select is((select jsonb_path_query_array(app.counter_search('PÉREZ'), '$.customers[*].name')),
  '["Ana Pérez"]'::jsonb, 'and so does "PÉREZ"');

call tests.act_as('admin');
select is((select jsonb_path_query_array(app.admin_customers('perez', null, 'all'), '$[*].name')),
  '["Ana Pérez"]'::jsonb, 'In admin Customers, "perez" finds Ana Pérez');
select is((select count(*)::int from app.admin_export_customers('perez', null, 'all')), 1,
  'The export of that search holds her');
select is((select jsonb_path_query_array(app.admin_customers('ana pe', null, 'all'), '$[*].name')),
  '["Ana Pérez"]'::jsonb, 'A part across the space, unaccented, finds her too');

call tests.act_as_superuser();
set local enable_seqscan = off;
create function pg_temp.plan_of(p_query text) returns text language plpgsql as $f$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain ' || p_query loop v_plan := v_plan || v_line || ' '; end loop;
  return v_plan;
end;
$f$;
select ok(pg_temp.plan_of($$ select id from public.customers c where private.fold(c.name) like '%perez%' $$)
  like '%customers_name_fold_trgm_idx%', 'The name search can use the trigram index on the fold');

select * from finish();
rollback;
