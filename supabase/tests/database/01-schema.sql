-- The schema's guard rails: RLS on every table, an index behind every foreign key, the rules'
-- functions outside the exposed schema with fixed search paths, and the "once" constraints.
begin;
\ir 00-helpers.psql
select plan(24);

select tables_are('public',
  array['tiers', 'locations', 'rewards', 'customers', 'kiosk_sessions', 'checkin_tokens', 'visits',
        'customer_rewards', 'contact_messages', 'consents', 'points_ledger', 'programme_content'],
  'The exposed schema holds exactly the programme''s twelve tables');
select tables_are('private',
  array['settings', 'location_enrolment_codes', 'rate_limit_hits', 'idempotency_keys', 'velocity_flags', 'sign_in_codes', 'daily_rollup', 'daily_rollup_pending',
        'visit_returns', 'visit_returns_weekly', 'visit_returns_pending', 'signup_counts', 'member_first_visits', 'member_month_masks',
        'cross_shopping_bits', 'cross_shopping_days', 'cross_shopping_pending',
        'staff_grants', 'staff_grant_events', 'redemption_codes', 'audit_log', 'text_campaigns', 'texts',
        'customer_former_phones', 'counter_sightings', 'redemption_flags', 'webhook_receipts',
        'person_names', 'wallet_cards', 'wallet_devices', 'wallet_pushes', 'member_cards', 'text_answers',
        'draws', 'draw_seeds', 'draw_entries', 'report_settings', 'nudge_settings', 'programme_changes',
        'referral_settings', 'referral_codes', 'referrals', 'referral_flags', 'member_phone_fingerprints', 'referral_secret'],
  'The private schema holds the settings, enrolment codes, rate-limit counters, idempotency keys, velocity flags, sign-in code counts, the admin rollups, staff grants, redemption codes, the audit log, the texts outbox with its campaigns, the former phones kept for forgetting, what counters saw, members'' "not you?" flags, the webhook receipts, the names of kiosks and staff phones, the wallet cards with their devices and pushes, the member cards that replaced lost printed ones, the answers to members'' texts, the prize draws with their kept seeds and frozen entry lists, the funder report''s village population, the reward reminder''s setting, the businesses that joined or left the programme, and Bring a neighbour''s settings, codes, referrals and flags, its keyed fingerprints of members'' phones and their key');

-- The guard test: a table added to public without RLS fails here before it ships.
select is_empty($$
  select c.relname from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'Every table in public has row level security on');
select is_empty($$
  select c.relname from pg_class c
   where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'Every table in private has row level security on too');
select is_empty($$
  select c.relname from pg_class c
   where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind in ('v', 'm')
     and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') $$,
  'There are no views of ours that could bypass row level security (extensions aside)');

select is_empty($$
  select c.conrelid::regclass::text || ' (' || c.conname || ')'
    from pg_constraint c
   where c.contype = 'f'
     and c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
     and not exists (
       select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey) $$,
  'Every foreign key has an index that starts with its columns');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.prosecdef $$,
  'No function in the exposed public schema is security definer');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace = 'public'::regnamespace
     and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') $$,
  'No function of ours lives in public at all (extensions such as pgTAP aside)');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace in ('app'::regnamespace, 'private'::regnamespace)
     and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%') $$,
  'Every function in app and private pins its search_path');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace in ('app'::regnamespace, 'private'::regnamespace) and p.prosecdef
     and not ('search_path=""' = any (coalesce(p.proconfig, '{}'))) $$,
  'Every security definer function runs with an empty search_path');

select is_empty($$
  select schemaname || '.' || tablename || ': ' || policyname from pg_policies
   where coalesce(qual, '') ilike '%user_metadata%' or coalesce(with_check, '') ilike '%user_metadata%' $$,
  'No policy reads user_metadata, which users can edit');
select is_empty($$
  select schemaname || '.' || tablename || ': ' || policyname from pg_policies
   where 'public' = any (roles) $$,
  'Every policy names the roles it is for (anon, authenticated), never public');
select is_empty($$
  select schemaname || '.' || tablename || ': ' || policyname from pg_policies
   where schemaname = 'private' $$,
  'The private tables have no policies: no API role reads or writes them');

select is_empty($$
  select n.nspname || '.' || c.relname || ' to ' || a.grantee::regrole::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace,
         aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
   where n.nspname = 'private' and c.relkind = 'r'
     and a.grantee in ('anon'::regrole, 'authenticated'::regrole, 0) $$,
  'The API roles hold no privilege at all on the private tables');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.pronamespace in ('app'::regnamespace, 'private'::regnamespace)
     and has_function_privilege('public', p.oid, 'execute') $$,
  'No function in app or private is executable by PUBLIC by default');

select col_is_unique('public', 'customers', array['phone'], 'One customer per phone number');
select col_is_unique('public', 'customers', array['user_id'], 'One customer per Auth user');
select col_is_unique('public', 'visits', array['checkin_token_id'], 'A check-in token approves at most one visit');
select index_is_unique('public', 'customer_rewards', 'customer_rewards_once',
  'Each reward unlocks at most once per customer (a revoked unlock aside)');
select index_is_unique('public', 'customer_rewards', 'customer_rewards_one_welcome_per_business',
  'A customer holds at most one welcome reward per business, whichever reward it is');
select col_is_unique('private', 'velocity_flags', array['customer_id', 'day'], 'A member is flagged at most once a day');
select trigger_is('public', 'points_ledger', 'points_ledger_append_only', 'private', 'refuse_ledger_change',
  'The points ledger refuses every update and delete, the owner''s included');
select col_is_unique('public', 'checkin_tokens', array['token_hash'], 'Check-in token hashes are unique');
select col_is_unique('public', 'kiosk_sessions', array['user_id'], 'A kiosk device has one session');

select * from finish();
rollback;
