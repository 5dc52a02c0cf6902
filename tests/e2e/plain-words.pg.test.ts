// Browser tests of "the counter and the member, in plain words" on the real stack (`npm run dev`
// on a fresh real Postgres database, Chromium), two parties at once — a clerk's counter and the
// member's phone, or a kiosk:
//   - a 100-character name without spaces never pushes Sign out / Sign Out or Redeem off a 390 px
//     screen (the counter and /account), and the page never scrolls sideways;
//   - a redemption's success stays on the counter's screen until the clerk moves on;
//   - the member's history says where each reward was redeemed;
//   - the kiosk's Done returns to its own business's landing (/museum), not /kiosk;
//   - a business that joins after a member did is news on their /account until dismissed.
// Screenshots (SCREENSHOT_DIR) of the counter, the account and the kiosk's done screen at 390 and
// 1280. Hold `flock /tmp/ports.lock`.
import type { Locator, Page } from 'playwright-core';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  APP,
  KIOSK_LANDSCAPE,
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
  type StorageState,
} from '../support/browser-app.ts';
import { apiOk, latestCode, nextPhone, signUp } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen } from './lib/dev-app.ts';

const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 100);

let db: TestDatabase;
let app: BrowserApp;
let creameryStaff: StorageState;
let admin: StorageState;

/** The element is wholly inside the page's width, and the page does not scroll sideways. */
async function expectOnScreen(page: Page, element: Locator, width: number) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function scan(page: Page, value: string) {
  const field = page.getByLabel('Scan or type a member code');
  await field.fill(value);
  await field.press('Enter');
}

beforeAll(async () => {
  db = await createPostgresDatabase();
  await db.sql`update private.settings set min_visit_interval = '0', min_visit_gap_anywhere = '0', max_visits_per_hour = 0`;
  app = await startBrowserApp({ databaseUrl: db.url });
  const staff = await app.open('/staff', 390);
  creameryStaff = await signInThroughScreen(staff.page, '5555550101', '123456');
  await staff.page.close();
  const operator = await app.open('/admin', 1280);
  admin = await signInThroughScreen(operator.page, '5555550100', '123456');
  await operator.page.close();
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('a 100-character name keeps Sign out and Redeem on a 390 px counter; the redemption stays on screen until Next customer', async () => {
  const member = await signUp(LONG_NAME);
  const { page, problems } = await app.open('/staff', 390, { storageState: creameryStaff });
  await scan(page, `customer:${member.id}`);
  const approved = page.getByRole('region', { name: 'Visit Approved!' });
  await approved.getByText(LONG_NAME).waitFor();
  await expectOnScreen(page, page.getByRole('button', { name: 'Sign out' }), 390);
  const redeem = approved.getByRole('button', { name: /^Redeem / }).first();
  await expectOnScreen(page, redeem, 390);
  await shoot(page, 'plain-counter-long-name-390');

  await redeem.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
  await dialog.waitFor({ state: 'detached' });
  const done = page.getByRole('status', { name: 'Rewards redeemed' });
  await done.getByText('Reward Redeemed!').waitFor();
  expect(await done.textContent()).toContain(`for ${LONG_NAME}`);
  // Longer than a toast's 5 seconds: still there, until the clerk moves on.
  await page.waitForTimeout(6_000);
  expect(await done.getByText('Reward Redeemed!').isVisible()).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectOnScreen(page, page.getByRole('button', { name: 'Next customer' }), 390);
  await shoot(page, 'plain-counter-redeemed-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'plain-counter-redeemed-1280');
  await page.getByRole('button', { name: 'Next customer' }).click();
  expect(await done.textContent()).toBe('');
  expect(problems).toEqual([]);
  await page.close();
}, 120_000);

it("the member's /account keeps Sign Out and Redeem on a 390 px screen with a 100-character name; history says where a reward was redeemed", async () => {
  const phone = nextPhone();
  const member = await signUp(LONG_NAME, phone);
  const clerk = accessTokenOf(creameryStaff);
  // A visit at the Creamery (its welcome reward redeemed there) and one at the museum (its
  // welcome reward left to redeem: a Redeem button on the account).
  const approved = await apiOk<{ redeemableRewards: { id: string }[] }>('POST', '/api/visits/approve', {
    token: clerk,
    body: { token: `customer:${member.id}` },
  });
  await apiOk('POST', '/api/rewards/redeem', { token: clerk, body: { customerRewardId: approved.redeemableRewards[0]!.id } });
  await apiOk('POST', '/api/visits/approve', {
    token: accessTokenOf(admin),
    body: { token: `customer:${member.id}`, locationId: 'museum' },
  });

  // A business joins after she did: her account says so until she dismisses it.
  await apiOk('POST', '/api/admin/businesses', {
    token: accessTokenOf(admin),
    body: { slug: 'crumb-bakery', businessName: 'Crumb & Co Bakery', kind: 'bakery', icon: 'cookie', color: 'amber' },
  });

  const { page, problems } = await app.open('/login', 390);
  await signInThroughScreen(page, phone, () => latestCode(app.anonKey, phone));
  await page.goto(`${APP}/account`);
  await page.getByRole('heading', { name: LONG_NAME }).waitFor();
  const news = page.getByRole('region', { name: 'Programme news' });
  await news.getByText(/New: Crumb & Co Bakery joined the programme on/).waitFor();
  await expectOnScreen(page, page.getByRole('button', { name: 'Sign Out' }), 390);
  await expectOnScreen(page, page.getByRole('button', { name: /^Redeem / }).first(), 390);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'plain-account-long-name-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'plain-account-long-name-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await news.getByRole('button', { name: 'Dismiss: Crumb & Co Bakery joined' }).click();
  await news.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: LONG_NAME }).waitFor();
  expect(await page.getByRole('region', { name: 'Programme news' }).count()).toBe(0);

  await page.goto(`${APP}/account/history`);
  const redeemed = page.getByRole('listitem').filter({ hasText: 'Reward redeemed:' });
  await redeemed.first().waitFor();
  expect(await redeemed.first().textContent()).toContain('at Village Creamery');
  await shoot(page, 'plain-history-390');
  expect(problems).toEqual([]);
  await page.close();
}, 120_000);

it("the kiosk's Done returns to its own business's landing", async () => {
  const phone = nextPhone();
  await signUp('Kiosk Kit', phone);
  const { page, problems } = await app.open('/museum', KIOSK_LANDSCAPE);
  await page.getByRole('link', { name: "I'm Already a Member" }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Check In' }).click();
  await page.getByRole('heading', { name: 'Your check-in code' }).waitFor();
  const token = await page.evaluate(() => sessionStorage.getItem('pending_token'));
  await page.getByLabel('Scanner input').fill(token!);
  await page.getByLabel('Scanner input').press('Enter');
  await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'plain-kiosk-done-1280x800');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'plain-kiosk-done-390');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(`${APP}/museum`);
  await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
  expect(problems).toEqual([]);
  await page.close();
}, 120_000);
