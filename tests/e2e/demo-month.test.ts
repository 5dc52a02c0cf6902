// `npm run dev` in demo mode opens on a village with a month of life (dev/demo-month.ts): the
// demo admin's dashboard, cross-shopping and settlement show figures, not rows of zeros. The other
// browser suites start without the month (DEMO_MONTH=false in the rig); this one asks for it.
import { startBrowserApp } from '../support/browser-app.ts';
import { closeLeftoverPages, openPage, seriousViolations, shoot, signInThroughScreen, type DevApp, type StorageState } from './lib/dev-app.ts';

let app: DevApp;
let admin: StorageState;

beforeAll(async () => {
  const browserApp = await startBrowserApp({ env: { DEMO_MONTH: 'true' } });
  app = { app: browserApp, anonKey: browserApp.anonKey, stop: () => browserApp.stop() };
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

const firstNumber = (text: string | null) => Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);

it("the demo admin's dashboard shows the month's members and visits", async () => {
  const { page, problems } = await openPage(app, '/admin', 1280, admin);
  const metrics = page.getByRole('region', { name: 'Key metrics' });
  await metrics.getByText('Total Visits').waitFor();
  const card = (title: string) => metrics.locator('div', { has: page.getByRole('heading', { name: title }) }).last();
  // The figures arrive after the cards: wait for a number, then it must not be zero.
  await expect.poll(async () => firstNumber(await card('Total Visits').textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(async () => firstNumber(await card('Active Members').textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('heading', { name: 'Visits per day' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'demo-month-dashboard-1280');
  expect(problems).toEqual([]);
  await page.close();
});

it('the reports show cross-shopping and a settlement with transfers', async () => {
  const { page, problems } = await openPage(app, '/admin?tab=reports', 1280, admin);
  await page.getByText('Members shared by pairs of businesses').waitFor();
  expect(await page.getByText('No member visited in this date range.').count()).toBe(0);
  await page.getByText('Transfers between pairs of businesses').waitFor();
  expect(await page.getByText('No transfers are due for this month.').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'demo-month-reports-1280');
  expect(problems).toEqual([]);
  await page.close();
});
