// Browser tests of /admin: the sign-in when signed out, the demo admin's dashboard,
// filters and search that change what the API answers, voiding a visit from a customer's detail;
// axe-core finds no serious or critical violation; screenshots at 1280 px.
import { recordVisit, signUp } from './lib/api.ts';
import {
  accessTokenOf,
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

beforeAll(async () => {
  app = await startDevApp();
  // The demo admin signs in on /admin with the test code of supabase/config.toml.
  const { page, problems } = await openPage(app, '/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  expect(problems).toEqual([]);
  await page.close();
  const token = accessTokenOf(admin);
  // Known data (a member may have one approved visit a minute): Ada at the creamery, Bob at the
  // museum, Cy at Joanie's; Dee joins and never visits.
  const ada = await signUp('Ada Lovelace');
  const bob = await signUp('Bob Marley');
  const cy = await signUp('Cy Twombly');
  await signUp('Dee Dee Ramone');
  await recordVisit(token, ada.id, 'creamery');
  await recordVisit(token, bob.id, 'museum');
  await recordVisit(token, cy.id, 'joanies');
});

afterEach(async (context) => {
  await closeLeftoverPages(context.task.name);
});

afterAll(async () => {
  await app?.stop();
});

it('signed out, /admin offers the admin sign-in and no data', async () => {
  const { page, problems } = await openPage(app, '/admin', 1280);
  await page.getByRole('heading', { name: 'Village Rewards Admin' }).waitFor();
  expect(await page.getByLabel('Phone number').isVisible()).toBe(true);
  expect(await page.getByText('Sign-ups Today').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-signin-1280');
  expect(problems).toEqual([]);
  await page.close();
});

it('the demo admin sees the dashboard with the real figures', async () => {
  const { page, problems } = await openPage(app, '/admin', 1280, admin);
  await page.getByRole('heading', { name: 'Village Rewards Admin', level: 1 }).waitFor();
  expect(await page.getByText('Signed in as').textContent()).toContain('(555) 555-0100');
  const metrics = page.getByRole('region', { name: 'Key metrics' });
  await metrics.getByText('Total Visits').waitFor();
  const card = (title: string) =>
    metrics.locator('div', { has: page.getByRole('heading', { name: title }) }).last();
  await card('Total Visits').getByText('3', { exact: true }).waitFor();
  expect(await card('Sign-ups Today').getByText('4', { exact: true }).count()).toBe(1);
  expect(await card('Total Visits').getByText('No visits in the previous week').count()).toBe(1);
  await page.getByText('Ada Lovelace checked in at Village Creamery').waitFor();
  expect(await page.getByText('+5 points').count()).toBe(3);
  await page.getByText('1 visit this week').first().waitFor();
  await page.getByRole('table').getByText('Bob Marley').waitFor();
  await page.getByRole('heading', { name: 'Visits per day' }).waitFor();
  await page.locator('.recharts-legend-item', { hasText: 'Village Creamery' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-dashboard-1280');
  expect(problems).toEqual([]);
  await page.close();
});

it('the location filter and the search change what the dashboard shows, and live in the URL', async () => {
  const { page, problems } = await openPage(app, '/admin', 1280, admin);
  const table = page.getByRole('table');
  await table.getByText('Bob Marley').waitFor();
  await page.getByLabel('Location', { exact: true }).selectOption('creamery');
  await page.waitForURL(/location=creamery/);
  await table.getByText('Bob Marley').waitFor({ state: 'detached' });
  await table.getByText('Ada Lovelace').waitFor();
  expect(await table.getByText('Cy Twombly').count()).toBe(0);
  // Reload: the filter survives.
  await page.reload();
  await page.getByRole('table').getByText('Ada Lovelace').waitFor();
  // The select's options come from GET /api/locations; its value shows once they are there.
  const location = page.getByLabel('Location', { exact: true });
  await location.locator('option[value="creamery"]').waitFor({ state: 'attached' });
  expect(await location.inputValue()).toBe('creamery');
  await page.getByLabel('Location', { exact: true }).selectOption('');
  // Typing searches (debounced) …
  await page.getByLabel('Search customers').fill('twom');
  await page.waitForURL(/q=twom/);
  await page.getByRole('table').getByText('Ada Lovelace').waitFor({ state: 'detached' });
  await page.getByRole('table').getByText('Cy Twombly').waitFor();
  // … and so does the button; a search nobody matches says so.
  await page.getByLabel('Search customers').fill('nobody-like-this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('No customers found').waitFor();
  // A custom range with no visits in it empties the activity-based figures.
  await page.getByLabel('Date Range', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-31');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await page.waitForURL(/range=custom&from=2026-01-01&to=2026-01-31/);
  await page.getByText('No visits in this date range').waitFor();
  expect(problems).toEqual([]);
  await page.close();
});

it('the admin voids a visit from the customer detail', async () => {
  const { page, problems } = await openPage(app, '/admin?q=Bob', 1280, admin);
  await page.getByRole('button', { name: 'View Bob Marley' }).click();
  const detail = page.getByRole('dialog', { name: 'Bob Marley' });
  await detail.getByRole('cell', { name: 'Village Heritage Museum' }).first().waitFor();
  await detail.getByRole('button', { name: /^Void the visit at Village Heritage Museum/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Void this visit?' });
  await confirm.getByRole('button', { name: 'Void visit' }).click();
  await confirm.getByText('Say why the visit is voided.').waitFor();
  await confirm.getByLabel('Reason').fill('Checked in twice from the same table');
  await confirm.getByRole('button', { name: 'Void visit' }).click();
  await confirm.waitFor({ state: 'detached' });
  await detail.getByText(/Voided .*: Checked in twice from the same table/).waitFor();
  await detail.getByRole('cell', { name: 'visit voided' }).waitFor();
  expect(await detail.getByRole('button', { name: /^Void the visit/ }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-customer-detail-1280');
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // The void reached the figures: Bob's points are back to 0 in the table.
  const bob = page.getByRole('row', { name: /Bob Marley/ });
  await bob.getByRole('cell', { name: '0', exact: true }).first().waitFor();
  expect(problems).toEqual([]);
  await page.close();
});
