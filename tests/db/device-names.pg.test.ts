// On real Postgres: kiosks and staff phones carry names the operator gives them. Only
// an admin names them; a name is checked (length, hidden characters) and each change is one audit
// row; the name is then what a visit, a redemption and the kiosk and staff lists say for who
// served, instead of the device's browser string or a bare phone. Clearing it goes back to
// "Kiosk at …" and the phone.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  approveVisit,
  createAuthUser,
  createKiosk,
  createMember,
  createStaff,
  disableVisitLimits,
  outcome,
  type Claims,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;
let admin: Claims;

beforeAll(async () => {
  db = await createPostgresDatabase();
  sql = db.sql;
  await disableVisitLimits(sql);
  admin = (await createAuthUser(sql, { phone: '13125550880', appMetadata: { provider: 'phone', role: 'admin' } })).claims;
});

afterAll(async () => {
  await db?.drop();
});

const nameKiosk = (claims: Claims, kioskId: string, name: string) =>
  actAs(sql, claims, (tx) => tx<{ r: { name: string | null } }[]>`select app.admin_name_kiosk(${kioskId}, ${name}) as r`).then((rows) => rows[0]!.r);
const nameStaff = (claims: Claims, locationId: string, userId: string, name: string) =>
  actAs(sql, claims, (tx) => tx<{ r: { name: string | null } }[]>`select app.admin_name_staff(${locationId}, ${userId}, ${name}) as r`).then(
    (rows) => rows[0]!.r,
  );
const label = (userId: string) =>
  actAs(sql, admin, (tx) => tx<{ l: string }[]>`select private.person_label(${userId}) as l`).then((rows) => rows[0]!.l);

it('only an admin names a kiosk; the name is checked, audited once, and said for who served', async () => {
  const kiosk = await createKiosk(sql, 'creamery');
  const owner = (await createAuthUser(sql, { phone: '13125550881', appMetadata: { provider: 'phone', role: 'owner', location_id: 'creamery' } })).claims;
  expect(await label(kiosk.userId)).toBe('Kiosk at Village Creamery');
  expect(await outcome(nameKiosk(owner, kiosk.sessionId, 'Mine'))).toBe('LY403');
  expect(await outcome(nameKiosk((await createStaff(sql, 'creamery')).claims, kiosk.sessionId, 'Mine'))).toBe('LY403');
  expect(await outcome(nameKiosk(admin, kiosk.sessionId, 'x'.repeat(61)))).toBe('LY400');
  expect(await outcome(nameKiosk(admin, kiosk.sessionId, 'Front\u202Etablet'))).toBe('LY400');
  expect(await outcome(nameKiosk(admin, '00000000-0000-4000-8000-000000000000', 'Ghost'))).toBe('LY404');
  expect(await sql`select 1 from private.person_names where user_id = ${kiosk.userId}`).toHaveLength(0);

  expect(await nameKiosk(admin, kiosk.sessionId, '  Front counter tablet ')).toEqual({ id: kiosk.sessionId, name: 'Front counter tablet' });
  await nameKiosk(admin, kiosk.sessionId, 'Front counter tablet'); // unchanged: no second audit row
  expect(await label(kiosk.userId)).toBe('Front counter tablet (kiosk at Village Creamery)');
  const [listed] = await actAs(sql, admin, (tx) => tx<{ r: { id: string; name: string }[] }[]>`select app.admin_kiosks('creamery') as r`);
  expect(listed!.r.find((k) => k.id === kiosk.sessionId)).toMatchObject({ name: 'Front counter tablet' });
  const audit = await sql<{ action: string; before: unknown; after: unknown; location_id: string }[]>`
    select action, before, after, location_id from private.audit_log where target_type = 'kiosk' and target_id = ${kiosk.sessionId}`;
  expect(audit).toEqual([{ action: 'kiosk.rename', before: { name: null }, after: { name: 'Front counter tablet' }, location_id: 'creamery' }]);

  // Cleared: back to where it stands.
  expect(await nameKiosk(admin, kiosk.sessionId, '')).toMatchObject({ name: null });
  expect(await label(kiosk.userId)).toBe('Kiosk at Village Creamery');
});

it("a staff phone's name is what the customer detail says for who approved a visit", async () => {
  const clerk = await createStaff(sql, 'creamery');
  const member = await createMember(sql, 'Named Visit');
  await approveVisit(sql, clerk.claims, `customer:${member.customerId}`);
  const [phone] = await sql<{ phone: string }[]>`select right(phone, 10) as phone from auth.users where id = ${clerk.userId}`;
  const approvedBy = async () => {
    const [row] = await actAs(sql, admin, (tx) => tx<{ r: { visits: { approvedBy: string }[] } }[]>`select app.admin_customer(${member.customerId}) as r`);
    return row!.r.visits[0]!.approvedBy;
  };
  expect(await approvedBy()).toBe(phone!.phone);
  // Not staff at that business: nothing named.
  expect(await outcome(nameStaff(admin, 'museum', clerk.userId, 'Maria'))).toBe('LY404');
  expect(await nameStaff(admin, 'creamery', clerk.userId, 'Maria')).toMatchObject({ name: 'Maria' });
  expect(await approvedBy()).toBe('Maria');
  const [staff] = await actAs(sql, admin, (tx) => tx<{ r: { userId: string; name: string }[] }[]>`select app.admin_staff('creamery') as r`);
  expect(staff!.r.find((s) => s.userId === clerk.userId)).toMatchObject({ name: 'Maria' });
  expect(
    (await sql<{ action: string }[]>`select action from private.audit_log where target_type = 'staff' and target_id = ${clerk.userId}`).map((r) => r.action),
  ).toEqual(['staff.rename']);
});

it('a pending staff grant is named before its phone signs in; the name is listed, audited, and becomes the staff phone\'s at sign-in', async () => {
  const phone = '3125550884';
  await actAs(sql, admin, (tx) => tx`select app.grant_staff('joanies', ${phone}, true)`);
  const namePending = (claims: Claims, locationId: string, name: string) =>
    actAs(sql, claims, (tx) => tx<{ r: { phone: string; name: string | null } }[]>`select app.admin_name_pending_staff(${locationId}, ${phone}, ${name}) as r`).then(
      (rows) => rows[0]!.r,
    );
  const listed = async () => {
    const [row] = await actAs(sql, admin, (tx) => tx<{ r: { phone: string; status: string; userId: string | null; name: string | null }[] }[]>`select app.admin_staff('joanies') as r`);
    return row!.r.find((s) => s.phone === phone);
  };
  const owner = (await createAuthUser(sql, { phone: '13125550885', appMetadata: { provider: 'phone', role: 'owner', location_id: 'joanies' } })).claims;
  expect(await outcome(namePending(owner, 'joanies', 'Mine'))).toBe('LY403');
  expect(await outcome(namePending(admin, 'creamery', 'Maria'))).toBe('LY404');
  expect(await outcome(namePending(admin, 'joanies', 'x'.repeat(61)))).toBe('LY400');
  expect(await namePending(admin, 'joanies', ' Maria ')).toEqual({ phone, name: 'Maria' });
  expect(await listed()).toMatchObject({ status: 'pending', userId: null, name: 'Maria' });
  expect(
    await sql`select action, before, after from private.audit_log where action = 'staff.rename' and target_id = ${`+1${phone}`}`,
  ).toEqual([{ action: 'staff.rename', before: { name: null }, after: { name: 'Maria' } }]);

  // The phone signs in: the grant is taken up, and the name is now the staff phone's.
  const user = await createAuthUser(sql, { phone: `1${phone}` });
  expect(await listed()).toMatchObject({ status: 'active', userId: user.id, name: 'Maria' });
  expect(await label(user.id)).toBe('Maria');
  expect(await sql`select pending_name from private.staff_grants where user_id = ${user.id}`).toEqual([{ pending_name: null }]);
  // Named no longer pending: the pending door has nothing to name.
  expect(await outcome(namePending(admin, 'joanies', 'Other'))).toBe('LY404');
});
