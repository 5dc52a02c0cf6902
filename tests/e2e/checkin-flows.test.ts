// The kiosk, mobile and account screens in Chromium through `npm run dev` (in-memory database,
// demo mode on as the local stack has it): kiosk sign-up → welcome → scan → approved; a returning
// member's check-in with the QR read back from a screenshot; mobile sign-up → QR → staff approval
// seen by the phone; login → account → redeem (its code confirmed at a kiosk) → history; the idle reset; an approval queued
// offline and sent once; every signed-out prompt; axe on each screen; screenshots at device size.
import type { Page } from 'playwright-core';
import {
  decodeQr, KIOSK_LANDSCAPE, KIOSK_PORTRAIT, PHONE, seriousA11yViolations, shoot, startBrowserApp,
  type BrowserApp,
} from '../support/browser-app.ts';
import { apiOk, demoAdminToken, latestCode, nextPhone } from './lib/api.ts';

let rig: BrowserApp;
beforeAll(async () => {
  rig = await startBrowserApp();
});
afterAll(async () => {
  await rig?.stop();
});

/** A page in its own context; a refused request the screen handles is not a page error. */
const openPage = (viewport: { width: number; height: number }, path: string) =>
  rig.open(path, viewport, { ignoreRefusedRequests: true });

const pendingToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('pending_token'));
const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** Signs a customer up as a visitor would on the join page. */
async function signUp(name: string, phone: string) {
  return apiOk<{ customer: { id: string } }>('POST', '/api/customers', { body: { name, phone, smsConsent: false, emailConsent: false } });
}

/** The QR on screen, decoded from a screenshot. */
const readQr = (page: Page) => decodeQr(page.getByRole('img', { name: /QR code/ }));

describe('kiosk at 1280×800', () => {
  it('sign-up → welcome (a real check-in QR) → staff scan typed into the scanner → approved', async () => {
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/creamery');
    await page.getByRole('heading', { name: 'Village Creamery' }).waitFor();
    await page.getByRole('link', { name: 'Join & Get Free Ice Cream Scoop' }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('current_location_id'), sessionStorage.getItem('current_business_name')]))
      .toEqual(['creamery', 'Village Creamery']);
    await expectAccessible(page);
    await shoot(page, 'kiosk-landing-1280x800');
    await page.setViewportSize(KIOSK_PORTRAIT);
    await shoot(page, 'kiosk-landing-800x1280');
    await page.setViewportSize(KIOSK_LANDSCAPE);

    await page.getByRole('link', { name: 'Join & Get Free Ice Cream Scoop' }).click();
    await page.getByRole('heading', { name: 'Join Rewards' }).waitFor();
    await page.getByText('Village Creamery').waitFor();
    await expectAccessible(page);
    await shoot(page, 'kiosk-signup-1280x800');
    await page.getByLabel('Your name *').fill('Kiosk Kate');
    await page.getByLabel('Mobile phone number *').fill(nextPhone());
    await page.getByRole('button', { name: 'Get My Welcome Reward' }).click();

    await page.getByRole('heading', { name: 'Welcome, Kiosk Kate!' }).waitFor();
    await page.getByText('Free Ice Cream Scoop').first().waitFor();
    await page.getByRole('img', { name: 'Check-in QR code' }).waitFor();
    const token = await pendingToken(page);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await readQr(page)).toBe(token);
    await expectAccessible(page);
    await shoot(page, 'kiosk-welcome-1280x800');
    await page.setViewportSize(KIOSK_PORTRAIT);
    await shoot(page, 'kiosk-welcome-800x1280');
    await page.setViewportSize(KIOSK_LANDSCAPE);

    await page.getByLabel('Scanner input').fill(token!);
    await page.getByLabel('Scanner input').press('Enter');
    await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor();
    await toast(page, 'Welcome!').waitFor();
    await toast(page, 'You earned 5 points!').waitFor();
    await page.getByText('Free Ice Cream Scoop', { exact: false }).first().waitFor();
    await shoot(page, 'kiosk-welcome-approved-1280x800');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a returning member checks in by phone: the QR is the pending token; a wrong scan is refused, the right one approved", async () => {
    const phone = nextPhone();
    await signUp('Returning Rita', phone);
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/museum');
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    await page.getByRole('button', { name: 'Check In' }).click();
    await toast(page, 'Phone Required').waitFor();
    await expectAccessible(page);
    await shoot(page, 'kiosk-checkin-1280x800');
    await page.setViewportSize(KIOSK_PORTRAIT);
    await shoot(page, 'kiosk-checkin-800x1280');
    await page.setViewportSize(KIOSK_LANDSCAPE);
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Check In' }).click();

    await page.getByRole('heading', { name: 'Your check-in code' }).waitFor();
    const token = await pendingToken(page);
    expect(await readQr(page)).toBe(token);
    await expectAccessible(page);
    await shoot(page, 'kiosk-member-qr-1280x800');
    await page.setViewportSize(KIOSK_PORTRAIT);
    await shoot(page, 'kiosk-member-qr-800x1280');
    await page.setViewportSize(KIOSK_LANDSCAPE);

    await page.keyboard.type('not-the-token');
    await page.keyboard.press('Enter');
    await toast(page, 'Invalid QR Code').waitFor();
    await toast(page, "This QR code doesn't match your check-in.").waitFor();
    await page.getByLabel('Scanner input').fill(token!);
    await page.getByLabel('Scanner input').press('Enter');
    await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor();
    await toast(page, 'Visit Approved!').waitFor();
    await toast(page, '5 points added. Total: 5 points.').waitFor();
    await page.getByText('Free Admission', { exact: false }).first().waitFor();
    await shoot(page, 'kiosk-member-qr-approved-1280x800');
    expect(await pendingToken(page)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an approval made while the network is cut is queued, said to be pending, and sent once when it returns', async () => {
    const phone = nextPhone();
    const { customer } = await signUp('Offline Olive', phone);
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/joanies');
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Check In' }).click();
    await page.getByRole('heading', { name: 'Your check-in code' }).waitFor();
    const token = await pendingToken(page);
    await context.setOffline(true);
    await page.getByLabel('Scanner input').fill(token!);
    await page.getByLabel('Scanner input').press('Enter');
    await page.getByText(/Approval pending/).waitFor();
    await page.getByText('No internet connection.', { exact: false }).waitFor();
    await shoot(page, 'kiosk-offline-pending-1280x800');
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('village-rewards-approval-queue') ?? '[]') as unknown[]);
    expect(queued).toHaveLength(1);
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor({ timeout: 30_000 });
    const admin = await demoAdminToken(rig.anonKey);
    const customers = await apiOk<{ id: string; totalPoints: number; totalVisits: number }[]>(
      'GET', `/api/admin/customers?search=${phone}`, { token: admin });
    expect(customers.find((row) => row.id === customer.id)).toMatchObject({ totalPoints: 5, totalVisits: 1 });
    expect(await page.evaluate(() => localStorage.getItem('village-rewards-approval-queue'))).toBe('[]');
    // Chromium logs the refused fetch while offline; nothing else may be logged.
    expect(problems.filter((text) => !/ERR_INTERNET_DISCONNECTED/.test(text))).toEqual([]);
    await context.close();
  });

  it('after the idle time asks "Still there?", then returns to its landing screen and forgets the visitor', async () => {
    const { page, context } = await openPage(KIOSK_LANDSCAPE, '/snackco?idle=1500&prompt=2500');
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    await page.evaluate(() => sessionStorage.setItem('customer_name', 'Someone Before'));
    const dialog = page.getByRole('dialog', { name: 'Still there?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await shoot(page, 'kiosk-idle-prompt-1280x800');
    await page.waitForURL('**/snackco');
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('customer_name'), sessionStorage.getItem('current_location_id')]))
      .toEqual([null, 'snackco']);
    await context.close();
  });
});

describe('phone at 390×844', () => {
  it('mobile sign-up with the texted code → QR → a staff approval shows on the phone', async () => {
    const phone = nextPhone();
    const { page, problems, context } = await openPage(PHONE, '/mobile');
    await page.getByRole('heading', { name: 'Check In with Your Phone' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'mobile-start-390');
    await page.getByLabel('Your Name *').fill('Mobile Mo');
    await page.getByLabel('Phone Number *').fill(phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'mobile-otp-390');
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, phone));
    const started = page.waitForResponse((r) => r.url().endsWith('/api/checkin/start'));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.getByRole('heading', { name: 'Hi, Mobile Mo!' }).waitFor();
    const { token } = (await (await started).json()) as { token: string };
    await page.getByText('Valid for 15 minutes').waitFor();
    expect(await readQr(page)).toBe(token);
    await page.getByRole('button', { name: 'Simulate Scan' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'mobile-qr-390');

    // The phone's code names no business: the admin's counter names where it counts.
    await apiOk('POST', '/api/visits/approve', { body: { token, locationId: 'creamery' }, token: await demoAdminToken(rig.anonKey) });
    await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor({ timeout: 10_000 });
    await shoot(page, 'mobile-qr-approved-390');
    await page.getByRole('link', { name: 'View Points & Rewards' }).click();
    await page.getByRole('heading', { name: 'Points & Rewards' }).waitFor();
    await page.getByText('1 of 6 visited').waitFor();
    await expectAccessible(page);
    await shoot(page, 'mobile-wallet-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Simulate Scan' in demo mode approves through the API", async () => {
    const phone = nextPhone();
    const { page, context } = await openPage(PHONE, '/mobile');
    await page.getByLabel('Your Name *').fill('Demo Dee');
    await page.getByLabel('Phone Number *').fill(phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Verify Your Phone' }).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, phone));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.getByRole('button', { name: 'Simulate Scan' }).click();
    await page.getByRole('heading', { name: 'Visit Approved!' }).waitFor();
    await page.getByText('+5 points').waitFor();
    await context.close();
  });

  it('login → account → redeem → the history shows the redemption', async () => {
    const phone = nextPhone();
    const { customer } = await signUp('Account Ann', phone);
    // A visit at the creamery unlocks its welcome reward.
    await apiOk('POST', '/api/visits/approve', { body: { token: `customer:${customer.id}`, locationId: 'creamery' }, token: await demoAdminToken(rig.anonKey) });
    const { page, problems, context } = await openPage(PHONE, '/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'login-390');
    await page.getByLabel('Phone Number').fill(phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'login-verify-390');
    await page.getByLabel('Verification code').fill(await latestCode(rig.anonKey, phone));
    await page.getByRole('button', { name: 'Verify & Sign In' }).click();
    await toast(page, 'Welcome Back!').waitFor();
    await page.getByRole('heading', { name: 'Account Ann' }).waitFor();
    await page.getByText('1 of 6 visited').waitFor();
    await expectAccessible(page);
    await shoot(page, 'account-390');
    // Redeem shows a redemption code; the clerk's scanner types it into the creamery's kiosk,
    // which shows the member and the reward, and the clerk confirms.
    await page.getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Free Ice Cream Scoop' });
    const code = (await dialog.getByText(/^[A-Z]{3} [2-9]{3}$/).textContent())!.replace(' ', '');
    await shoot(page, 'account-redeem-confirm-390');
    const kiosk = await openPage(KIOSK_LANDSCAPE, '/creamery');
    await kiosk.page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    await kiosk.page.getByLabel('Scanner input').fill(`redeem:${code}`);
    await kiosk.page.getByLabel('Scanner input').press('Enter');
    const check = kiosk.page.getByRole('region', { name: 'Redeem Free Ice Cream Scoop?' });
    await check.getByText('Account Ann').waitFor();
    await expectAccessible(kiosk.page);
    await shoot(kiosk.page, 'kiosk-redemption-check-1280x800');
    await check.getByRole('button', { name: 'Confirm redemption' }).click();
    await kiosk.page.getByRole('heading', { name: 'Reward Redeemed!' }).waitFor();
    await shoot(kiosk.page, 'kiosk-redemption-done-1280x800');
    expect(kiosk.problems).toEqual([]);
    await kiosk.context.close();
    await toast(page, 'Reward Redeemed!').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Show My QR Code' }).click();
    await page.getByRole('heading', { name: 'Account Ann' }).waitFor();
    expect(await readQr(page)).toBe(`customer:${customer.id}`);
    await expectAccessible(page);
    await shoot(page, 'account-qr-390');
    await page.getByRole('link', { name: 'Back to Account' }).click();
    await page.getByRole('link', { name: 'Visit History' }).click();
    await page.getByRole('heading', { name: 'Visit History' }).waitFor();
    await page.getByText('Reward redeemed: Free Ice Cream Scoop').waitFor();
    await page.getByText('Visit at Village Creamery').waitFor();
    await expectAccessible(page);
    await shoot(page, 'account-history-390');
    await page.goto(`${page.url().replace('/account/history', '/account')}`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed Out').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['/account', 'Please sign in to view your account', '/login'],
    ['/account/qr', 'Please sign in to view your QR code', '/login'],
    ['/account/history', 'Please sign in to view your history', '/login'],
    ['/mobile/qr', 'Please sign in to continue', '/mobile'],
    ['/mobile/wallet', 'Please sign in to continue', '/mobile'],
  ])('%s signed out shows its sign-in prompt', async (path, text, to) => {
    const { page, problems, context } = await openPage(PHONE, path);
    await page.getByRole('heading', { name: text }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(to);
    await expectAccessible(page);
    await shoot(page, `signed-out${path.replaceAll('/', '-')}-390`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
