// Browser tests of the counter's rules on the real stack (`npm run dev` on a fresh real
// Postgres database, Chromium), each checked against SQL:
//   §1 a scan is a new attempt: one open counter page approves the same member card twice (two
//      visits, total 10); a request whose answer was dropped is retried with its key, awarded once;
//   §2 the business that scans decides: a member's phone code counts at the approving counter's
//      business (staff of Joanie's, staff of the Creamery, an admin's chosen business);
//   §3 a member's Redeem is a 2-minute code a counter confirms, welcome rewards only at their own
//      business, recorded with business and clerk;
//   §5 the code field has the focus, a malformed code is said plainly, too soon still redeems, and
//      a check-in the limits will refuse is refused at the kiosk before a QR shows; a typed name or
//      phone number finds the member (a list when several, "No member found" when none).
// And the redemption proof: a clerk who found a member by name approves a visit but cannot redeem
// without the member's code or card; with the code, the redemption records that clerk, and the
// admin's customer detail names them.
// Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  APP,
  decodeQr,
  KIOSK_LANDSCAPE,
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
  type StorageState,
} from '../support/browser-app.ts';
import { api, apiOk, latestCode, nextPhone, signUp } from './lib/api.ts';
import { signInThroughScreen } from './lib/dev-app.ts';

let db: TestDatabase;
let app: BrowserApp;
let admin: StorageState;
let creameryStaff: StorageState;
let joaniesStaff: StorageState;
let joaniesStaffId: string;

async function signInAt(path: string, phone: string, code?: string): Promise<{ page: Page; state: StorageState }> {
  const { page, problems } = await app.open(path, 390);
  const state = await signInThroughScreen(page, phone, code ?? (() => latestCode(app.anonKey, phone)));
  expect(problems).toEqual([]);
  return { page, state };
}

function accessToken(state: StorageState): string {
  for (const origin of state.origins) {
    for (const item of origin.localStorage) {
      if (item.name === 'village-rewards-auth')
        return (JSON.parse(item.value) as { access_token: string }).access_token;
    }
  }
  throw new Error('no stored session');
}

/** A member's session through the API (their code from the stand-in's outbox). */
async function memberToken(phone: string): Promise<string> {
  await apiOk('POST', '/api/auth/send-code', { body: { phone } });
  const verified = await apiOk<{ session: { access_token: string } }>('POST', '/api/auth/verify', {
    body: { phone, code: await latestCode(app.anonKey, phone) },
  });
  return verified.session.access_token;
}

/** The member's phone check-in code, as /mobile/qr asks for it (no business). */
async function phoneCode(token: string): Promise<string> {
  return (await apiOk<{ token: string }>('POST', '/api/checkin/start', { token, body: {} })).token;
}

async function limits(minutes: number) {
  await db.sql`update private.settings
                  set min_visit_interval = ${`${minutes} minutes`}::interval, min_visit_gap_anywhere = '0',
                      max_visits_per_hour = 0`;
}

async function scan(page: Page, value: string) {
  const field = page.getByLabel('Scan or type a member code');
  await field.fill(value);
  await field.press('Enter');
}

const approvedRegion = (page: Page) => page.getByRole('region', { name: 'Visit Approved!' });

beforeAll(async () => {
  db = await createPostgresDatabase();
  app = await startBrowserApp({ databaseUrl: db.url });
  admin = (await signInAt('/staff', '5555550100', '123456')).state;
  const creamery = await signInAt('/staff', '5555550101', '123456');
  creameryStaff = creamery.state;
  await creamery.page.close();
  const phone = nextPhone();
  await apiOk('POST', '/api/admin/locations/joanies/staff', { token: accessToken(admin), body: { phone } });
  const joanies = await signInAt('/staff', phone);
  joaniesStaff = joanies.state;
  await joanies.page.close();
  const [staffRow] = await db.sql<{ id: string }[]>`select id from auth.users where phone = ${`1${phone}`}`;
  joaniesStaffId = staffRow!.id;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('§1: one open counter page approves the same member card twice (two visits, total 10); a dropped answer is retried with its key and awarded once', async () => {
  await limits(0);
  const member = await signUp('Rosa Scanned');
  const { page, problems } = await app.open('/staff', 390, { storageState: creameryStaff });
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/visits/approve')) keys.push(request.headers()['idempotency-key'] ?? '');
  });
  await scan(page, `customer:${member.id}`);
  await approvedRegion(page).getByText('+5').waitFor();
  await page.getByRole('button', { name: 'Next customer' }).click();
  await scan(page, `customer:${member.id}`);
  await approvedRegion(page).getByRole('definition').filter({ hasText: /^10$/ }).waitFor();

  // The third scan's answer is lost on the way back: the server did approve it.
  await page.route('**/api/visits/approve', async (route) => {
    await route.fetch();
    await route.abort('failed');
  });
  await scan(page, `customer:${member.id}`);
  const alert = page.getByRole('alert');
  await alert.getByRole('button', { name: 'Try again' }).waitFor();
  await page.unroute('**/api/visits/approve');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await approvedRegion(page).getByRole('definition').filter({ hasText: /^15$/ }).waitFor();

  expect(new Set(keys.slice(0, 3)).size).toBe(3);
  expect(keys[3]).toBe(keys[2]);
  const [row] = await db.sql<{ visits: number; points: number; events: number }[]>`
    select (select count(*)::int from public.visits v where v.customer_id = c.id) as visits, c.total_points as points,
           (select count(*)::int from public.points_ledger l where l.customer_id = c.id and l.event = 'visit_approved') as events
      from public.customers c where c.id = ${member.id}`;
  expect(row).toEqual({ visits: 3, points: 15, events: 3 });
  expect(problems.filter((p) => !/Failed to load resource|ERR_FAILED/.test(p))).toEqual([]);
  await page.close();
}, 120_000);

it("§2: a member's phone code counts at the business whose counter scans it, with that business's welcome reward", async () => {
  await limits(0);
  const phone = nextPhone();
  const member = await signUp('Paz Phone', phone);
  const token = await memberToken(phone);

  const joanies = await app.open('/staff', 390, { storageState: joaniesStaff });
  await scan(joanies.page, await phoneCode(token));
  const atJoanies = approvedRegion(joanies.page);
  await atJoanies.getByRole('heading', { name: 'Just unlocked' }).waitFor();
  expect(await atJoanies.getByText('Free Garlic Bread').count()).toBeGreaterThan(0);
  expect(await atJoanies.getByRole('button', { name: 'Redeem Free Garlic Bread' }).count()).toBe(1);
  expect(await atJoanies.getByText('Free Ice Cream Scoop').count()).toBe(0);

  const creamery = await app.open('/staff', 390, { storageState: creameryStaff });
  await scan(creamery.page, await phoneCode(token));
  const atCreamery = approvedRegion(creamery.page);
  await atCreamery.getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }).waitFor();
  expect(await atCreamery.getByRole('button', { name: 'Redeem Free Garlic Bread' }).count()).toBe(0);

  const admin390 = await app.open('/staff', 390, { storageState: admin });
  await admin390.page.getByLabel('Business at this counter').selectOption('museum');
  await scan(admin390.page, await phoneCode(token));
  await approvedRegion(admin390.page).getByRole('button', { name: 'Redeem Free Admission' }).waitFor();

  const visits = await db.sql<{ location_id: string; approved_via: string }[]>`
    select location_id, approved_via from public.visits where customer_id = ${member.id} order by created_at`;
  expect(visits).toEqual([
    { location_id: 'joanies', approved_via: 'staff' },
    { location_id: 'creamery', approved_via: 'staff' },
    { location_id: 'museum', approved_via: 'admin' },
  ]);
  const welcomes = await db.sql<{ welcome_location_id: string }[]>`
    select welcome_location_id from public.customer_rewards
     where customer_id = ${member.id} and welcome_location_id is not null order by unlocked_at`;
  expect(welcomes.map((w) => w.welcome_location_id)).toEqual(['joanies', 'creamery', 'museum']);
  for (const opened of [joanies, creamery, admin390]) {
    expect(opened.problems).toEqual([]);
    await opened.page.close();
  }
}, 120_000);

it("§3: Redeem on /account shows a 2-minute code; another business's counter is refused, the reward's own confirms it, recorded with business and clerk", async () => {
  await limits(0);
  const phone = nextPhone();
  const member = await signUp('Ines Redeems', phone);
  await apiOk('POST', '/api/visits/approve', {
    token: accessToken(joaniesStaff),
    body: { token: `customer:${member.id}` },
  });
  const account = await signInAt('/login', phone);
  const memberPage = account.page;
  await memberPage.goto(`${APP}/account`);
  await memberPage.getByRole('button', { name: 'Redeem Free Garlic Bread' }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'Redeem Free Garlic Bread' });
  const shown = (await dialog.getByText(/^[A-Z]{3} [2-9]{3}$/).textContent())!;
  const code = shown.replace(' ', '');
  expect(await decodeQr(dialog.getByRole('img', { name: 'Your redemption QR code' }))).toBe(`redeem:${code}`);
  expect(await dialog.getByRole('timer').textContent()).toMatch(/^Valid for [12]:\d\d$/);
  expect(await seriousA11yViolations(memberPage)).toEqual([]);
  await shoot(memberPage, 'account-redemption-code-390');
  await memberPage.setViewportSize({ width: 1280, height: 900 });
  await shoot(memberPage, 'account-redemption-code-1280');

  // The creamery's counter cannot take Joanie's welcome reward.
  const creamery = await app.open('/staff', 390, { storageState: creameryStaff });
  await scan(creamery.page, shown.toLowerCase());
  await creamery.page.getByRole('alert').getByText('This reward can only be used at its own business').waitFor();

  const joanies = await app.open('/staff', 1280, { storageState: joaniesStaff });
  await scan(joanies.page, `redeem:${code}`);
  const check = joanies.page.getByRole('region', { name: 'Redeem Free Garlic Bread?' });
  await check.getByText('Ines Redeems').waitFor();
  expect(await seriousA11yViolations(joanies.page)).toEqual([]);
  await shoot(joanies.page, 'staff-redemption-check-1280');
  await joanies.page.setViewportSize({ width: 390, height: 844 });
  await shoot(joanies.page, 'staff-redemption-check-390');
  await joanies.page.setViewportSize({ width: 1280, height: 900 });
  await check.getByRole('button', { name: 'Confirm redemption' }).click();
  await joanies.page.getByText('Reward Redeemed!').first().waitFor();
  expect(await joanies.page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe(
    'Scan or type a code',
  );
  // The member's screen hears it from the account poll.
  await memberPage.getByText('Your reward has been redeemed successfully.').first().waitFor({ timeout: 10_000 });

  const [row] = await db.sql<{ status: string; redeemed_location_id: string; redeemed_by: string; recent: boolean }[]>`
    select status, redeemed_location_id, redeemed_by, redeemed_at > now() - interval '2 minutes' as recent
      from public.customer_rewards where customer_id = ${member.id} and welcome_location_id = 'joanies'`;
  expect(row).toEqual({ status: 'redeemed', redeemed_location_id: 'joanies', redeemed_by: joaniesStaffId, recent: true });
  // The same code again: used.
  await scan(joanies.page, code);
  await joanies.page.getByRole('alert').getByText('This redemption code has already been used').waitFor();
  // A member cannot bill a business by calling the API.
  const [reward] = await db.sql<{ id: string }[]>`
    select id from public.customer_rewards where customer_id = ${member.id} and status = 'unlocked' limit 1`;
  if (reward) {
    const self = await api('POST', '/api/rewards/redeem', {
      token: accessToken(account.state),
      body: { customerRewardId: reward.id, locationId: 'snackco' },
    });
    expect(self.status).toBe(403);
  }
  for (const opened of [creamery, joanies]) {
    // The refusals (403 at the creamery, 409 for the used code) are the only console errors.
    expect(opened.problems.filter((p) => !/status of 40[39]/.test(p))).toEqual([]);
    await opened.page.close();
  }
  await memberPage.close();
}, 120_000);

it('§5: the code field has the focus; a malformed code is said plainly; too soon still redeems; the kiosk refuses a too-early check-in before any QR', async () => {
  const phone = nextPhone();
  const member = await signUp('Tove Toosoon', phone);
  await limits(60);
  const { page, problems } = await app.open('/staff', 390, { storageState: creameryStaff });
  await page.getByLabel('Scan or type a member code').waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe(
    'Scan or type a code',
  );
  await shoot(page, 'staff-counter-390');
  await scan(page, 'customer:12');
  await page.getByRole('alert').getByText('That is not a member or check-in code').waitFor();
  expect(await page.getByText('Invalid body').count()).toBe(0);

  await scan(page, `customer:${member.id}`);
  await approvedRegion(page).waitFor();
  await page.getByRole('button', { name: 'Next customer' }).click();
  await scan(page, `customer:${member.id}`);
  await page.getByRole('alert').getByText('Already checked in recently').waitFor();
  const rewards = page.getByRole('region', { name: 'Rewards of Tove Toosoon' });
  await rewards.getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm redemption' }).click();
  await page.getByText('Reward Redeemed!').first().waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'staff-too-soon-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'staff-too-soon-1280');
  const [redeemed] = await db.sql<{ redeemed_location_id: string }[]>`
    select redeemed_location_id from public.customer_rewards where customer_id = ${member.id} and status = 'redeemed'`;
  expect(redeemed?.redeemed_location_id).toBe('creamery');

  // At the creamery's kiosk, the member is told when to come back, and no QR is made.
  const kiosk = await app.open('/creamery', KIOSK_LANDSCAPE);
  await kiosk.page.getByRole('link', { name: "I'm Already a Member" }).click();
  await kiosk.page.getByLabel('Phone number').fill(phone);
  await kiosk.page.getByRole('button', { name: 'Check In' }).click();
  await kiosk.page.getByText(/You checked in a moment ago\. You can check in again at \d{1,2}:\d\d [AP]M/).first().waitFor();
  expect(kiosk.page.url()).toMatch(/\/kiosk\/checkin$/);
  expect(await seriousA11yViolations(kiosk.page)).toEqual([]);
  await shoot(kiosk.page, 'kiosk-checkin-too-early-1280x800');
  const [tokens] = await db.sql<{ n: number }[]>`select count(*)::int as n from public.checkin_tokens where customer_id = ${member.id}`;
  expect(tokens?.n).toBe(0);
  // The refused requests (429) are the only console errors.
  expect(problems.filter((p) => !/status of 429/.test(p))).toEqual([]);
  expect(kiosk.problems.filter((p) => !/status of 429/.test(p))).toEqual([]);
  await page.close();
  await kiosk.page.close();
}, 120_000);

it('§5: a typed name or phone number finds the member — a list when several, the member when one, "No member found" when none; the visit only on a press', async () => {
  await limits(0);
  // Letters only: a name with digits is not a search.
  const tag = `Wren${[...Date.now().toString(36).slice(-4)].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('')}`;
  const first = await signUp(`${tag} Alder`);
  const second = await signUp(`${tag} Birch`);
  const { page, problems } = await app.open('/staff', 390, { storageState: joaniesStaff });
  await scan(page, tag.toLowerCase());
  const list = page.getByRole('region', { name: `2 members match “${tag.toLowerCase()}”` });
  await list.getByRole('button', { name: new RegExp(`^${tag} Alder phone ending ${first.phone.slice(-4)} 0 pts · Bronze$`) }).waitFor();
  await list.getByRole('button', { name: new RegExp(`^${tag} Birch phone ending ${second.phone.slice(-4)} 0 pts · Bronze$`) }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'staff-search-list-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'staff-search-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await list.getByRole('button', { name: new RegExp(`^${tag} Birch`) }).click();
  const member = page.getByRole('region', { name: `Member ${tag} Birch` });
  await member.getByText(`Phone ending •••• ${second.phone.slice(-4)}`).waitFor();
  await member.getByText('To redeem, ask for the code on their phone or scan their card.').waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Scan or type a code');
  const [before] = await db.sql<{ n: number }[]>`select count(*)::int as n from public.visits where customer_id = ${second.id}`;
  expect(before?.n).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'staff-search-member-390');
  await member.getByRole('button', { name: `Approve visit for ${tag} Birch` }).click();
  await approvedRegion(page).getByText('+5').waitFor();
  await approvedRegion(page).getByText('Free Garlic Bread').first().waitFor();
  expect(await approvedRegion(page).getByRole('button', { name: 'Redeem Free Garlic Bread' }).count()).toBe(0);
  const visits = await db.sql<{ location_id: string; approved_by: string; found_by_search: boolean }[]>`
    select location_id, approved_by::text, found_by_search from public.visits where customer_id = ${second.id}`;
  expect(visits).toEqual([{ location_id: 'joanies', approved_by: joaniesStaffId, found_by_search: true }]);

  // One match by the phone's digits: the member at once, nothing approved yet.
  await page.getByRole('button', { name: 'Next customer' }).click();
  await scan(page, `(${first.phone.slice(0, 3)}) ${first.phone.slice(3, 6)}-${first.phone.slice(6)}`);
  const alder = page.getByRole('region', { name: `Member ${tag} Alder` });
  await alder.getByRole('button', { name: `Approve visit for ${tag} Alder` }).waitFor();
  await alder.getByText('To redeem, ask for the code on their phone or scan their card.').waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'staff-search-member-1280');
  const [none] = await db.sql<{ n: number }[]>`select count(*)::int as n from public.visits where customer_id = ${first.id}`;
  expect(none?.n).toBe(0);

  await scan(page, 'Nobody Ofthisname');
  await page.getByRole('alert').getByText('No member found').waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Scan or type a code');
  expect(problems).toEqual([]);
  await page.close();
}, 120_000);

it("redemption proof: a clerk who found a member by name cannot redeem without the member's code or card; with the code the redemption records that clerk, and the admin sees who", async () => {
  await limits(0);
  const tag = `Ana${[...Date.now().toString(36).slice(-4)].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('')}`;
  const phone = nextPhone();
  const member = await signUp(`${tag} Proof`, phone);
  // Her Creamery welcome reward, earned on an earlier visit the admin approved there.
  await apiOk('POST', '/api/visits/approve', {
    token: accessToken(admin),
    body: { token: `customer:${member.id}`, locationId: 'creamery' },
  });
  const [scoop] = await db.sql<{ id: string }[]>`
    select id from public.customer_rewards where customer_id = ${member.id} and welcome_location_id = 'creamery'`;
  const [clerk] = await db.sql<{ id: string }[]>`select id from auth.users where phone = '15555550101'`;
  const redeemedEvents = async () =>
    (await db.sql<{ n: number }[]>`select count(*)::int as n from public.points_ledger
                                     where customer_reward_id = ${scoop!.id} and event = 'reward_redeemed'`)[0]!.n;

  // The clerk types her name: a visit on a press, and how to redeem — no Redeem anywhere.
  const { page, problems } = await app.open('/staff', 390, { storageState: creameryStaff });
  await scan(page, `${tag} proof`);
  const chosen = page.getByRole('region', { name: `Member ${tag} Proof` });
  await chosen.getByText('To redeem, ask for the code on their phone or scan their card.').waitFor();
  expect(await page.getByRole('button', { name: /^Redeem/ }).count()).toBe(0);
  await chosen.getByRole('button', { name: `Approve visit for ${tag} Proof` }).click();
  const approved = approvedRegion(page);
  await approved.getByText('Free Ice Cream Scoop').first().waitFor();
  await approved.getByText('To redeem, ask for the code on their phone or scan their card.').waitFor();
  expect(await page.getByRole('button', { name: /^Redeem/ }).count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'staff-search-no-redeem-390');
  // Nor through the API with the clerk's own session: refused, and nothing changed.
  const refused = await api<{ error: { message: string } }>('POST', '/api/rewards/redeem', {
    token: accessToken(creameryStaff),
    body: { customerRewardId: scoop!.id },
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe('The member must be at the counter: ask for the code on their phone or scan their card');
  const [still] = await db.sql<{ status: string; redeemed_by: string | null }[]>`
    select status, redeemed_by from public.customer_rewards where id = ${scoop!.id}`;
  expect(still).toEqual({ status: 'unlocked', redeemed_by: null });
  expect(await redeemedEvents()).toBe(0);

  // The member shows her code: the clerk scans it and confirms.
  const token = await memberToken(phone);
  const { code } = await apiOk<{ code: string }>('POST', '/api/rewards/redemption-code', {
    token,
    body: { customerRewardId: scoop!.id },
  });
  await page.getByRole('button', { name: 'Next customer' }).click();
  await scan(page, code);
  const check = page.getByRole('region', { name: 'Redeem Free Ice Cream Scoop?' });
  await check.getByRole('button', { name: 'Confirm redemption' }).click();
  await page.getByText('Reward Redeemed!').first().waitFor();
  const [done] = await db.sql<{ status: string; redeemed_by: string; redeemed_proof: string; actor: string }[]>`
    select cr.status, cr.redeemed_by::text, cr.redeemed_proof,
           (select l.actor_user_id::text from public.points_ledger l
             where l.customer_reward_id = cr.id and l.event = 'reward_redeemed') as actor
      from public.customer_rewards cr where cr.id = ${scoop!.id}`;
  expect(done).toEqual({ status: 'redeemed', redeemed_by: clerk!.id, redeemed_proof: 'code', actor: clerk!.id });
  expect(await redeemedEvents()).toBe(1);
  // The refused redemption (403) is the only console error.
  expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
  await page.close();

  // The admin's customer detail names the clerk who redeemed it (the demo staff's name).
  const adminPage = await app.open(`/admin?q=${tag}`, 1280, { storageState: admin });
  await adminPage.page.getByRole('button', { name: `View ${tag} Proof` }).click();
  const detail = adminPage.page.getByRole('dialog', { name: `${tag} Proof` });
  const redemptions = detail.getByRole('region', { name: 'Redemptions' });
  const row = redemptions.getByRole('row', { name: /Free Ice Cream Scoop/ });
  await row.getByRole('cell', { name: 'Demo Staff' }).waitFor();
  await row.getByRole('cell', { name: "Member's code" }).waitFor();
  await detail.getByRole('region', { name: 'Visits' }).getByText('Demo Staff (found by search)').waitFor();
  expect(await seriousA11yViolations(adminPage.page)).toEqual([]);
  await shoot(adminPage.page, 'admin-redemption-who-1280');
  expect(adminPage.problems).toEqual([]);
  await adminPage.page.close();
}, 180_000);
