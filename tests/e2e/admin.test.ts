// Browser tests of /admin (issue 14): the sign-in when signed out, the demo admin's dashboard,
// filters and search that change what the API answers, voiding a visit from a customer's detail;
// axe-core finds no serious or critical violation; screenshots at 1280 px.
import type { Page } from 'playwright-core';
import { demoAdminToken, recordVisit, signUp } from './lib/api.ts';
import { openPage, seriousViolations, shoot, startDevApp, type DevApp } from './lib/dev-app.ts';

let app: DevApp;
let adminToken: string;

beforeAll(async () => {
  app = await startDevApp();
  adminToken = await demoAdminToken(app.anonKey);
  // Known data (a member may have one approved visit a minute): Ada at the creamery, Bob at the
  // museum, Cy at Joanie's; Dee joins and never visits.
  const ada = await signUp('Ada Lovelace');
  const bob = await signUp('Bob Marley');
  const cy = await signUp('Cy Twombly');
  await signUp('Dee Dee Ramone');
  await recordVisit(adminToken, ada.id, 'creamery');
  await recordVisit(adminToken, bob.id, 'museum');
  await recordVisit(adminToken, cy.id, 'joanies');
});

afterAll(async () => {
  await app?.stop();
});

async function signInAsAdmin(page: Page) {
  await page.getByRole('heading', { name: 'Village Rewards Admin' }).waitFor();
  await page.getByLabel('Phone number').fill('5555550100');
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await page.getByText('Signed in as').waitFor();
}

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

it('the demo admin signs in and sees the dashboard with real figures', async () => {
  const { page, problems } = await openPage(app, '/admin', 1280);
  await signInAsAdmin(page);
  await page.getByRole('heading', { name: 'Village Rewards Admin', level: 1 }).waitFor();
  expect(await page.getByText('(555) 555-0100').first().isVisible()).toBe(true);
  const visits = page.getByRole('region', { name: 'Key metrics' });
  await visits.getByText('3', { exact: true }).waitFor();
  await page.getByText('Ada Lovelace checked in at Village Creamery').waitFor();
  await page.getByText('+5 points').first().waitFor();
  await page.getByRole('cell', { name: /Bob Marley/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-dashboard-1280');
  expect(problems).toEqual([]);
  await page.close();
});

it('the location filter and the search change what the dashboard shows, and live in the URL', async () => {
  const { page, problems } = await openPage(app, '/admin', 1280);
  await signInAsAdmin(page);
  const table = page.getByRole('table');
  await table.getByText('Bob Marley').waitFor();
  await page.getByLabel('Location').selectOption('creamery');
  await page.waitForURL(/location=creamery/);
  await table.getByText('Ada Lovelace').waitFor();
  await table.getByText('Bob Marley').waitFor({ state: 'detached' });
  expect(await table.getByText('Cy Twombly').count()).toBe(0);
  // Reload: the filter survives.
  await page.reload();
  await page.getByRole('table').getByText('Ada Lovelace').waitFor();
  expect(await page.getByLabel('Location').inputValue()).toBe('creamery');
  await page.getByLabel('Location').selectOption('');
  // Typing searches (debounced) …
  await page.getByLabel('Search customers').fill('twom');
  await page.waitForURL(/q=twom/);
  await page.getByRole('table').getByText('Cy Twombly').waitFor();
  expect(await page.getByRole('table').getByText('Ada Lovelace').count()).toBe(0);
  // … and so does the button; a search nobody matches says so.
  await page.getByLabel('Search customers').fill('nobody-like-this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('No customers found').waitFor();
  expect(problems).toEqual([]);
  await page.close();
});

it('the admin voids a visit from the customer detail, and the points go back', async () => {
  const { page, problems } = await openPage(app, '/admin?q=Bob', 1280);
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'View Bob Marley' }).click();
  const detail = page.getByRole('dialog', { name: 'Bob Marley' });
  await detail.getByText('Village Heritage Museum').first().waitFor();
  await detail.getByRole('button', { name: /^Void the visit at Village Heritage Museum/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Void this visit?' });
  await confirm.getByRole('button', { name: 'Void visit' }).click();
  await confirm.getByText('Say why the visit is voided.').waitFor();
  await confirm.getByLabel('Reason').fill('Checked in twice from the same table');
  await confirm.getByRole('button', { name: 'Void visit' }).click();
  await confirm.waitFor({ state: 'detached' });
  await detail.getByText(/Voided .*: Checked in twice from the same table/).waitFor();
  await detail.getByText('visit voided').waitFor();
  expect(await detail.getByRole('button', { name: /^Void the visit/ }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-customer-detail-1280');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect(problems).toEqual([]);
  await page.close();
});
