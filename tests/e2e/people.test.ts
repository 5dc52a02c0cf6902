// Browser tests of people and the record: the admin makes a phone the owner of
// the Village Creamery on the People tab (1280 px); the owner signs in on /owner (390 px) and sees
// the creamery's figures, staff and kiosks, and nothing of another business (the API refuses, and
// /admin says Not authorised); the admin answers and handles a contact message, the Messages tab
// counting the open ones; and the Audit tab shows who did what, filtered.
import { api, latestCode, nextPhone } from './lib/api.ts';
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
const ownerPhone = nextPhone();

const formatted = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

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

it('the admin makes a phone an owner; the owner sees their business on /owner and nothing of another', async () => {
  const { page, problems } = await openPage(app, '/admin?tab=people', 1280, admin);
  const admins = page.getByRole('heading', { name: 'Admins' });
  await admins.waitFor();
  // The signed-in admin is marked and cannot remove themselves.
  await page.getByText('(555) 555-0100 (you)', { exact: false }).waitFor();
  expect(await page.getByRole('button', { name: 'Remove admin (555) 555-0100' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Add owner' }).click();
  await page.getByText('Enter a 10-digit US phone number').waitFor();
  await page.getByLabel('Add an owner by phone').fill(ownerPhone);
  await page.getByRole('button', { name: 'Add owner' }).click();
  await page.getByText('Choose the business first').waitFor();
  await page.getByLabel('Business', { exact: true }).selectOption({ label: 'Village Creamery' });
  await page.getByRole('button', { name: 'Add owner' }).click();
  await page.getByText('Owner added', { exact: true }).waitFor();
  const row = page.getByRole('listitem').filter({ hasText: formatted(ownerPhone) });
  await row.getByText('Owner of Village Creamery · Not signed up yet', { exact: false }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-people-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'admin-people-390');
  expect(problems).toEqual([]);
  await page.close();

  // The owner signs in on /owner.
  const owner = await openPage(app, '/owner', 390);
  await owner.page.getByRole('heading', { name: 'Business owner' }).waitFor();
  const state = await signInThroughScreen(owner.page, ownerPhone, () => latestCode(app.anonKey, ownerPhone));
  await owner.page.getByRole('heading', { name: 'Village Creamery · Owner' }).waitFor();
  await owner.page.getByText('Sign-ups Today').waitFor();
  await owner.page.getByText('Rewards you honoured').waitFor();
  await owner.page.getByRole('heading', { name: 'Staff phones' }).waitFor();
  await owner.page.getByText('(555) 555-0101').waitFor();
  expect(await owner.page.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  // Kept current while open: the figures say when they were read.
  await owner.page.getByText(/^Updated (just now|\d\d:\d\d:\d\d)$/).waitFor();
  expect(await seriousViolations(owner.page)).toEqual([]);
  await shoot(owner.page, 'owner-390');
  await owner.page.setViewportSize({ width: 1280, height: 900 });
  await shoot(owner.page, 'owner-1280');
  expect(owner.problems).toEqual([]);

  // Nothing of another business: the API refuses, /admin is not theirs.
  const token = accessTokenOf(state);
  expect((await api('GET', '/api/admin/metrics?location=creamery', { token })).status).toBe(200);
  expect((await api('GET', '/api/admin/metrics?location=museum', { token })).status).toBe(403);
  expect((await api('GET', '/api/admin/metrics', { token })).status).toBe(403);
  expect((await api('GET', '/api/admin/locations/museum/staff', { token })).status).toBe(403);
  expect((await api('GET', '/api/admin/coalition/settlement?month=2026-01', { token })).status).toBe(403);
  expect((await api('GET', '/api/admin/customers', { token })).status).toBe(403);
  await owner.page.close();
  const elsewhere = await openPage(app, '/admin', 390, state);
  await elsewhere.page.getByRole('heading', { name: 'Not authorised' }).waitFor();
  await elsewhere.page.close();
});

it('the admin replies to a contact message and marks it handled; the tab counts the open ones', async () => {
  const subject = `Opening hours ${nextPhone()}`;
  expect(
    (await api('POST', '/api/contact', { body: { name: 'Pat Writer', email: 'pat@example.com', subject, message: 'When do you open?' } })).status,
  ).toBe(201);
  const token = accessTokenOf(admin);
  const open = (await api<{ open: number }>('GET', '/api/admin/messages?limit=1', { token })).body.open;
  expect(open).toBeGreaterThan(0);

  const { page, problems } = await openPage(app, '/admin?tab=messages', 1280, admin);
  await page.getByRole('tab', { name: `Messages (${open})` }).waitFor();
  const card = page.getByRole('listitem').filter({ hasText: subject });
  const reply = card.getByRole('link', { name: 'Reply to Pat Writer by e-mail' });
  expect(await reply.getAttribute('href')).toBe(`mailto:pat@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`);
  await card.getByText('Open', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Mark handled' }).click();
  await page.getByText('Message marked handled', { exact: true }).waitFor();
  await page.getByRole('tab', { name: open - 1 > 0 ? `Messages (${open - 1})` : 'Messages' }).waitFor();
  await card.getByRole('button', { name: 'Open again' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-messages-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'admin-messages-390');
  expect(problems).toEqual([]);
});

it('the Audit tab lists who did what, newest first, and filters it', async () => {
  const { page, problems } = await openPage(app, '/admin?tab=audit', 1280, admin);
  const entries = page.getByRole('list', { name: 'Audit entries' });
  await entries.getByText(`Owner added · phone +1${ownerPhone}`).waitFor();
  await page.getByLabel('Action').selectOption('message.handle');
  await entries.getByText('Message marked handled · message', { exact: false }).first().waitFor();
  // The list follows the filter: no owner grant is left in it.
  await entries.getByText('Owner added', { exact: false }).first().waitFor({ state: 'detached' });
  await entries.getByText('Handled: No → Yes').first().waitFor();
  await page.getByLabel('Action').selectOption('');
  await page.getByLabel('What (id, phone or part of it)').fill(ownerPhone);
  await entries.getByText(`Owner added · phone +1${ownerPhone}`).waitFor();
  await page.getByText('By an admin Demo Admin (555) 555-0100', { exact: false }).first().waitFor();
  await page.getByLabel('From', { exact: true }).fill('2026-02-02');
  await page.getByLabel('To', { exact: true }).fill('2026-02-01');
  await page.getByText('The start date is after the end date.').waitFor();
  await page.getByLabel('To', { exact: true }).fill('');
  await page.getByLabel('From', { exact: true }).fill('');
  await entries.getByText(`Owner added · phone +1${ownerPhone}`).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'admin-audit-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'admin-audit-390');
  expect(problems).toEqual([]);
});
