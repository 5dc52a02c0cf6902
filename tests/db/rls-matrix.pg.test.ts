// The RLS matrix on real Postgres (docs/RULES.md invariant 7): every role × every table × select, insert,
// update and delete, acting exactly as the api function does. 'denied' means Postgres refused
// the statement (42501); a number is how many rows the caller could see or change.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  adminClaims,
  anonClaims,
  createAuthUser,
  createKiosk,
  createMember,
  createStaff,
  nextPhone,
  outcome,
  startMobileCheckin,
  tryAs,
  type Claims,
  type Tx,
} from '../support/factories.ts';

type Role = 'anon' | 'memberA' | 'memberB' | 'kiosk' | 'staff' | 'otherStaff' | 'admin';
type Expected = number | 'denied';
const ROLES: Role[] = ['anon', 'memberA', 'memberB', 'kiosk', 'staff', 'otherStaff', 'admin'];

// Columns: anon, memberA, memberB, kiosk, staff (creamery), otherStaff (joanies), admin.
function row(...values: Expected[]): Record<Role, Expected> {
  return Object.fromEntries(ROLES.map((role, i) => [role, values[i]!])) as Record<Role, Expected>;
}
const D = 'denied' as const;
const allDenied = row(D, D, D, D, D, D, D);

interface TableCase {
  table: string;
  select: Record<Role, Expected>;
  insert: { sql: string; expected: Record<Role, Expected> };
  update: { sql: string; expected: Record<Role, Expected> };
  delete: { sql: string; expected: Record<Role, Expected> };
}

// The fixture (below) has: 3 tiers; 7 locations (the six + 'spare'); 8 rewards; customers A
// and B; a kiosk session at the creamery; token A (kiosk, creamery) and token B (mobile,
// joanies), both approved into one visit each; A's creamery and B's joanies welcome rewards;
// one contact message; creamery's enrolment code; one rate-limit counter; one SMS consent per
// member; the ledger events of the two approvals.
// A harmless update of each private table (every one must be refused anyway).
const PRIVATE_UPDATES: Record<string, string> = {
  'private.settings': `min_visit_interval = interval '0'`,
  'private.location_enrolment_codes': 'set_at = now()',
  'private.rate_limit_hits': 'hits = 0',
  'private.idempotency_keys': 'result = null',
  'private.velocity_flags': 'dismissed_at = now()',
  'private.sign_in_codes': 'attempts = 0',
  'private.daily_rollup': 'n = 0',
  'private.daily_rollup_pending': 'n = 0',
  'private.referral_settings': 'bonus_points = 100',
  'private.referral_codes': `code = 'ZZZZZZ'`,
  'private.referrals': `status = 'pending'`,
  'private.referral_flags': 'dismissed_at = now()',
  'private.member_phone_fingerprints': 'fingerprint = fingerprint',
  'private.referral_secret': 'salt = salt',
};

const CASES: TableCase[] = [
  {
    table: 'public.tiers',
    select: row(3, 3, 3, 3, 3, 3, 3),
    insert: { sql: `insert into public.tiers (name, min_points) values ('Gold', 99)`, expected: allDenied },
    update: { sql: `update public.tiers set goal_label = goal_label`, expected: allDenied },
    delete: { sql: `delete from public.tiers where name = 'Gold'`, expected: allDenied },
  },
  {
    // The public content: four parts seeded; only app.admin_update_content writes.
    table: 'public.programme_content',
    select: row(4, 4, 4, 4, 4, 4, 4),
    insert: { sql: `insert into public.programme_content (key, value) values ('featured', '{}')`, expected: allDenied },
    update: { sql: `update public.programme_content set value = value`, expected: allDenied },
    delete: { sql: `delete from public.programme_content`, expected: allDenied },
  },
  {
    table: 'public.locations',
    select: row(7, 7, 7, 7, 7, 7, 7),
    insert: {
      sql: `insert into public.locations (id, business_name, kind, description, address, logo_url)
            values ('new-shop', 'New Shop', 'shop', '', '', '/logos/new.svg')`,
      // Admins too: businesses change only through the audited app.admin_* functions.
      expected: allDenied,
    },
    update: { sql: `update public.locations set business_name = business_name`, expected: allDenied },
    delete: { sql: `delete from public.locations where id = 'spare'`, expected: allDenied },
  },
  {
    table: 'public.rewards',
    select: row(8, 8, 8, 8, 8, 8, 8),
    insert: {
      sql: `insert into public.rewards (kind, location_id, name, description, scope)
            values ('welcome', 'spare', 'Free Thing', '', 'location')`,
      // Admins too: rewards change only through the audited app.admin_* functions.
      expected: allDenied,
    },
    update: { sql: `update public.rewards set name = name`, expected: allDenied },
    delete: { sql: `delete from public.rewards where tier = 'Gold'`, expected: allDenied },
  },
  {
    table: 'public.customers',
    select: row(D, 1, 1, 0, 0, 0, 2),
    insert: {
      sql: `insert into public.customers (name, phone, signup_channel) values ('Eve', '+13125550199', 'web')`,
      expected: allDenied,
    },
    update: { sql: `update public.customers set name = name`, expected: row(D, 1, 1, 0, 0, 0, 2) },
    delete: { sql: `delete from public.customers`, expected: row(D, 0, 0, 0, 0, 0, 2) },
  },
  {
    table: 'public.kiosk_sessions',
    select: row(D, 0, 0, 1, 0, 0, 1),
    insert: {
      sql: `insert into public.kiosk_sessions (user_id, location_id) values ((select auth.uid()), 'museum')`,
      expected: allDenied,
    },
    update: { sql: `update public.kiosk_sessions set enrolled_at = now()`, expected: allDenied },
    delete: { sql: `delete from public.kiosk_sessions`, expected: allDenied },
  },
  {
    table: 'public.checkin_tokens',
    // A token names its member: the issuing kiosk and the location's staff read none.
    select: row(D, 1, 1, 0, 0, 0, 2),
    insert: {
      sql: `insert into public.checkin_tokens (token_hash, customer_id, location_id, channel, expires_at)
            select sha256('x'), id, 'creamery', 'mobile', now() + interval '1 hour' from public.customers limit 1`,
      expected: allDenied,
    },
    update: { sql: `update public.checkin_tokens set used_at = null`, expected: allDenied },
    delete: { sql: `delete from public.checkin_tokens`, expected: allDenied },
  },
  {
    table: 'public.visits',
    // A visit names its member: staff read none, not even their own counter's.
    select: row(D, 1, 1, 0, 0, 0, 2),
    insert: {
      sql: `insert into public.visits (customer_id, location_id, points, approved_via)
            select id, 'creamery', 5, 'staff' from public.customers limit 1`,
      expected: allDenied,
    },
    update: { sql: `update public.visits set points = 500`, expected: allDenied },
    delete: { sql: `delete from public.visits`, expected: allDenied },
  },
  {
    table: 'public.customer_rewards',
    select: row(D, 1, 1, 0, 0, 0, 2),
    insert: {
      sql: `insert into public.customer_rewards (customer_id, reward_id)
            select c.id, r.id from public.customers c, public.rewards r where r.tier = 'Gold' limit 1`,
      expected: allDenied,
    },
    update: { sql: `update public.customer_rewards set status = 'unlocked', redeemed_at = null`, expected: allDenied },
    delete: { sql: `delete from public.customer_rewards`, expected: allDenied },
  },
  {
    table: 'public.contact_messages',
    select: row(D, 0, 0, 0, 0, 0, 1),
    insert: {
      sql: `insert into public.contact_messages (name, email, message) values ('A', 'a@example.com', 'hi')`,
      expected: allDenied,
    },
    update: { sql: `update public.contact_messages set message = message`, expected: allDenied },
    delete: { sql: `delete from public.contact_messages`, expected: allDenied },
  },
  {
    // Each member signed up with SMS consent (fixture); only they and admins read it.
    table: 'public.consents',
    select: row(D, 1, 1, 0, 0, 0, 2),
    insert: {
      sql: `insert into public.consents (customer_id, channel, wording, scope, signup_channel)
            select id, 'sms', 'x', 'x', 'web' from public.customers limit 1`,
      expected: allDenied,
    },
    update: { sql: `update public.consents set wording = 'changed'`, expected: allDenied },
    delete: { sql: `delete from public.consents`, expected: allDenied },
  },
  {
    // Two approvals in the fixture, each a visit_approved and a reward_unlocked event.
    table: 'public.points_ledger',
    select: row(D, 2, 2, 0, 0, 0, 4),
    insert: {
      sql: `insert into public.points_ledger (customer_id, event, points, reason)
            select id, 'adjustment', 100, 'gift' from public.customers limit 1`,
      expected: allDenied,
    },
    update: { sql: `update public.points_ledger set points = 100`, expected: allDenied },
    delete: { sql: `delete from public.points_ledger`, expected: allDenied },
  },
  ...[
    'private.settings',
    'private.location_enrolment_codes',
    'private.rate_limit_hits',
    'private.idempotency_keys',
    'private.velocity_flags',
    'private.sign_in_codes',
    'private.daily_rollup',
    'private.daily_rollup_pending',
    'private.referral_settings',
    'private.referral_codes',
    'private.referrals',
    'private.referral_flags',
    'private.member_phone_fingerprints',
    'private.referral_secret',
  ].map(
    (table): TableCase => ({
      table,
      select: allDenied,
      insert: { sql: `insert into ${table} default values`, expected: allDenied },
      update: { sql: `update ${table} set ${PRIVATE_UPDATES[table]}`, expected: allDenied },
      delete: { sql: `delete from ${table}`, expected: allDenied },
    }),
  ),
];

let db: TestDatabase;
const claims = {} as Record<Role, Claims>;
let customerA = '';
let ownerClaims: Claims;

async function buildFixture(sql: Sql) {
  await sql`insert into public.locations (id, business_name, kind, description, address, logo_url)
            values ('spare', 'Spare Shop', 'shop', '', '', '/logos/spare.svg')`;
  const a = await createMember(sql, 'Member A');
  const b = await createMember(sql, 'Member B');
  const kiosk = await createKiosk(sql, 'creamery');
  const staff = await createStaff(sql, 'creamery');
  const otherStaff = await createStaff(sql, 'joanies');
  // An owner serves at their own business's counter: the same reading rights as staff.
  ownerClaims = (
    await createAuthUser(sql, {
      phone: `1${nextPhone()}`,
      appMetadata: { provider: 'phone', role: 'owner', location_id: 'creamery' },
    })
  ).claims;
  Object.assign(claims, {
    anon: anonClaims,
    memberA: a.claims,
    memberB: b.claims,
    kiosk: kiosk.claims,
    staff: staff.claims,
    otherStaff: otherStaff.claims,
    admin: adminClaims(),
  });
  customerA = a.customerId;
  const tokenA = await actAs(
    sql,
    kiosk.claims,
    async (tx) => {
      const [r] = await tx`select app.start_checkin('creamery', ${a.phone}) ->> 'token' as token`;
      return r!.token as string;
    },
    true,
  );
  await actAs(sql, kiosk.claims, (tx) => tx`select app.approve_visit(${tokenA})`, true);
  const tokenB = await startMobileCheckin(sql, b.claims, 'joanies');
  await actAs(sql, otherStaff.claims, (tx) => tx`select app.approve_visit(${tokenB})`);
  await actAs(sql, anonClaims, (tx) => tx`select app.submit_contact_message('Ann', 'ann@example.com', null, 'Hello')`);
  await actAs(sql, adminClaims(), (tx) => tx`select app.set_enrolment_code('creamery', 'correct horse battery')`);
  await sql`select app.hit_rate_limit('test', 'key', 10, 60)`;
  await sql`insert into public.consents (customer_id, channel, wording, scope, signup_channel)
            select id, 'sms', 'I agree', 'Village Rewards', 'web' from public.customers`;
}

async function probe(role: Role, statement: string, kind: 'select' | 'write'): Promise<Expected> {
  try {
    return await tryAs(db.sql, claims[role], async (tx: Tx) => {
      const rows = await tx.unsafe(kind === 'select' ? `select * from ${statement}` : statement);
      return rows.count ?? rows.length;
    });
  } catch (error) {
    // Only a permission refusal is an expected outcome; anything else is a broken fixture.
    if ((error as { code?: string }).code === '42501') return 'denied';
    throw error;
  }
}

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
  await buildFixture(db.sql);
});

afterAll(async () => {
  await db?.drop();
});

describe.each(CASES)('$table', (tc) => {
  it.each(ROLES)('select as %s', async (role) => {
    expect(await probe(role, tc.table, 'select')).toBe(tc.select[role]);
  });
  it.each(ROLES)('insert as %s', async (role) => {
    expect(await probe(role, tc.insert.sql, 'write')).toBe(tc.insert.expected[role]);
  });
  it.each(ROLES)('update as %s', async (role) => {
    expect(await probe(role, tc.update.sql, 'write')).toBe(tc.update.expected[role]);
  });
  it.each(ROLES)('delete as %s', async (role) => {
    expect(await probe(role, tc.delete.sql, 'write')).toBe(tc.delete.expected[role]);
  });
});

describe('what members see is their own', () => {
  it('member A reads exactly their own customer row', async () => {
    const ids = await tryAs(db.sql, claims.memberA, (tx) => tx`select id from public.customers`);
    expect(ids.map((r) => r.id)).toEqual([customerA]);
  });

  it('a member cannot change their own points, only contact details', async () => {
    expect(await outcome(tryAs(db.sql, claims.memberA, (tx) => tx`update public.customers set total_points = 1000`))).toBe('42501');
    expect(await outcome(tryAs(db.sql, claims.memberA, (tx) => tx`update public.customers set user_id = null`))).toBe('42501');
    const updated = await tryAs(db.sql, claims.memberA, (tx) => tx`update public.customers set name = 'Renamed' returning name`);
    expect(updated.map((r) => r.name)).toEqual(['Renamed']);
  });

  // A member's id is their card's value (customer:{id}); a clerk who could list the
  // ids of the members served at their counter could fake "their card was scanned". The attack:
  // the clerk's (or the owner's, or the kiosk's) own JWT against every table the Data API serves.
  it.each(['staff', 'otherStaff', 'owner', 'kiosk'] as const)(
    "a %s's token reads no member's id from any table the Data API serves",
    async (who) => {
      const caller = who === 'owner' ? ownerClaims : claims[who];
      const tables = await db.sql<{ name: string }[]>`
        select format('%I.%I', n.nspname, c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')`;
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['public.visits', 'public.checkin_tokens']));
      const members = await db.sql<{ id: string }[]>`select id from public.customers`;
      expect(members).toHaveLength(2);
      for (const { name } of tables) {
        const text = await tryAs(db.sql, caller, async (tx) => {
          try {
            const rows = await tx.unsafe(`select t::text as row from ${name} t`);
            return rows.map((r) => r.row as string).join('\n');
          } catch (error) {
            if ((error as { code?: string }).code === '42501') return '';
            throw error;
          }
        });
        for (const member of members) expect(text, `${name} as ${who}`).not.toContain(member.id);
      }
      // And through the visits of their own counter in particular: none, not even without the id.
      const own = await tryAs(db.sql, caller, (tx) => tx`select count(*)::int as n from public.visits`);
      expect(own[0]!.n).toBe(0);
    },
  );

  it('a user_metadata role claim grants nothing', async () => {
    const forged = { ...claims.memberB, user_metadata: { role: 'admin' } };
    const rows = await tryAs(db.sql, forged, (tx) => tx`select id from public.customers`);
    expect(rows).toHaveLength(1);
  });

  it('an anonymous user with an admin role claim is not an admin', async () => {
    const forged = { ...claims.kiosk, app_metadata: { role: 'admin' } };
    const rows = await tryAs(db.sql, forged, (tx) => tx`select id from public.customers`);
    expect(rows).toHaveLength(0);
  });
});
