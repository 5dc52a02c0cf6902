// Names and reasons in SQL: private.clean_text, which every write of
// a customer's name (private.clean_name) and every void or adjustment reason goes through, against
// the cases the zod contract is tested with (tests/support/name-cases.ts).
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims, anonClaims, approveVisit, createMember, createStaff, outcome } from '../support/factories.ts';
import { hiddenCharacterMessage } from '../../supabase/functions/_shared/contract/common.ts';
import { LINES_CASES, NAME_CASES } from '../support/name-cases.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
});

afterAll(async () => {
  await db?.drop();
});

const clean = (input: string) =>
  actAs(db.sql, anonClaims, async (tx) => (await tx<{ name: string }[]>`select private.clean_name(${input}) as name`)[0]!.name);

describe('private.clean_name', () => {
  it.each(NAME_CASES.map((c, i) => ({ ...c, i })))('case $i: $expected', async ({ input, expected }) => {
    if (expected === null) {
      expect(await outcome(clean(input))).toBe('LY400');
    } else {
      expect(await clean(input)).toBe(expected);
    }
  });
});

describe('names on customer rows', () => {
  it('stores the clean name at sign-up and answers it', async () => {
    const [row] = await actAs(db.sql, anonClaims, (tx) => tx<{ r: { customer: { id: string; name: string } } }[]>`
      select app.create_customer(${'\u200b  Ann Lee\u00a0\ufeff'}, '3125550901') as r`);
    expect(row!.r.customer.name).toBe('Ann Lee');
    const [stored] = await db.sql`select name from public.customers where id = ${row!.r.customer.id}`;
    expect(stored!.name).toBe('Ann Lee');
  });

  it('refuses a sign-up whose name is only zero-width spaces, and creates nothing', async () => {
    const signUp = actAs(db.sql, anonClaims, (tx) => tx`select app.create_customer(${'\u200b\u200b\u200b'}, '3125550902')`);
    expect(await outcome(signUp)).toBe('LY400');
    const [count] = await db.sql`select count(*)::int as n from public.customers where phone = '+13125550902'`;
    expect(count!.n).toBe(0);
  });

  it('cleans a name a member or an admin edits directly, and refuses an invisible one', async () => {
    const member = await createMember(db.sql);
    await actAs(db.sql, member.claims, (tx) => tx`update public.customers set name = ${'\u2066Ben\u2069 '} where id = ${member.customerId}`);
    const [stored] = await db.sql`select name from public.customers where id = ${member.customerId}`;
    expect(stored!.name).toBe('Ben');
    const blank = actAs(db.sql, adminClaims(), (tx) => tx`update public.customers set name = ${'\u3164'} where id = ${member.customerId}`);
    expect(await outcome(blank)).toBe('LY400');
  });
});

describe('reasons of voids and adjustments', () => {
  const reasonOf = (input: string) =>
    actAs(db.sql, anonClaims, async (tx) =>
      (await tx<{ r: string }[]>`select private.clean_text(${input}, 'A reason', 500) as r`)[0]!.r);

  it.each(NAME_CASES.filter((c) => c.input.length <= 100).map((c, i) => ({ ...c, i })))(
    'cleans a reason as a name, case $i',
    async ({ input, expected }) => {
      if (expected === null) expect(await outcome(reasonOf(input))).toBe('LY400');
      else expect(await reasonOf(input)).toBe(expected);
    },
  );

  it('refuses a void or an adjustment whose reason is only invisible characters, and changes nothing', async () => {
    const member = await createMember(db.sql);
    const admin = adminClaims();
    const adjust = (reason: string) =>
      actAs(db.sql, admin, (tx) => tx`select app.adjust_points(${member.customerId}::uuid, 5, ${reason})`);
    expect(await outcome(adjust('\u200b\u200b'))).toBe('LY400');
    await adjust('\u200b Paper card \ufeff');
    const events = await db.sql<{ reason: string }[]>`
      select reason from public.points_ledger where customer_id = ${member.customerId} and event = 'adjustment'`;
    expect(events.map((e) => e.reason)).toEqual(['Paper card']);

    const staff = await createStaff(db.sql, 'museum');
    const visit = await approveVisit(db.sql, staff.claims, `customer:${member.customerId}`);
    const voidIt = (reason: string) =>
      actAs(db.sql, admin, (tx) => tx`select app.void_visit(${visit.visitId}::uuid, ${reason})`);
    expect(await outcome(voidIt('\u200b\u200b'))).toBe('LY400');
    const [still] = await db.sql`select status from public.visits where id = ${visit.visitId}`;
    expect(still!.status).toBe('approved');
    await voidIt('\u2066Scanned twice\u2069');
    const [voided] = await db.sql`select status, void_reason from public.visits where id = ${visit.visitId}`;
    expect(voided).toEqual({ status: 'voided', void_reason: 'Scanned twice' });
  });

  it('answers 403 to a member before looking at the reason', async () => {
    const member = await createMember(db.sql);
    const attempt = actAs(db.sql, member.claims, (tx) =>
      tx`select app.adjust_points(${member.customerId}::uuid, 5, ${'\u200b'})`);
    expect(await outcome(attempt)).toBe('LY403');
  });
});

describe('nothing hidden inside a text (private.refuse_hidden_characters)', () => {
  const check = (input: string, lines: boolean) =>
    actAs(db.sql, anonClaims, (tx) => tx`select private.refuse_hidden_characters(${input}, 'Text', ${lines})`);

  it.each(LINES_CASES.map((c, i) => ({ ...c, i })))('texts with lines, case $i', async ({ input, refused }) => {
    expect(await outcome(check(input, true))).toBe(refused ? 'LY400' : 'ok');
  });

  it("says which character, in the contract's words", async () => {
    for (const [input, character] of [['Ann\u202eeeL', '\u202e'], ['Ann\u001b[2J', '\u001b'], ['a\u{e0041}b', '\u{e0041}']]) {
      const error = await check(input!, false).then(() => undefined, (e: Error) => e.message);
      expect(error).toBe(hiddenCharacterMessage('Text', character!));
    }
  });

  it("a member's own rename with RLO, ESC or BEL inside is refused and the stored name is unchanged", async () => {
    const member = await createMember(db.sql, 'Ana Ruiz');
    for (const name of ['Ana\u202e ziuR', 'Ana\u001b[31m Ruiz', 'Ana\u0007Ruiz', 'Ana\r\nYour code is 123456']) {
      const rename = actAs(db.sql, member.claims, (tx) => tx`select app.update_my_name(${name})`);
      expect(await outcome(rename)).toBe('LY400');
    }
    const [stored] = await db.sql`select name from public.customers where id = ${member.customerId}`;
    expect(stored!.name).toBe('Ana Ruiz');
  });

  it('the catalogue and the public content refuse them too, and keep what they had', async () => {
    const [before] = await db.sql`select description from public.locations where id = 'creamery'`;
    const edit = actAs(db.sql, adminClaims(), (tx) => tx`
      select app.admin_update_location('creamery', 'Village Creamery', 'ice cream', ${'Scoops\u202e daily'}, '', '', 'ice-cream', 'pink', '')`);
    expect(await outcome(edit)).toBe('LY400');
    const [after] = await db.sql`select description from public.locations where id = 'creamery'`;
    expect(after).toEqual(before);
    const content = actAs(db.sql, adminClaims(), (tx) => tx`
      select app.admin_update_content('testimonials', ${db.sql.json([{ quote: 'Great\u200b coffee', who: 'Ann' }])})`);
    expect(await outcome(content)).toBe('LY400');
  });
});

