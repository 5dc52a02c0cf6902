// The counter in plain words, on real Postgres: a visit refused as too soon says when the member
// may come back (as the kiosk's check-in does), and a forgotten member's old card gets one answer
// at every counter path — approving a visit (staff, admin, kiosk), the card scan for rewards and
// redeeming — "This membership was closed.", before any limit or role refusal. And the member's
// rewards say where each was redeemed.
import type { Sql } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  actAs,
  adminClaims,
  approveVisit,
  createKiosk,
  createMember,
  createStaff,
  redeemReward,
  setVisitLimits,
} from '../support/factories.ts';

let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createPostgresDatabase();
  sql = db.sql;
  await setVisitLimits(sql, { perBusinessSeconds: 3600, anywhereSeconds: 0, perHour: 0 });
});

afterAll(async () => {
  await db?.drop();
});

/** What a rejected call said: its SQLSTATE and message. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the call was not refused');
}

it('a visit approved again too soon says when the member can check in again', async () => {
  const member = await createMember(sql, 'Too Soon');
  const clerk = await createStaff(sql, 'creamery');
  await approveVisit(sql, clerk.claims, `customer:${member.customerId}`);
  const again = await refusal(approveVisit(sql, clerk.claims, `customer:${member.customerId}`));
  expect(again.code).toBe('LY429');
  expect(again.message).toMatch(
    /^This visit was already approved recently\. They can check in again at \d{1,2}:\d\d [AP]M \(in (59|60) minutes\)\.$/,
  );
  // The clock the phrase uses is the programme's: the same minute as Postgres' own in that zone.
  const [{ expected }] = (await sql<{ expected: string }[]>`
    select to_char((now() + interval '3600 seconds') at time zone private.programme_time_zone(), 'FMHH12:MI AM') as expected`) as unknown as [{ expected: string }];
  expect(again.message).toContain(`at ${expected}`);
  const [{ soon }] = (await sql<{ soon: string }[]>`select private.come_back_phrase(40) as soon`) as unknown as [{ soon: string }];
  expect(soon).toBe('in 40 seconds');
});

it("a forgotten member's old card reads 'This membership was closed.' at every counter path", async () => {
  const member = await createMember(sql, 'Closed Card');
  const clerk = await createStaff(sql, 'creamery');
  const card = `customer:${member.customerId}`;
  const approved = await approveVisit(sql, clerk.claims, card);
  const welcome = approved.unlockedRewards[0]!;
  expect(welcome).toBeDefined();
  await actAs(sql, adminClaims(), (tx) => tx`select app.admin_forget_customer(${member.customerId}, 'Asked by email')`);

  const closed = { code: 'LY403', message: 'This membership was closed.' };
  const otherClerk = await createStaff(sql, 'museum');
  const kiosk = await createKiosk(sql, 'creamery');
  // Approving: the same clerk (whose limit would say 429), another business, an admin, a kiosk.
  expect(await refusal(approveVisit(sql, clerk.claims, card))).toEqual(closed);
  expect(await refusal(approveVisit(sql, otherClerk.claims, card))).toEqual(closed);
  expect(await refusal(approveVisit(sql, adminClaims(), card, { locationId: 'joanies' }))).toEqual(closed);
  expect(await refusal(approveVisit(sql, kiosk.claims, card, { demoMode: true }))).toEqual(closed);
  // The card scan that lists rewards to redeem, and the redemption itself.
  expect(await refusal(actAs(sql, clerk.claims, (tx) => tx`select app.scan_card(${card}, null)`))).toEqual(closed);
  expect(await refusal(actAs(sql, clerk.claims, (tx) => tx`select app.redeemable_rewards(${member.customerId}, null)`))).toEqual(closed);
  expect(await refusal(redeemReward(sql, clerk.claims, welcome.id))).toEqual(closed);
  expect(await refusal(redeemReward(sql, adminClaims(), welcome.id, 'creamery'))).toEqual(closed);
});

it("the member's rewards say where each was redeemed (app.me)", async () => {
  const member = await createMember(sql, 'Where Redeemed');
  const clerk = await createStaff(sql, 'joanies');
  const approved = await approveVisit(sql, clerk.claims, `customer:${member.customerId}`);
  const welcome = approved.unlockedRewards[0]!;
  await redeemReward(sql, clerk.claims, welcome.id);
  const [row] = await actAs(sql, member.claims, (tx) => tx<{ me: { rewards: { id: string; redeemedBusinessName: string | null }[] } }[]>`select app.me() as me`);
  const rewards = row!.me.rewards;
  expect(rewards.find((r) => r.id === welcome.id)?.redeemedBusinessName).toBe("Joanie's Pizzeria");
  expect(rewards.filter((r) => r.id !== welcome.id).every((r) => r.redeemedBusinessName === null)).toBe(true);
});
