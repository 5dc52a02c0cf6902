// The public site in Debian's Chromium through `npm run dev` (in-memory database): a visitor walks
// home → businesses → a business's join page → joins → the success screen's QR (decoded from a
// screenshot) is `customer:{id}`; a second join with that phone is offered a sign-in code instead
// (never told the number is a member's); an unknown business redirects; the contact form thanks the visitor and clears;
// axe-core finds no serious or critical violation on any public screen at 390 and 1280 px.
import type { Page } from 'playwright-core';
import {
  APP,
  decodeQr,
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
} from '../support/browser-app.ts';

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.stop();
});

/** A phone no other test uses: 312-555-xxxx with random digits. */
const newPhone = () => `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

async function fillSignup(page: Page, name: string, phone: string) {
  await page.getByLabel('Full Name *').fill(name);
  await page.getByLabel('Phone Number *').pressSequentially(phone);
}

async function toastText(page: Page) {
  const toast = page.getByRole('status').filter({ hasText: /\S/ }).last();
  await toast.waitFor();
  return toast.innerText();
}

describe('joining at a business', () => {
  it('walks home → businesses → join page → success with a readable member QR, then refuses the same phone', async () => {
    const { page, problems } = await app.open('/', 390, { height: 844 });
    await page.getByRole('heading', { name: 'Village Rewards', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The menu's link (the header comes before the footer's quick links).
    await page.getByRole('link', { name: 'Businesses', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Participating Businesses', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Join at Village Creamery' }).click();
    await page.getByRole('heading', { name: 'Join at Village Creamery', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/business\/creamery\/join$/);

    const phone = newPhone();
    await fillSignup(page, 'Ada Lovelace', phone);
    expect(await page.getByLabel('Phone Number *').inputValue()).toBe(
      `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
    );
    await page.getByLabel(/I agree to receive SMS notifications/).check();
    await page.getByRole('button', { name: 'Join & Get Free Ice Cream Scoop' }).click();

    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    await page.getByText('Welcome to the programme!').waitFor();
    await page.getByText('Free Ice Cream Scoop', { exact: true }).waitFor();
    const idText = await page.getByText(/^Member ID:/).innerText();
    const customerId = idText.replace('Member ID:', '').trim();
    expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
    const qr = page.getByRole('img', { name: 'Your member QR code' });
    expect(await qr.boundingBox()).toMatchObject({ width: 200, height: 200 });
    expect(await decodeQr(qr)).toBe(`customer:${customerId}`);
    expect(await page.getByRole('link', { name: 'Access My Account' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(
      await page.getByRole('link', { name: 'Explore More Businesses' }).getAttribute('href'),
    ).toBe('/businesses');
    await shoot(page, 'join-success-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The same phone again on a business page: not told it is a member, offered a sign-in code.
    await page.goto(`${page.url()}`);
    await page.getByRole('heading', { name: 'Join at Village Creamery', level: 1 }).waitFor();
    await fillSignup(page, 'Ada Again', phone);
    await page.getByRole('button', { name: 'Join & Get Free Ice Cream Scoop' }).click();
    await page.getByRole('button', { name: 'Send a sign-in code to this phone' }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/already exists|already a member/i);
    await shoot(page, 'business-join-409-390');
    await page.getByRole('button', { name: 'Use a different number' }).click();
    expect(await page.getByLabel('Full Name *').inputValue()).toBe('Ada Again');

    // …and on the general join page.
    await page.goto(page.url().replace(/\/business\/creamery\/join$/, '/join'));
    await page.getByRole('heading', { name: 'Join Village Rewards', level: 1 }).waitFor();
    await fillSignup(page, 'Ada Third', phone);
    await page.getByRole('button', { name: 'Join Now' }).last().click();
    await page.getByRole('heading', { name: 'Sign in with this phone instead' }).waitFor();
    expect(problems.filter((text) => !text.includes('409'))).toEqual([]);
    await page.close();
  });

  it('joins on the general page and shows the member QR without a welcome reward', async () => {
    const { page, problems } = await app.open('/join', 1280);
    await page.getByRole('heading', { name: 'Join Village Rewards', level: 1 }).waitFor();
    await fillSignup(page, 'Grace Hopper', newPhone());
    await page.getByLabel('Email Address (Optional)').fill('grace@example.com');
    await page.getByRole('button', { name: 'Join Now' }).last().click();
    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    const customerId = (await page.getByText(/^Member ID:/).innerText())
      .replace('Member ID:', '')
      .trim();
    expect(await decodeQr(page.getByRole('img', { name: 'Your member QR code' }))).toBe(
      `customer:${customerId}`,
    );
    await shoot(page, 'join-success-1280');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends an unknown business to /businesses', async () => {
    const { page, problems } = await app.open('/business/no-such-place/join', 1280);
    await page.getByRole('heading', { name: 'Participating Businesses', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/businesses');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the contact form', () => {
  // That the message is really stored is checked on real Postgres: contact-storage.pg.test.ts.
  it('sends the message, thanks the visitor and clears the form', async () => {
    const { page, problems } = await app.open('/contact', 1280);
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    const message = `Do points expire? (${Date.now()})`;
    await page.getByLabel('Name *').fill('Linus');
    await page.getByLabel('Email *').fill('linus@example.com');
    await page.getByLabel('Subject (Optional)').fill('Points');
    await page.getByLabel('Message *').fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await toastText(page)).toContain('Message Sent!');
    expect(await page.getByLabel('Message *').inputValue()).toBe('');
    expect(await page.getByLabel('Name *').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("asks for the required fields with PRODUCT §5's toast", async () => {
    const { page } = await app.open('/contact', 390);
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await toastText(page)).toContain('Please fill in all required fields.');
    await page.close();
  });
});

const SCREENS: [string, string, string][] = [
  ['home', '/', 'Village Rewards'],
  ['how-it-works', '/how-it-works', 'How It Works'],
  ['businesses', '/businesses', 'Participating Businesses'],
  ['join', '/join', 'Join Village Rewards'],
  ['contact', '/contact', 'Contact Us'],
  ['business-join', '/business/joanies/join', "Join at Joanie's Pizzeria"],
  ['not-found', '/no-such-page', 'Page Not Found'],
];

describe('the first paint of /', () => {
  it('comes from index.html before any of the app’s JavaScript, on / only', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      // The app's bundles never arrive: what shows is index.html's own.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${APP}/`);
      await expect(
        page.getByRole('heading', { name: 'Village Rewards', level: 1 }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole('main').getByRole('link', { name: 'Join Now' }).first().getAttribute('href'),
      ).resolves.toBe('/join');
      // The menu does nothing without the app: disabled, not a dead button.
      await expect(page.getByRole('button', { name: 'Open menu' }).isDisabled()).resolves.toBe(
        true,
      );
      // Any other path never shows the home page (index.html is every path's page).
      await page.goto(`${APP}/join`);
      await expect(
        page.getByRole('heading', { name: 'Village Rewards', level: 1 }).count(),
      ).resolves.toBe(0);
      await expect(page.locator('#prerendered').isVisible()).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });

  it('gives way to the app without a gap or a second copy, and nothing moves', async () => {
    const { page, problems } = await app.open('/', 390);
    await page.getByRole('heading', { name: 'Featured rewards' }).waitFor();
    await page.getByRole('button', { name: 'Open menu', disabled: false }).waitFor();
    await expect(page.locator('#prerendered').count()).resolves.toBe(0);
    await expect(page.locator('#root').getAttribute('hidden')).resolves.toBeNull();
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => done(total), 100);
        }),
    );
    expect(shift).toBeLessThan(0.05);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.each([390, 1280])('every public screen at %i px', (width) => {
  it.each(SCREENS)(
    '%s has no serious accessibility violation and no console error',
    async (name, path, heading) => {
      const { page, problems } = await app.open(path, width);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (name === 'businesses') await page.getByRole('img', { name: 'SnackCo logo' }).waitFor();
      await page.waitForLoadState('networkidle');
      await shoot(page, `${name}-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
