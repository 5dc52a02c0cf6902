// In Chromium through the dev stack: the printed member card and the kiosk everyone can use.
// - The operator's card page prints a sheet of 85 × 55 mm cards (print media: only the sheet,
//   the app hidden) whose QR reads back as the member's card; replacing the card prints a new QR
//   and the counter refuses the old one. A kiosk with a printer offers "Print my card" after
//   sign-up.
// - The kiosk's large-text, high-contrast mode: a labelled toggle (keyboard operable) that stays
//   on for the visit and ends at the landing; every kiosk screen has targets of at least 64 px and
//   no serious axe violations, in either mode. Screenshots: the card sheet and the large-text mode at 1280x800.
import type { Page } from 'playwright-core';
import {
  APP, decodeQr, KIOSK_LANDSCAPE, PHONE, seriousA11yViolations, shoot, startBrowserApp,
  type BrowserApp, type StorageState,
} from '../support/browser-app.ts';
import { api, apiOk, latestCode, nextPhone, signUp } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen } from './lib/dev-app.ts';

let rig: BrowserApp;
let admin: StorageState;
let adminToken: string;
beforeAll(async () => {
  rig = await startBrowserApp();
  const { page, context } = await rig.open('/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  adminToken = accessTokenOf(admin);
  await context.close();
});
afterAll(async () => {
  await rig?.stop();
});

const openPage = (viewport: { width: number; height: number } | number, path: string, storageState?: StorageState) =>
  rig.open(path, viewport, { ignoreRefusedRequests: true, storageState });

/** Every visible target on the page smaller than 64 × 64 px, described. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [role="checkbox"], [role="switch"]',
    );
    for (const element of targets) {
      if (element.closest('.sr-only')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < 64 || box.height < 64) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

async function expectUsable(page: Page) {
  expect(await smallTargets(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const toggle = (page: Page) => page.getByRole('button', { name: 'Large text & high contrast' });
const largeOn = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('kiosk-large'));

describe('the kiosk everyone can use', () => {
  it('a visitor switches large text and high contrast on by keyboard; it lasts the visit, every screen is usable, and the landing ends it', async () => {
    const member = await signUp('Contrast Cara');
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/creamery');
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
    expect(await largeOn(page)).toBe(false);
    await expectUsable(page);
    await shoot(page, 'kiosk-normal-text-1280x800');

    // Keyboard: the toggle is reached and pressed without a pointer.
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('true');
    expect(await largeOn(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
    // High contrast: black on white.
    const join = page.getByRole('link', { name: /^Join/ });
    // (polled: the buttons' colours ease in)
    await expect.poll(() => join.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(0, 0, 0)');
    expect(await page.locator('main').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expectUsable(page);
    await shoot(page, 'kiosk-large-text-1280x800');

    // It follows the visitor: sign-up, then check-in.
    await join.click();
    await page.getByRole('heading', { name: 'Join Rewards' }).waitFor();
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');
    await expectUsable(page);
    await shoot(page, 'kiosk-large-text-signup-1280x800');
    await page.getByRole('link', { name: '← Back' }).click();
    // Back at the landing the visit is over: the mode is off for the next visitor.
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    await expect.poll(() => largeOn(page)).toBe(false);
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');

    await toggle(page).click();
    await page.getByRole('link', { name: "I'm Already a Member" }).click();
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    expect(await largeOn(page)).toBe(true);
    await expectUsable(page);
    await page.getByLabel('Phone number').fill(member.phone);
    await page.getByRole('button', { name: 'Check In' }).click();
    await page.getByRole('heading', { name: 'Your check-in code' }).waitFor();
    expect(await largeOn(page)).toBe(true);
    await expectUsable(page);
    await shoot(page, 'kiosk-large-text-member-qr-1280x800');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
    await expect.poll(() => largeOn(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the welcome screen after sign-up, in both modes: a kiosk without a printer says to ask at the counter; one with a printer prints the card', async () => {
    const { page, problems, context } = await openPage(KIOSK_LANDSCAPE, '/joanies');
    await page.getByRole('link', { name: /^Join/ }).click();
    await page.getByLabel('Your name *').fill('Paper Pat');
    await page.getByLabel('Mobile phone number *').fill(nextPhone());
    await page.getByRole('button', { name: 'Get My Welcome Reward' }).click();
    await page.getByRole('heading', { name: 'Welcome, Paper Pat!' }).waitFor();
    await page.getByText('No smartphone? Ask at the counter for a printed card.').waitFor();
    expect(await page.getByRole('button', { name: 'Print my card' }).count()).toBe(0);
    await expectUsable(page);
    await toggle(page).click();
    await expectUsable(page);
    await shoot(page, 'kiosk-large-text-welcome-1280x800');
    await page.getByRole('button', { name: 'Done' }).click();

    // Staff set the printer once on the landing's address.
    await page.goto(`${APP}/joanies?printer=yes`);
    await page.getByRole('link', { name: /^Join/ }).click();
    await page.getByLabel('Your name *').fill('Printed Pia');
    await page.getByLabel('Mobile phone number *').fill(nextPhone());
    await page.getByRole('button', { name: 'Get My Welcome Reward' }).click();
    await page.getByRole('heading', { name: 'Welcome, Printed Pia!' }).waitFor();
    const customerId = await page.evaluate(() => sessionStorage.getItem('customer_id'));
    await page.getByRole('button', { name: 'Print my card' }).waitFor();
    await expectUsable(page);
    await page.emulateMedia({ media: 'print' });
    const card = page.getByTestId('card-print-sheet').getByTestId('member-card');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('Printed Pia');
    expect(await decodeQr(card.locator('svg'))).toBe(`customer:${customerId}`);
    expect(await page.locator('#root').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the printed member card', () => {
  it('the operator prints a sheet of business-card-size cards, replaces a lost card, and the counter refuses the old one', async () => {
    const member = await signUp('Sheet Sam');
    const { page, problems, context } = await openPage(1280, `/admin/card?customer=${member.id}`, admin);
    await page.getByRole('heading', { name: 'Member card' }).waitFor();
    await page.getByTestId('member-card').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Copies on the page').selectOption('8');

    await page.emulateMedia({ media: 'print' });
    const cards = page.getByTestId('card-print-sheet').getByTestId('member-card');
    expect(await cards.count()).toBe(8);
    // 85 × 55 mm at 96 px to the inch.
    const box = (await cards.first().boundingBox())!;
    expect(Math.round(box.width)).toBe(Math.round((85 / 25.4) * 96));
    expect(Math.round(box.height)).toBe(Math.round((55 / 25.4) * 96));
    // Two across, four down.
    const tops = new Set(await cards.evaluateAll((all) => all.map((element) => Math.round(element.getBoundingClientRect().top))));
    expect(tops.size).toBe(4);
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await decodeQr(cards.first().locator('svg'))).toBe(`customer:${member.id}`);
    // Printed for real: the eight cards fit one A4 page and one Letter page.
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = (await page.pdf({ format, preferCSSPageSize: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g), format).toHaveLength(1);
    }
    await page.setViewportSize({ width: 794, height: 1123 });
    await shoot(page, 'card-sheet-print-a4');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'admin-member-card-1280');

    // A lost card: a new QR, and the old one no longer works at a counter.
    await page.getByRole('button', { name: 'Replace lost card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace this card?' });
    await dialog.getByLabel('Reason (optional)').fill('Lost at the fair');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Issue a new card' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Card 2: earlier cards of Sheet Sam no longer work/).waitFor();
    const fresh = await decodeQr(page.getByTestId('member-card').first().getByRole('img'));
    expect(fresh).toMatch(new RegExp(`^customer:${member.id}:[0-9a-f]{12}$`));
    expect(await page.getByTestId('member-card').first().textContent()).toContain('Card 2');

    const old = await api<{ error: { message: string } }>('POST', '/api/visits/approve', {
      token: adminToken, body: { token: `customer:${member.id}`, locationId: 'creamery' },
    });
    expect(old.status).toBe(410);
    expect(old.body.error.message).toBe('This card was replaced and no longer works. Ask the member for their new card.');
    const current = await api('POST', '/api/visits/approve', { token: adminToken, body: { token: fresh, locationId: 'creamery' } });
    expect(current.status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();

    // At the counter's screen the old card is refused in plain words.
    const counter = await openPage(1280, '/staff', admin);
    await counter.page.getByLabel('Business at this counter').selectOption('museum');
    const scanner = counter.page.getByLabel('Scan or type a member code');
    await scanner.fill(`customer:${member.id}`);
    await scanner.press('Enter');
    const alert = counter.page.getByRole('alert').filter({ hasText: 'Card replaced' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This card was replaced and no longer works. Ask the member for their new card.');
    await shoot(counter.page, 'staff-card-replaced-1280');
    await counter.context.close();
  });

  it("the member prints their own card from /account, and their QR follows a replaced card", async () => {
    const member = await signUp('Own Olive');
    const { page, problems, context } = await openPage(PHONE, '/login');
    await signInThroughScreen(page, member.phone, () => latestCode(rig.anonKey, member.phone));
    await page.goto(`${APP}/account`);
    await page.getByRole('link', { name: 'Print my card' }).click();
    await page.getByRole('heading', { name: 'My card' }).waitFor();
    const face = page.getByTestId('member-card').first();
    expect(await decodeQr(face.getByRole('img'))).toBe(`customer:${member.id}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'account-card-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'account-card-1280');

    const card = await apiOk<{ qr: string }>('POST', `/api/admin/customers/${member.id}/card`, { token: adminToken, body: {} });
    await page.goto(`${APP}/account/qr`);
    await page.getByRole('heading', { name: 'Own Olive' }).waitFor();
    expect(await decodeQr(page.getByRole('img', { name: 'Your member QR code' }))).toBe(card.qr);
    expect(problems).toEqual([]);
    await context.close();
  });
});
