// Printed member cards and their replacement, on real Postgres: a member whose card never changed
// scans with the plain 'customer:{id}'; once an admin replaces a lost card, the new value
// (customer:{id}:{code}) is accepted and every earlier one is refused with a plain message at each
// scan path (a visit approval and a card scan for redeeming), the replacement is audited without
// the code, and only admins replace or print another member's card.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  approveVisit,
  createAuthUser,
  createMember,
  createStaff,
  disableVisitLimits,
  outcome,
  type Claims,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let admin: { id: string; claims: Claims };

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 8 });
  sql = db.sql;
  await disableVisitLimits(sql);
  admin = await createAuthUser(sql, { phone: '13125550880', appMetadata: { provider: 'phone', role: 'admin' } });
});

afterAll(async () => {
  await db?.drop();
});

interface Card {
  customerId: string;
  name: string;
  qr: string;
  version: number;
}

const replace = async (claims: Claims, customerId: string, reason: string | null = 'Lost at the market') => {
  const [row] = await actAs(sql, claims, (tx) => tx`select app.admin_replace_member_card(${customerId}, ${reason}) as r`);
  return row!.r as Card;
};

const scanCard = (claims: Claims, token: string) =>
  actAs(sql, claims, (tx) => tx`select app.scan_card(${token}, null) as r`);

/** The error a call raised: its SQLSTATE and message. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { code: code ?? '', message: message ?? '' };
  }
  throw new Error('expected a refusal');
}

const REPLACED = 'This card was replaced and no longer works. Ask the member for their new card.';

async function visitsOf(customerId: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from public.visits where customer_id = ${customerId}`;
  return row!.n as number;
}

describe('member cards', () => {
  it('accepts the plain customer:{id} of a member whose card never changed, at both scan paths', async () => {
    const member = await createMember(sql, 'Pat Plain');
    const clerk = await createStaff(sql, 'creamery');
    const [card] = await actAs(sql, member.claims, (tx) => tx`select app.my_member_card() as r`);
    expect((card!.r as Card).qr).toBe(`customer:${member.customerId}`);
    expect((card!.r as Card).version).toBe(1);
    const approved = await approveVisit(sql, clerk.claims, `customer:${member.customerId}`);
    expect(approved.visitId).toBeTruthy();
    expect(await outcome(scanCard(clerk.claims, `customer:${member.customerId}`))).toBe('ok');
    expect(await visitsOf(member.customerId)).toBe(1);
  });

  it('refuses the old card and accepts the new one once an admin replaces it, and audits the replacement', async () => {
    const member = await createMember(sql, 'Lou Lost');
    const clerk = await createStaff(sql, 'joanies');
    const plain = `customer:${member.customerId}`;

    const second = await replace(admin.claims, member.customerId);
    expect(second.version).toBe(2);
    expect(second.qr).toMatch(new RegExp(`^customer:${member.customerId}:[0-9a-f]{12}$`));
    expect(second.qr).not.toBe(plain);

    // The old (plain) value: refused with a plain message at each scan path, and no visit made.
    expect(await refusal(approveVisit(sql, clerk.claims, plain))).toEqual({ code: 'LY410', message: REPLACED });
    expect(await refusal(scanCard(clerk.claims, plain))).toEqual({ code: 'LY410', message: REPLACED });
    expect(await visitsOf(member.customerId)).toBe(0);

    // The new card works everywhere the old one did, in either letter case.
    expect((await approveVisit(sql, clerk.claims, second.qr.toUpperCase().replace('CUSTOMER:', 'customer:'))).visitId).toBeTruthy();
    expect(await outcome(scanCard(clerk.claims, second.qr))).toBe('ok');
    expect(await visitsOf(member.customerId)).toBe(1);

    // The member's own card (their account QR and print page) is the new one.
    const [mine] = await actAs(sql, member.claims, (tx) => tx`select app.my_member_card() as r`);
    expect((mine!.r as Card).qr).toBe(second.qr);

    // A third card: the second stops working too.
    const third = await replace(admin.claims, member.customerId, null);
    expect(third.version).toBe(3);
    expect(third.qr).not.toBe(second.qr);
    expect(await refusal(approveVisit(sql, clerk.claims, second.qr))).toEqual({ code: 'LY410', message: REPLACED });
    expect(await refusal(approveVisit(sql, clerk.claims, plain))).toEqual({ code: 'LY410', message: REPLACED });
    expect(await outcome(scanCard(clerk.claims, third.qr))).toBe('ok');

    // Audited: who, which member, the versions and the reason; never the card's code.
    const audit = await sql`
      select actor_id, actor_role, before, after, reason from private.audit_log
       where action = 'member.card_replace' and target_type = 'customer' and target_id = ${member.customerId}
       order by id`;
    expect(audit.map((row) => [row.actor_id, row.actor_role, row.before, row.after, row.reason])).toEqual([
      [admin.id, 'admin', { cardVersion: 1 }, { cardVersion: 2 }, 'Lost at the market'],
      [admin.id, 'admin', { cardVersion: 2 }, { cardVersion: 3 }, 'Card lost'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(second.qr.split(':')[2]);
    expect(JSON.stringify(audit)).not.toContain(third.qr.split(':')[2]);
  });

  it('refuses a made-up code on a card that was never replaced, and a value that is not a card', async () => {
    const member = await createMember(sql, 'Fay Forged');
    const clerk = await createStaff(sql, 'creamery');
    expect(await refusal(approveVisit(sql, clerk.claims, `customer:${member.customerId}:0123456789ab`))).toEqual({
      code: 'LY400',
      message: 'Not a member card',
    });
    expect((await refusal(scanCard(clerk.claims, `customer:${member.customerId}:zz`))).code).toBe('LY400');
    expect(await visitsOf(member.customerId)).toBe(0);
  });

  it('lets only admins replace or print another member\'s card; members read their own', async () => {
    const member = await createMember(sql, 'Sam Safe');
    const other = await createMember(sql, 'Oli Other');
    const clerk = await createStaff(sql, 'creamery');
    for (const claims of [member.claims, other.claims, clerk.claims]) {
      expect(await outcome(replace(claims, member.customerId))).toBe('LY403');
      expect(await outcome(actAs(sql, claims, (tx) => tx`select app.admin_member_card(${member.customerId})`))).toBe('LY403');
    }
    expect(await outcome(replace(admin.claims, '00000000-0000-4000-8000-000000000000'))).toBe('LY404');
    const [printed] = await actAs(sql, admin.claims, (tx) => tx`select app.admin_member_card(${member.customerId}) as r`);
    expect(printed!.r).toMatchObject({ name: 'Sam Safe', qr: `customer:${member.customerId}`, version: 1 });
    // Nothing was replaced by the refused calls.
    const [row] = await sql`select count(*)::int as n from private.member_cards where customer_id = ${member.customerId}`;
    expect(row!.n).toBe(0);
    // The table is out of reach of every API role.
    expect(await outcome(actAs(sql, member.claims, (tx) => tx`select * from private.member_cards`))).toBe('42501');
  });

  it('gives one new card per replacement when two admins replace at once, and only the last one works', async () => {
    const member = await createMember(sql, 'Ray Race');
    const clerk = await createStaff(sql, 'creamery');
    const cards = await Promise.all([replace(admin.claims, member.customerId), replace(admin.claims, member.customerId)]);
    expect(cards.map((card) => card.version).sort()).toEqual([2, 3]);
    const last = cards.find((card) => card.version === 3)!;
    const first = cards.find((card) => card.version === 2)!;
    expect(await refusal(approveVisit(sql, clerk.claims, first.qr))).toEqual({ code: 'LY410', message: REPLACED });
    expect((await approveVisit(sql, clerk.claims, last.qr)).visitId).toBeTruthy();
  });
});
