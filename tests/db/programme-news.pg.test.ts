// Members are told when a business joins or leaves the programme, on real Postgres: the change is
// recorded whatever door made it; every member whose SMS consent is confirmed and who joined before
// it gets one text through the outbox (its rules: no text without confirmed consent, quiet hours
// hold it, the weekly cap of offers stops it, one per member per change), and GET /api/me's
// programmeNews shows it on /account to members who joined before it, for 14 days.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { actAs, adminClaims, createAuthUser, createCustomer, createMember, nextPhone, type Claims } from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createPostgresDatabase();
  sql = db.sql;
  await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00', marketing_texts_per_week = 2`;
});

afterAll(async () => {
  await db?.drop();
});

/** A member whose SMS consent the phone confirmed (signed in by a code sent to it). */
async function consenting(name: string): Promise<{ customerId: string; claims: Claims }> {
  const phone = nextPhone();
  const user = await createAuthUser(sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(sql, { name, phone, smsConsent: true, as: user.claims });
  const [row] = await sql<{ sms_consent: boolean }[]>`select sms_consent from public.customers where id = ${customerId}`;
  expect(row!.sms_consent).toBe(true);
  return { customerId, claims: user.claims };
}

const changeTexts = (customerId: string) =>
  sql<{ status: string; body: string; eventKey: string }[]>`
    select status, body, event_key as "eventKey" from private.texts
     where customer_id = ${customerId} and kind = 'programme_change' order by id`;

const newsOf = async (claims: Claims) => {
  const [row] = await actAs(sql, claims, (tx) => tx<{ me: { programmeNews: { kind: string; businessName: string; locationId: string }[] } }[]>`select app.me() as me`);
  return row!.me.programmeNews;
};

let slugCount = 0;
async function addBusiness(name: string): Promise<string> {
  slugCount += 1;
  const slug = `bakery-${process.pid}-${slugCount}`;
  await actAs(sql, adminClaims(), (tx) => tx`
    select app.admin_create_location(${slug}, ${name}, 'bakery', 'Bread and buns.', '7 Mill Road', null, 'store', 'amber', '')`);
  return slug;
}

it('a business joining texts each consenting member once and shows on their account; leaving does too', async () => {
  const texted = await consenting('Tessa Texted');
  const silent = await createMember(sql, 'Nora No-texts');
  const slug = await addBusiness('Crumb & Co Bakery');

  const [joined] = await changeTexts(texted.customerId);
  expect(await changeTexts(texted.customerId)).toHaveLength(1);
  expect(joined).toMatchObject({ status: 'queued' });
  expect(joined!.body).toMatch(/^Village Rewards: Crumb & Co Bakery has joined the programme: .*\/businesses Reply STOP to opt out\.$/);
  expect(await changeTexts(silent.customerId)).toEqual([]);
  for (const member of [texted.claims, silent.claims]) {
    expect(await newsOf(member)).toEqual([expect.objectContaining({ kind: 'joined', businessName: 'Crumb & Co Bakery', locationId: slug })]);
  }
  // A member who joins afterwards found it listed already: no news, no text.
  const later = await consenting('Leo Later');
  expect(await newsOf(later.claims)).toEqual([]);
  expect(await changeTexts(later.customerId)).toEqual([]);

  // It leaves: a second change, a second text (and only one each), the newest first on /account.
  await actAs(sql, adminClaims(), (tx) => tx`select app.admin_archive_location(${slug}, true, 'Closed for good')`);
  const texts = await changeTexts(texted.customerId);
  expect(texts).toHaveLength(2);
  expect(texts[1]!.body).toContain('Crumb & Co Bakery has left the programme.');
  expect(new Set(texts.map((t) => t.eventKey)).size).toBe(2);
  expect((await newsOf(texted.claims)).map((n) => n.kind)).toEqual(['left', 'joined']);
  expect((await newsOf(later.claims)).map((n) => n.kind)).toEqual(['left']);
  // An edit that is neither joining nor leaving says nothing.
  await sql`update public.locations set archived_at = archived_at where id = ${slug}`;
  expect(await changeTexts(texted.customerId)).toHaveLength(2);
});

it('the text keeps the outbox rules: held in quiet hours, stopped by the weekly cap, none without confirmed consent', async () => {
  const held = await consenting('Quinn Quiet');
  const capped = await consenting('Cal Capped');
  const pending = await createCustomer(sql, { name: 'Pia Pending', smsConsent: true });
  // Two offers already this week: the cap of 2 is reached.
  for (const n of [1, 2]) {
    await sql`insert into private.texts (customer_id, phone, kind, body, event_key)
              select id, phone, 'campaign', 'Village Rewards: an offer', ${`test-offer:${capped.customerId}:${n}`}
                from public.customers where id = ${capped.customerId}`;
  }
  await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '23:59'`;
  try {
    await addBusiness('Night Owl Bakery');
  } finally {
    await sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
  }
  expect(await changeTexts(held.customerId)).toEqual([expect.objectContaining({ status: 'held' })]);
  expect(await changeTexts(capped.customerId)).toEqual([]);
  expect(await changeTexts(pending.customerId)).toEqual([]);
});

it('setting up a programme (no members yet) records nothing', async () => {
  const [{ n }] = (await sql`select count(*)::int as n from private.programme_changes`) as unknown as [{ n: number }];
  // Only the changes the tests above made: the seed's businesses were added before any member.
  expect(n).toBe(3);
});
