// Browser test of tiers and limits: the operator moves Silver from 10
// to 15 on /admin's Programme tab — the tab says beforehand how many members it moves — then a
// member at 10 points is not Silver, their /account progress bar aims at 15, and the visit that
// brings them to 15 unlocks Silver. Then a limit changed in the tab (minutes between visits at one
// business) is enforced by the API at the very next check-in. axe-core clean; screenshots of the
// sections at 1280 and 390 px. Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { api, apiOk, latestCode, recordVisit, signUp } from './lib/api.ts';
import {
  accessTokenOf,
  closeLeftoverPages,
  openPage,
  seriousViolations,
  shoot,
  signInThroughScreen,
  STACK,
  startDevApp,
  type DevApp,
  type StorageState,
} from './lib/dev-app.ts';

let app: DevApp;
let admin: StorageState;
let adminToken: string;

beforeAll(async () => {
  app = await startDevApp();
  const { page, problems } = await openPage(app, '/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  expect(problems).toEqual([]);
  await page.close();
  adminToken = accessTokenOf(admin);
  // Set-up visits follow each other within seconds: the village-wide gap is lifted through the API.
  await apiOk('PUT', '/api/admin/settings', { token: adminToken, body: { minVisitGapAnywhereMinutes: 0, maxVisitsPerHour: 0 } });
});

afterEach(async (context) => {
  await closeLeftoverPages(context.task.name);
});

afterAll(async () => {
  await app?.stop();
});

async function programmeTab(width: number): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(app, '/admin?tab=programme', width, admin);
  await opened.page.getByRole('heading', { name: 'Tiers', level: 2 }).waitFor();
  await opened.page.getByLabel('Silver points needed').waitFor();
  return opened;
}

async function me(token: string) {
  return apiOk<{ tier: { name: string }; nextGoal: { target: number }; rewards: { reward: { name: string } }[] }>(
    'GET', '/api/me', { token },
  );
}

it('moves Silver from 10 to 15: the tab says who moves, the account follows, the visit reaching 15 unlocks Silver', async () => {
  // Moe reached Silver under the old rule (10 points); Tess has 5.
  const moe = await signUp('Moe Tiers');
  await recordVisit(adminToken, moe.id, 'creamery');
  await recordVisit(adminToken, moe.id, 'joanies');
  const tess = await signUp('Tess Tiers');
  await recordVisit(adminToken, tess.id, 'creamery');

  const { page, problems } = await programmeTab(1280);
  await page.getByLabel('Silver points needed').fill('15');
  const said = page.getByText(/This change moves \d+ members?/);
  await said.waitFor();
  const atTen = await api<{ down: number }>('GET', '/api/admin/tiers/preview?silver=15&gold=20', { token: adminToken });
  expect(atTen.body.down).toBeGreaterThanOrEqual(1);
  expect(await said.textContent()).toContain(`This change moves ${atTen.body.down} member`);
  expect(await page.getByText(`0 up, ${atTen.body.down} down`).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'programme-tiers-1280');
  await page.getByRole('button', { name: 'Save tiers' }).click();
  await page.getByText('Tiers saved').first().waitFor();
  expect(await page.getByLabel('Silver points needed').inputValue()).toBe('15');
  const programme = await apiOk<{ tiers: { name: string; minPoints: number }[] }>('GET', '/api/programme');
  expect(programme.tiers.map((tier) => tier.minPoints)).toEqual([0, 15, 20]);
  expect(problems).toEqual([]);
  await page.close();

  // Tess reaches 10: not Silver, nothing unlocked; her account's bar aims at 15.
  await recordVisit(adminToken, tess.id, 'joanies');
  const account = await openPage(app, '/login', 390);
  const tessState = await signInThroughScreen(account.page, tess.phone, () => latestCode(app.anonKey, tess.phone));
  const tessToken = accessTokenOf(tessState);
  const atTenPoints = await me(tessToken);
  expect(atTenPoints.tier.name).toBe('Bronze');
  expect(atTenPoints.rewards.map((r) => r.reward.name)).not.toContain('$5 Off Any Business');
  await account.page.goto(`${new URL(account.page.url()).origin}/account`);
  const bar = account.page.getByRole('progressbar', { name: /Progress to \$5 Off - Silver Status/ });
  await bar.waitFor();
  expect(await bar.getAttribute('aria-valuemax')).toBe('15');
  expect(await bar.getAttribute('aria-valuenow')).toBe('10');
  await account.page.getByText('10 / 15 points · 5 points to go').waitFor();
  expect(await account.page.getByText('Bronze', { exact: true }).count()).toBeGreaterThan(0);
  await shoot(account.page, 'programme-account-silver-15-390');

  // The visit that brings her to 15 unlocks Silver.
  const third = await apiOk<{ totalPoints: number; unlockedRewards: { name: string }[] }>('POST', '/api/visits/approve', {
    token: adminToken,
    body: { token: `customer:${tess.id}`, locationId: 'museum' },
  });
  expect(third.totalPoints).toBe(15);
  expect(third.unlockedRewards.map((r) => r.name)).toContain('$5 Off Any Business');
  expect((await me(tessToken)).tier.name).toBe('Silver');
  await account.page.reload();
  await account.page.getByText('Silver', { exact: true }).first().waitFor();
  await account.page.getByText('$5 Off Any Business').first().waitFor();
  expect(account.problems).toEqual([]);
  await account.page.close();
});

it('enforces a limit changed in the tab at the very next check-in', async () => {
  const ann = await signUp('Ann Limits');
  await recordVisit(adminToken, ann.id, 'snackco');
  const kiosk = async () => {
    const { access_token: token } = await fetch(`${STACK}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: app.anonKey, authorization: `Bearer ${app.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    await apiOk('POST', '/api/kiosk/session', { token, body: { locationId: 'snackco', deviceFingerprint: 'playwright' } });
    return token;
  };
  const kioskToken = await kiosk();
  const start = () => api('POST', '/api/checkin/start', { token: kioskToken, body: { locationId: 'snackco', phone: ann.phone } });

  const { page, problems } = await programmeTab(1280);
  const field = page.getByLabel('Minutes between visits at one business');
  expect(await field.inputValue()).toBe('60');
  // The default (60 minutes) refuses Ann's second check-in at SnackCo.
  expect((await start()).status).toBe(429);

  await field.fill('0');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Limits saved').first().waitFor();
  expect((await start()).status).toBe(201);

  // Out of range: said in the tab, nothing sent.
  await page.getByLabel('Minutes between visits at one business').fill('5000');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Minutes between visits at one business: from 0 to 1440').waitFor();

  await page.getByLabel('Minutes between visits at one business').fill('30');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Limits saved').nth(1).waitFor();
  const refused = await start();
  expect(refused.status).toBe(429);
  expect(JSON.stringify(refused.body)).toMatch(/check in again/i);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('heading', { name: 'Limits', level: 2 }).scrollIntoViewIfNeeded();
  await shoot(page, 'programme-limits-1280');
  expect(problems).toEqual([]);
  await page.close();
});

it('shows the sections at 390 px, axe-clean, and hides the testimonials once there are none', async () => {
  const { page, problems } = await programmeTab(390);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'programme-tab-390');
  // Each section on its own, to look at (the full page is long).
  for (const [heading, name] of [['Tiers', 'tiers'], ['Limits', 'limits'], ['Public content', 'content']] as const) {
    const section = page.locator('div', { has: page.getByRole('heading', { name: heading, level: 2 }) }).last();
    await shoot(section, `programme-${name}-section-390`);
  }
  for (let n = 3; n >= 1; n -= 1) await page.getByRole('button', { name: `Remove testimonial ${n}` }).click();
  await page.getByText('None: the home page hides “What members say”.').waitFor();
  await page.getByRole('button', { name: 'Save testimonials' }).click();
  await page.getByText('Testimonials saved').first().waitFor();
  expect(problems).toEqual([]);
  await page.close();

  const home = await openPage(app, '/', 1280);
  await home.page.getByRole('heading', { name: 'Featured rewards' }).waitFor();
  await home.page.getByRole('heading', { name: '$5 Off Any Business' }).waitFor();
  expect(await home.page.getByRole('heading', { name: 'What members say' }).count()).toBe(0);
  expect(home.problems).toEqual([]);
  await home.page.close();
});
