// Browser test of words that follow the data, and accent-free search: the operator adds a
// seventh business (a bakery) and moves Silver from 10 to 15 through the API; then the public
// pages, a kiosk screen and the stored consent wording of a new sign-up carry no stale count or
// threshold. And "perez" finds "Ana Pérez" at the counter (/staff) and in admin Customers.
// Screenshots at 390 and 1280 px; axe-core clean. Hold `flock /tmp/ports.lock`.
import { api, apiOk, nextPhone, signUp } from './lib/api.ts';
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

let app: DevApp;
let admin: StorageState;
let adminToken: string;

beforeAll(async () => {
  app = await startDevApp();
  const { page } = await openPage(app, '/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  await page.close();
  adminToken = accessTokenOf(admin);
});

afterEach(async (context) => {
  await closeLeftoverPages(context.task.name);
});

afterAll(async () => {
  await app?.stop();
});

const STALE = [/\bsix\b/i, /\(10 points\)/, /Silver[^.]{0,40}\b10 points/];

it('(a) a seventh business and Silver at 15: no stale count or threshold on any page, kiosk or consent', async () => {
  await apiOk('POST', '/api/admin/businesses', {
    token: adminToken,
    body: { slug: 'bakery', businessName: 'Village Bakery', kind: 'bakery', icon: 'cookie', color: 'amber' },
  });
  const programme = await apiOk<{ tiers: { name: string; minPoints: number; goalLabel: string; rewardValueCents: number; reward: { name: string; description: string } | null }[] }>(
    'GET', '/api/programme');
  const tier = (name: 'Silver' | 'Gold', minPoints: number) => {
    const found = programme.tiers.find((t) => t.name === name)!;
    return { minPoints, goalLabel: found.goalLabel, rewardValueCents: found.rewardValueCents, rewardName: found.reward!.name, rewardDescription: found.reward!.description };
  };
  // Silver = 12 cannot be reached with 5 points a visit: refused in words.
  const refused = await api<{ error: string; fields?: Record<string, string[]> }>('PUT', '/api/admin/tiers', {
    token: adminToken, body: { Silver: tier('Silver', 12), Gold: tier('Gold', 20) },
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain('Silver at 12 points cannot be reached with 5 points a visit: choose 10 or 15');
  // The old wording is sent back unchanged, as an operator who only moves the number would.
  await apiOk('PUT', '/api/admin/tiers', { token: adminToken, body: { Silver: tier('Silver', 15), Gold: tier('Gold', 20) } });

  for (const [path, expected] of [
    ['/', 'One membership · seven local businesses'],
    ['/join', 'A welcome reward at each of the seven businesses'],
    ['/how-it-works', 'at any of the seven businesses'],
    ['/businesses', 'Village Bakery'],
    ['/privacy', 'The seven businesses taking part'],
  ] as const) {
    for (const width of [390, 1280]) {
      const { page, problems } = await openPage(app, path, width);
      await page.getByText(expected).first().waitFor();
      // The tier rewards are a read of their own: wait for them as for the businesses.
      if (path === '/businesses') await page.getByText('(15 points)').first().waitFor();
      const text = await page.locator('body').innerText();
      for (const stale of STALE) expect(text, `${path} at ${width}`).not.toMatch(stale);
      if (path !== '/businesses') expect(text).toContain('One membership for seven local businesses.');
      else expect(text).toContain('(15 points)');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `words-${path === '/' ? 'home' : path.slice(1)}-${width}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  }

  // A kiosk screen (the bakery's landing, not enrolled here) says nothing stale either.
  const kiosk = await app.app.open('/bakery', 1280, { ignoreRefusedRequests: true });
  await kiosk.page.getByRole('heading').first().waitFor();
  const kioskText = await kiosk.page.locator('body').innerText();
  for (const stale of STALE) expect(kioskText).not.toMatch(stale);
  await shoot(kiosk.page, 'words-kiosk-bakery-1280');
  await kiosk.page.close();

  // A new sign-up's stored consent names the programme and points at the list, not a count.
  const name = `Consent${Date.now().toString(36).replace(/\d/g, 'x')}`;
  const joined = await api('POST', '/api/customers', { body: { name, phone: nextPhone(), smsConsent: true, emailConsent: false } });
  expect(joined.status).toBe(201);
  const csv = await fetch(`${APP}/api/admin/exports/customers.csv?search=${name.toLowerCase()}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(csv.status).toBe(200);
  const exported = await csv.text();
  expect(exported).toContain(name);
  expect(exported).toContain('on behalf of the businesses taking part (listed at /businesses)');
  expect(exported).not.toMatch(/\bsix\b/);
}, 180_000);

it('(d) "perez" finds "Ana Pérez" at the counter and in admin Customers', async () => {
  const ana = await signUp('Ana Pérez');
  for (const width of [390, 1280]) {
    const { page, problems } = await openPage(app, '/staff', width, admin);
    // An admin at the counter names the business first.
    await page.getByLabel('Business at this counter').selectOption('creamery');
    const field = page.getByLabel('Scan or type a member code');
    await field.fill('perez');
    await field.press('Enter');
    await page.getByText('Ana Pérez').first().waitFor();
    expect(await page.locator('body').innerText()).toContain(ana.phone.slice(-4));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `words-counter-perez-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  }
  for (const width of [390, 1280]) {
    const { page, problems } = await openPage(app, '/admin?tab=customers&range=all', width, admin);
    await page.getByLabel('Search customers').fill('perez');
    await page.waitForURL(/q=perez/);
    await page.getByText('Ana Pérez').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `words-admin-customers-perez-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  }
}, 120_000);
