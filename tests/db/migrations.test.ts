// The migrations apply cleanly to the embedded database (PGlite, PostgreSQL 18 in WASM), with
// RLS working there too, and record themselves where the Supabase CLI does.
import { listMigrations, migrate } from '../../dev/db.ts';
import { createPgliteDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, createMember } from '../support/factories.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createPgliteDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('migrations on PGlite', () => {
  it('records every migration file in supabase_migrations.schema_migrations', async () => {
    const rows = await db.sql`select version from supabase_migrations.schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
  });

  it('creates the tables with RLS on and seeds the six businesses', async () => {
    const tables = await db.sql`
      select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`;
    expect(tables.map((t) => t.relname)).toEqual([
      'checkin_tokens', 'consents', 'contact_messages', 'customer_rewards', 'customers', 'kiosk_sessions',
      'locations', 'points_ledger', 'programme_content', 'rewards', 'tiers', 'visits',
    ]);
    expect(tables.every((t) => t.relrowsecurity)).toBe(true);
    const [count] = await db.sql`select count(*)::int as n from public.locations`;
    expect(count!.n).toBe(6);
  });

  it('creates the private tables and the functions that hold the rules', async () => {
    const tables = await db.sql<{ relname: string }[]>`
      select c.relname from pg_class c where c.relnamespace = 'private'::regnamespace and c.relkind = 'r' order by 1`;
    expect(tables.map((t) => t.relname)).toEqual([
      'audit_log', 'counter_sightings', 'cross_shopping_bits', 'cross_shopping_days', 'cross_shopping_pending', 'customer_former_phones',
      'daily_rollup', 'daily_rollup_pending', 'draw_entries', 'draw_seeds', 'draws', 'idempotency_keys', 'location_enrolment_codes', 'member_cards', 'member_first_visits', 'member_month_masks', 'member_phone_fingerprints', 'nudge_settings', 'person_names', 'programme_changes', 'rate_limit_hits',
      'redemption_codes', 'redemption_flags', 'referral_codes', 'referral_flags', 'referral_secret', 'referral_settings', 'referrals', 'report_settings', 'settings', 'sign_in_codes', 'signup_counts', 'staff_grant_events', 'staff_grants', 'text_answers', 'text_campaigns', 'texts', 'velocity_flags', 'visit_returns',
      'visit_returns_pending', 'visit_returns_weekly', 'wallet_cards', 'wallet_devices', 'wallet_pushes', 'webhook_receipts',
    ]);
    const functions = await db.sql<{ name: string }[]>`
      select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('app', 'private')`;
    expect(functions.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'app.create_customer', 'app.link_customer_to_user', 'app.claim_customer', 'app.open_kiosk_session',
        'app.set_enrolment_code', 'app.enrol_kiosk', 'app.start_checkin', 'app.approve_visit', 'app.redeem_reward',
        'app.submit_contact_message', 'app.hit_rate_limit', 'app.me', 'app.my_visits', 'app.admin_metrics',
        'private.current_customer_id', 'private.is_admin', 'private.is_staff_at', 'private.fail',
        'private.require_location', 'private.clean_name', 'private.record_event', 'app.void_visit',
        'app.admin_velocity_flags', 'app.dismiss_velocity_flag', 'app.locations',
        'app.start_redemption', 'app.check_redemption_code', 'app.redeem_with_code',
        'private.visit_limit_wait', 'private.counter_location', 'private.finish_redemption',
      ]),
    );
  });

  it('enforces RLS for a member inside PGlite as on the server', async () => {
    const a = await createMember(db.sql, 'A');
    await createMember(db.sql, 'B');
    const seen = await actAs(db.sql, a.claims, (tx) => tx`select id from public.customers`);
    expect(seen.map((r) => r.id)).toEqual([a.customerId]);
  });

  it('refuses to build on a database that records migrations squashed into the baseline', async () => {
    await db.sql`insert into supabase_migrations.schema_migrations (version, name) values ('20261122000100', 'core_tables')`;
    try {
      await expect(migrate(db.sql)).rejects.toThrow(/squashed into the baseline\. Run `npm run db:reset`/);
    } finally {
      await db.sql`delete from supabase_migrations.schema_migrations where version = '20261122000100'`;
    }
  });
});
