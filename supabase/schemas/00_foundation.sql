-- The schemas of the programme, and who may use them. Hosted Supabase (and dev/sql/base.sql
-- locally) already has the API roles, the auth schema and the `extensions` schema.
--
-- These files are the database as it is now, one file per capability, applied in name order
-- (config.toml `[db.migrations] schema_paths`). A comment that names a migration file
-- (`2026112…_name.sql`) points to the history before the squash, kept unchanged in
-- tests/db/fixtures/pre-squash-migrations/.
--
-- Schema private holds the helpers, settings and counters that no API role reads directly; the
-- Data API does not expose it. Schema app holds the programme's state transitions and reads,
-- which the api function calls as the caller; it is not exposed by the Data API either.
create schema if not exists private;
create schema if not exists app;

revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;
revoke all on schema app from public;
grant usage on schema app to anon, authenticated, service_role;

-- Function bodies are checked when they are called, not when they are created: the files define
-- each capability's tables and functions together, and a SQL-language function may read a table
-- of a later file (pg_dump and `supabase db dump` set the same).
set check_function_bodies = false;

-- pg_trgm: the admin customer search's trigram indexes (70_admin_reads.sql).
create extension if not exists pg_trgm with schema extensions;

-- unaccent: the member searches ignore accents ("perez" finds "Pérez"), through
-- private.fold (20_customers.sql), an immutable wrapper an index can use.
create extension if not exists unaccent with schema extensions;
