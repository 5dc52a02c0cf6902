// Kiosks and screens in Chromium through `npm run dev` (in-memory database, demo mode): a kiosk never
// leaves a member signed in (its member buttons show a QR for the member's own phone; the idle
// reset covers every screen a kiosk device reaches and ends a member session there); an unknown
// phone is offered Join (kiosk) or continues to /join already verified (login); error toasts end
// with their screen; Resend counts down; /admin works at 390 px and says what is wrong with a
// custom range; Recent Activity follows the location; the home page features the catalogue; the
// privacy page exists; no HydrateFallback warning. axe-core and screenshots on each screen.
import type { Page } from 'playwright-core';
import {
  APP, STACK, decodeQr, KIOSK_LANDSCAPE, KIOSK_PORTRAIT, PHONE, seriousA11yViolations, shoot, startBrowserApp,
  type BrowserApp, type StorageState,
} from '../support/browser-app.ts';
import { apiOk, latestCode, nextPhone, recordVisit, signUp } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen } from './lib/dev-app.ts';

let rig: BrowserApp;
let admin: StorageState;
let adminToken: string;
beforeAll(async () => {
  rig = await startBrowserApp();
  // The demo admin signs in once on /admin (Auth allows one code per phone every few seconds).
  const { page, context } = await rig.open('/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  adminToken = accessTokenOf(admin);
  await context.close();
});
afterAll(async () => {
  await rig?.stop();
});

/** A page in its own context; a refused request the screen handles is not a page error. */
const openPage = (viewport: { width: number; height: number } | number, path: string, storageState?: StorageState) =>
  rig.open(path, viewport, { ignoreRefusedRequests: true, storageState });

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The Supabase session this browser holds: null, 'anonymous' (a kiosk) or 'member'. */
const storedSession = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('village-rewards-auth');
    if (!raw) return null;
    return (JSON.parse(raw) as { user?: { is_anonymous?: boolean } }).user?.is_anonymous ? 'anonymous' : 'member';
  });

describe('a kiosk never leaves a member signed in (§4)', () => {
  it("'Show My Member QR on Phone' shows a QR of the member's own page with the business; the tablet stays put", async () => {
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/museum');
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    await page.getByRole('button', { name: 'Show My Member QR on Phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open it on your phone' });
    await dialog.waitFor();
    expect(await decodeQr(dialog.getByRole('img', { name: /QR code/ }))).toBe(`${APP}/mobile/qr?location=museum`);
    expect(new URL(page.url()).pathname).toBe('/kiosk/checkin');
    expect(await storedSession(page)).toBe('anonymous');
    await expectAccessible(page);
    await shoot(page, 'kiosk-phone-handoff-1280x800');
    await page.setViewportSize(KIOSK_PORTRAIT);
    await shoot(page, 'kiosk-phone-handoff-800x1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'View My Points' after joining at the kiosk shows a QR of the wallet on the member's phone", async () => {
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/joanies');
    await page.getByRole('link', { name: 'Join & Get Free Garlic Bread' }).click();
    await page.getByLabel('Your name *').fill('Kiosk Kim');
    await page.getByLabel('Mobile phone number *').fill(nextPhone());
    await page.getByRole('button', { name: 'Get My Welcome Reward' }).click();
    await page.getByRole('heading', { name: 'Welcome, Kiosk Kim!' }).waitFor();
    await page.getByRole('button', { name: 'View My Points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open it on your phone' });
    expect(await decodeQr(dialog.getByRole('img', { name: /QR code/ }))).toBe(`${APP}/mobile/wallet?location=joanies`);
    expect(new URL(page.url()).pathname).toBe('/kiosk/welcome');
    await expectAccessible(page);
    await shoot(page, 'kiosk-view-points-qr-1280x800');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a member who signs in on a kiosk device is signed out by the idle reset, wherever they are', async () => {
    const member = await signUp('Tablet Tess');
    const { page, context } = await openPage(KIOSK_LANDSCAPE, '/creamery?idle=3000&prompt=1500');
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    // The terms the kiosk mentions are a page, and the idle reset covers it.
    await page.getByRole('link', { name: 'terms and privacy policy' }).click();
    await page.getByRole('heading', { name: 'Terms and Privacy' }).waitFor();
    await page.getByRole('dialog', { name: 'Still there?' }).waitFor();
    await page.waitForURL('**/creamery');

    await page.goto(`${APP}/login`);
    await page.getByLabel('Phone Number').fill(member.phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, member.phone));
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await page.getByRole('heading', { name: 'Tablet Tess' }).waitFor();
    expect(await storedSession(page)).toBe('member');
    await page.getByRole('dialog', { name: 'Still there?' }).waitFor();
    await shoot(page, 'kiosk-idle-on-account-1280x800');
    await page.waitForURL('**/creamery');
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    expect(await storedSession(page)).toBe('anonymous');
    await page.goto(`${APP}/account`);
    await page.getByRole('heading', { name: 'Please sign in to view your account' }).waitFor();
    await context.close();
  });

  it("an unknown phone at the kiosk is offered Join with the phone filled in; the error toast stays behind", async () => {
    const phone = nextPhone();
    const { page, context } = await openPage(KIOSK_LANDSCAPE, '/snackco');
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Check In' }).click();
    await toastRegion(page).getByText('Customer not found or failed to check in. Please try again.').waitFor();
    await expectAccessible(page);
    await shoot(page, 'kiosk-checkin-not-found-1280x800');
    await page.getByRole('link', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Join Rewards' }).waitFor();
    expect(await page.getByLabel('Mobile phone number *').inputValue()).toBe(
      `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
    );
    await toastRegion(page).getByText('Customer not found', { exact: false }).waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('members on their own phone (§5)', () => {
  it('a verified code for an unknown phone at /login continues to /join, phone filled in and verified: no second code', async () => {
    const phone = nextPhone();
    const { page, problems, context } = await openPage(PHONE, '/login');
    await page.getByLabel('Phone Number').fill(phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, phone));
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await toastRegion(page).getByText('Account Not Found').waitFor();
    await page.waitForURL('**/join');
    const phoneField = page.getByLabel('Phone Number *');
    expect(await phoneField.inputValue()).toBe(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(await phoneField.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Verified by your sign-in code', { exact: false }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'join-verified-390');
    await page.getByLabel('Full Name *').fill('Newcomer Nia');
    await page.getByRole('button', { name: 'Join Now' }).click();
    await page.getByText("You're All Set!").waitFor();
    // Joined with the one code: the browser's session is the new member's.
    await page.goto(`${APP}/account`);
    await page.getByRole('heading', { name: 'Newcomer Nia' }).waitFor();
    const outbox = await fetch(`${STACK}/auth/v1/dev/sms?phone=1${phone}`, { headers: { apikey: rig.anonKey } });
    expect(((await outbox.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Resend too soon counts down ('Resend in N s') instead of failing", async () => {
    const member = await signUp('Resend Rae');
    const { page, context } = await openPage(PHONE, '/login');
    await page.getByLabel('Phone Number').fill(member.phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
    await page.getByRole('button', { name: 'Resend' }).click();
    const countdown = page.getByRole('button', { name: /^Resend in \d+ s$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    expect(await page.getByText('Failed to resend code. Please try again.').count()).toBe(0);
    await expectAccessible(page);
    await shoot(page, 'login-verify-resend-countdown-390');
    // Once the wait is over the link comes back and sends a code.
    await page.getByRole('button', { name: 'Resend', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await toastRegion(page).getByText('Code Sent').waitFor();
    await context.close();
  });
});

describe('public pages promise what exists (§6)', () => {
  it("home features the catalogue's rewards (Free Garlic Bread, no pizza slice); no HydrateFallback warning", async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await page.goto(`${APP}/`);
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured rewards' }) });
    await featured.getByRole('heading', { name: 'Free Garlic Bread' }).waitFor();
    await featured.getByRole('heading', { name: 'Free Ice Cream Scoop' }).waitFor();
    expect(await page.getByText('Free Pizza Slice').count()).toBe(0);
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    await shoot(page, 'home-featured-1280');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and privacy policy' }).click();
    await page.getByRole('heading', { name: 'Terms and Privacy' }).waitFor();
    await page.getByRole('heading', { name: 'How long we keep it' }).waitFor();
    await page.getByRole('heading', { name: 'A copy, a correction or deletion' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'privacy-1280');
    await page.setViewportSize(PHONE);
    await expectAccessible(page);
    await shoot(page, 'privacy-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe('the next goal names only rewards that exist (§6)', () => {
  it("a Gold member's account shows no goal beyond Gold (no 'Premium Reward')", async () => {
    const member = await signUp('Golden Gil');
    await apiOk('POST', `/api/admin/customers/${member.id}/adjust-points`, {
      token: adminToken, body: { points: 25, reason: 'Browser test: a Gold member' },
    });
    const { page, problems, context } = await openPage(PHONE, '/login');
    await page.getByLabel('Phone Number').fill(member.phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, member.phone));
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await page.getByRole('heading', { name: 'Golden Gil' }).waitFor();
    await page.getByText('Gold', { exact: true }).first().waitFor();
    expect(await page.getByText('Premium Reward').count()).toBe(0);
    expect(await page.getByText('Next goal', { exact: false }).count()).toBe(0);
    await expectAccessible(page);
    await shoot(page, 'account-gold-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('/admin (§5)', () => {
  it('at 390 px: no sideways scroll on any tab, the customer dialog fits, a bad custom range is said inline', async () => {
    const customer = await signUp('Narrow Nora');
    await recordVisit(adminToken, customer.id, 'museum');
    const { page, problems, context } = await openPage(PHONE, '/admin', admin);
    await page.getByRole('heading', { name: 'Village Rewards Admin', level: 1 }).waitFor();
    await page.getByText('Narrow Nora checked in at Village Heritage Museum').waitFor();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await shoot(page, 'admin-dashboard-390');
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    for (const tab of ['Rewards', 'Locations', 'Exports', 'Flags', 'Messages', 'Reports', 'Customers']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').waitFor();
      // Let the tab's reads arrive (their rows are what could be too wide).
      await page.waitForLoadState('networkidle').catch(() => undefined);
      if ((await sideways()) > 0) await shoot(page, `admin-tab-${tab}-390`);
      expect(await sideways(), `the ${tab} tab scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.getByRole('button', { name: 'View Narrow Nora' }).click();
    const detail = page.getByRole('dialog', { name: 'Narrow Nora' });
    await detail.getByRole('cell', { name: 'Village Heritage Museum' }).first().waitFor();
    const box = await detail.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height).toBe(true);
    await shoot(page, 'admin-customer-detail-390');
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('customer'));

    // A range the API would refuse is said in words beside the filters, and nothing is stuck.
    await page.getByLabel('Date Range', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2023-06-01');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('A range spans at most two years', { exact: false }).first().waitFor();
    // The same range typed into the URL: the API's refusal in words, the cards show a dash.
    await page.goto(`${APP}/admin?range=custom&from=2019-01-01&to=2019-02-01`);
    await page.getByText('from is 2020-01-01 or later', { exact: false }).first().waitFor();
    expect(await page.getByText('Invalid query').count()).toBe(0);
    const metrics = page.getByRole('region', { name: 'Key metrics' });
    await metrics.getByText('—').first().waitFor();
    expect(await metrics.getByText('...').count()).toBe(0);
    await shoot(page, 'admin-bad-range-390');
    expect(problems.filter((text) => !/400/.test(text))).toEqual([]);
    await context.close();
  });

  it('Recent Activity follows the Location filter', async () => {
    const here = await signUp('Here Hal');
    const there = await signUp('There Thea');
    await recordVisit(adminToken, here.id, 'broken-bridge');
    await recordVisit(adminToken, there.id, 'chatterbox');
    const { page, problems, context } = await openPage(1280, '/admin', admin);
    await page.getByText('There Thea checked in at', { exact: false }).waitFor();
    const location = page.getByLabel('Location', { exact: true });
    await location.locator('option[value="broken-bridge"]').waitFor({ state: 'attached' });
    await location.selectOption('broken-bridge');
    await page.getByText('Here Hal checked in at', { exact: false }).waitFor();
    await page.getByText('There Thea checked in at', { exact: false }).waitFor({ state: 'detached' });
    await shoot(page, 'admin-activity-by-location-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});

it('the mobile pages keep the business a kiosk QR names', async () => {
  const { page, context } = await openPage(PHONE, '/mobile/wallet?location=museum');
  await page.getByRole('heading', { name: 'Please sign in to continue' }).waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('current_location_id'))).toBe('museum');
  await context.close();
});
