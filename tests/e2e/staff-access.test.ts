// Browser tests of staff access: the admin adds a staff phone on the Locations tab
// (1280 px), that phone signs in on /staff and reaches the counter (390 px), the admin removes it
// and its token is refused at once; and the demo staff member scans a member's check-in code with
// the camera — Chromium's fake camera playing a Y4M of the QR code — approved exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { api, kioskCheckinToken, latestCode, nextPhone, signUp } from './lib/api.ts';
import {
  accessTokenOf,
  APP,
  closeLeftoverPages,
  openPage,
  seriousViolations,
  shoot,
  signInThroughScreen,
  startDevApp,
  type DevApp,
  type StorageState,
} from './lib/dev-app.ts';
import { writeQrVideo } from './lib/fake-camera.ts';

let app: DevApp;
let admin: StorageState;

const formatted = (phone: string) =>
  `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

beforeAll(async () => {
  app = await startDevApp();
  const { page, problems } = await openPage(app, '/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  expect(problems).toEqual([]);
  await page.close();
});

afterEach(async (context) => {
  await closeLeftoverPages(context.task.name);
});

afterAll(async () => {
  await app?.stop();
});

it('the admin adds a staff phone on the Locations tab, it signs in and reaches /staff, and removing it signs it out', async () => {
  const phone = nextPhone();
  const { page, problems } = await openPage(app, '/admin?tab=locations', 1280, admin);
  const creamery = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Village Creamery', level: 3 }) });
  const staff = creamery.getByRole('region', { name: 'Staff phones' });
  // The demo staff member is listed.
  await staff.getByText('(555) 555-0101').waitFor();

  const field = staff.getByLabel('Add a staff phone at Village Creamery');
  await field.fill('555');
  await staff.getByRole('button', { name: 'Add staff' }).click();
  await staff.getByText('Enter a 10-digit US phone number').waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');

  await field.fill(phone);
  await staff.getByRole('button', { name: 'Add staff' }).click();
  await page.getByText('Staff phone added', { exact: true }).waitFor();
  const row = staff.getByRole('listitem').filter({ hasText: formatted(phone) });
  await row.getByText('Not signed up yet: becomes staff at sign-up').waitFor();
  expect(await field.inputValue()).toBe('');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-locations-staff-1280');

  // The phone signs in on /staff (a new Auth user: the pending grant makes it staff at the creamery).
  const counter = await openPage(app, '/staff', 390);
  await counter.page.getByLabel('Phone number').fill(phone);
  await counter.page.getByRole('button', { name: 'Send Verification Code' }).click();
  await counter.page.getByLabel('Verification code').waitFor();
  await counter.page.getByLabel('Verification code').fill(await latestCode(app.anonKey, phone));
  await counter.page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await counter.page.getByLabel('Scan or type a member code').waitFor();
  await counter.page.getByText(`Village Creamery · ${formatted(phone)}`).waitFor();
  expect(await counter.page.getByLabel('Business at this counter').count()).toBe(0);
  expect(await seriousViolations(counter.page)).toEqual([]);
  await shoot(counter.page, 'staff-granted-390');
  const staffToken = accessTokenOf(await counter.page.context().storageState());

  // The admin's list now shows it signed up; removing it asks first, then signs it out.
  await page.reload();
  await row.getByText(/Last signed in/).waitFor();
  await row.getByRole('button', { name: `Remove staff phone ${formatted(phone)}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${formatted(phone)}?` });
  await confirm.getByRole('button', { name: 'Remove staff' }).click();
  await page.getByText('Staff phone removed', { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  const member = await signUp('Rita Revoked');
  const refused = await api('GET', `/api/rewards/redeemable?customerId=${member.id}`, {
    token: staffToken,
  });
  expect(refused.status).toBe(401);
  expect(problems).toEqual([]);
  expect(counter.problems).toEqual([]);
  await counter.page.close();
  await page.close();
});

it("the demo staff member scans a member's check-in code with the camera: approved once, name and points shown", async () => {
  const member = await signUp('Cameron Lens');
  const token = await kioskCheckinToken(app.anonKey, 'creamery', member.phone);
  const videoDir = mkdtempSync(join(tmpdir(), 'fake-camera-'));
  const video = join(videoDir, 'qr.y4m');
  writeQrVideo(video, token);

  const signIn = await openPage(app, '/staff', 390);
  const staff = await signInThroughScreen(signIn.page, '5555550101', '123456');
  expect(signIn.problems).toEqual([]);
  await signIn.page.close();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: staff,
    });
    await context.grantPermissions(['camera'], { origin: APP });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${APP}/staff`);
    await page.getByText('Village Creamery · (555) 555-0101').waitFor();
    await page.getByRole('button', { name: 'Scan with camera' }).click();

    const result = page.getByRole('region', { name: 'Visit Approved!' });
    await result.waitFor();
    await result.getByText('Cameron Lens').waitFor();
    expect(await result.getByText('+5').count()).toBe(1);
    // A successful scan closes the camera, so the code still in view is not scanned again.
    await page.getByRole('button', { name: 'Scan with camera' }).waitFor();
    expect(await page.getByLabel('Camera view').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'staff-camera-approved-390');

    // The camera turned on again with the same code in view: a scan is a new attempt,
    // and a check-in code is single use, so the counter says it was used and records nothing;
    // the answered scan closes the camera again.
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await page.getByRole('button', { name: 'Stop camera' }).waitFor();
    await page.getByRole('alert').getByText('Code already used').waitFor();
    await page.getByRole('button', { name: 'Scan with camera' }).waitFor();

    const detail = await api<{
      customer: { totalPoints: number; totalVisits: number };
      visits: unknown[];
    }>('GET', `/api/admin/customers/${member.id}`, { token: accessTokenOf(admin) });
    expect([
      detail.status,
      detail.body.customer.totalVisits,
      detail.body.customer.totalPoints,
    ]).toEqual([200, 1, 5]);
    // Chromium logs the refused second scan's answer (409); nothing else may go wrong.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  } finally {
    await browser.close();
    rmSync(videoDir, { recursive: true, force: true });
  }
});

it("a member's phone is said before it becomes staff; removing it later leaves their /account offering the sign-in", async () => {
  const member = await signUp('Marta Member');
  // The member is signed in on their own phone's /account.
  const own = await openPage(app, '/login', 390);
  const firstCodeAt = Date.now();
  await signInThroughScreen(own.page, member.phone, () => latestCode(app.anonKey, member.phone));
  await own.page.goto(`${APP}/account`);
  await own.page.getByText('Marta Member').first().waitFor();

  const { page, problems } = await openPage(app, '/admin?tab=locations', 1280, admin);
  const staff = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Village Heritage Museum', level: 3 }) })
    .getByRole('region', { name: 'Staff phones' });
  await staff.getByLabel(/^Add a staff phone at/).fill(member.phone);
  await staff.getByRole('button', { name: 'Add staff' }).click();
  const question = page.getByRole('dialog', { name: `${formatted(member.phone)} is a member` });
  await question.getByText(/belongs to a member of the programme/).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-staff-member-phone-1280');
  await question.getByRole('button', { name: 'Add as staff' }).click();
  await page.getByText('Staff phone added', { exact: true }).waitFor();

  const row = staff.getByRole('listitem').filter({ hasText: formatted(member.phone) });
  await row.getByRole('button', { name: `Remove staff phone ${formatted(member.phone)}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${formatted(member.phone)}?` })
    .getByRole('button', { name: 'Remove staff' })
    .click();
  await page.getByText('Staff phone removed', { exact: true }).waitFor();

  // Every session of the person ended; their own /account forgets it and offers the sign-in.
  await own.page.reload();
  await own.page.getByText('Please sign in to view your account').waitFor();
  expect(await own.page.getByText(/session has ended/i).count()).toBe(0);
  await own.page.getByRole('link', { name: /sign in/i }).first().click();
  await own.page.waitForURL(/\/login$/);
  // Auth sends one code per phone every 5 s (max_frequency, supabase/config.toml). The open
  // /account now polls and forgets the ended session within ~2 s, so this test
  // reaches the second code sooner than it used to: wait out the window, as a person would.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstCodeAt + 6_000 - Date.now())));
  await signInThroughScreen(own.page, member.phone, () => latestCode(app.anonKey, member.phone));
  await own.page.goto(`${APP}/account`);
  await own.page.getByText('Marta Member').first().waitFor();
  expect(problems).toEqual([]);
  // The one 401 is the dead session's read that made the page forget it.
  expect(own.problems.filter((p) => !/401/.test(p))).toEqual([]);
  await own.page.close();
  await page.close();
});
