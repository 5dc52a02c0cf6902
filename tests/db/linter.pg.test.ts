// Supabase's database linter (splinter) rules that matter for this schema, as catalog queries:
// each must find nothing. (Rule names as in supabase/splinter.)
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 1 });
});

afterAll(async () => {
  await db?.drop();
});

const RULES: Record<string, string> = {
  rls_disabled_in_public: `
    select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  policy_exists_rls_disabled: `
    select distinct p.tablename from pg_policies p
      join pg_class c on c.relname = p.tablename and c.relnamespace = p.schemaname::regnamespace
     where not c.relrowsecurity`,
  security_definer_function_executable_in_public: `
    select p.proname from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.prosecdef
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
  function_search_path_mutable: `
    select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'app', 'private')
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
  rls_references_user_metadata: `
    select policyname from pg_policies
     where coalesce(qual, '') ilike '%user_metadata%' or coalesce(with_check, '') ilike '%user_metadata%'`,
  // A call left after removing every `( SELECT auth.uid() ...)` wrapper is evaluated per row.
  auth_rls_initplan: `
    select policyname from pg_policies
     where regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                          'select (auth\\.(uid|jwt|role)\\(\\)|current_setting\\([^)]*\\))', '', 'gi')
           ~* '(auth\\.(uid|jwt|role)\\(\\)|current_setting\\()'`,
  policy_function_not_wrapped: `
    select policyname from pg_policies
     where (coalesce(qual, '') || ' ' || coalesce(with_check, '')) ~ '[^T] private\\.[a-z_]+\\('`,
  multiple_permissive_policies: `
    select p.tablename, p.cmd, r.role from pg_policies p, unnest(p.roles) as r(role)
     where p.schemaname = 'public' and p.permissive = 'PERMISSIVE'
     group by 1, 2, 3 having count(*) > 1`,
  unindexed_foreign_keys: `
    select c.conrelid::regclass::text, c.conname from pg_constraint c
     where c.contype = 'f' and c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
       and not exists (
         select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey)`,
  // Same columns, access method and operator classes (splinter compares the index definitions:
  // a trigram GIN index on a column that also has a btree is not a duplicate).
  duplicate_index: `
    select i.indrelid::regclass::text, array_agg(i.indexrelid::regclass::text) from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
     where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
     group by i.indrelid, ic.relam, i.indkey::text, i.indclass::text, coalesce(i.indexprs::text, ''),
              coalesce(i.indpred::text, '')
    having count(*) > 1`,
  auth_users_exposed: `
    select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
       and pg_get_viewdef(c.oid) ilike '%auth.users%'`,
};

describe('Supabase database linter rules', () => {
  it.each(Object.keys(RULES))('%s finds nothing', async (rule) => {
    const rows = await db.sql.unsafe(RULES[rule]!);
    expect(rows).toEqual([]);
  });

  it('the linter queries can find a violation (a table without RLS)', async () => {
    await db.sql`create table public.lint_probe (id int)`;
    try {
      const rows = await db.sql.unsafe(RULES.rls_disabled_in_public!);
      expect(rows.map((r) => r.relname)).toEqual(['lint_probe']);
    } finally {
      await db.sql`drop table public.lint_probe`;
    }
  });

  it('the auth_rls_initplan query finds an unwrapped auth.uid() next to a wrapped one', async () => {
    await db.sql`create table public.lint_probe (owner uuid, editor uuid)`;
    try {
      await db.sql`alter table public.lint_probe enable row level security`;
      await db.sql`create policy "probe" on public.lint_probe for select to authenticated
                   using (owner = (select auth.uid()) or editor = auth.uid())`;
      const rows = await db.sql.unsafe(RULES.auth_rls_initplan!);
      expect(rows.map((r) => r.policyname)).toEqual(['probe']);
    } finally {
      await db.sql`drop table public.lint_probe`;
    }
  });
});
