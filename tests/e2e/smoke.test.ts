// Browser smoke test: Debian's Chromium, driven by playwright-core, against the app as `npm run dev`
// serves it (`npm run dev` with DEV_DATABASE=memory): Businesses lists the six seeded
// businesses through the Vite proxy, unknown paths show the 404 page, and no page logs an error.
import { shoot, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';

const BUSINESSES = [
  'The Chatterbox',
  'Village Creamery',
  "Joanie's Pizzeria",
  'Village Heritage Museum',
  'SnackCo',
  'Broken Bridge Sweets',
];

let app: BrowserApp | undefined;

beforeAll(async () => {
  // The README's first command, dev server and all (the other suites load a production build of
  // it), on an in-memory database so a developer's .local data is untouched.
  app = await startBrowserApp({ serve: 'dev' });
});

afterAll(async () => {
  await app?.stop();
});

const open = (path: string, width: number) => app!.open(path, width);

describe.each([390, 1280])('at %i px', (width) => {
  it('Businesses lists the six businesses from the database', async () => {
    const { page, problems } = await open('/businesses', width);
    for (const name of BUSINESSES) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    const logo = page.getByRole('img', { name: 'Village Creamery logo' });
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shoot(page, `businesses-list-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an unknown path shows Page Not Found', async () => {
    const { page, problems } = await open('/definitely-not-a-page', width);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · Village Rewards');
    await shoot(page, `404-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the kiosk screen stands alone, without the public navigation', async () => {
    const { page, problems } = await open('/kiosk', width);
    await page.getByRole('heading', { name: 'Village Rewards', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await shoot(page, `kiosk-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the businesses screen sits in the public layout', async () => {
    const { page, problems } = await open('/businesses', width);
    await page.getByRole('heading', { name: 'Participating Businesses', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await shoot(page, `businesses-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
