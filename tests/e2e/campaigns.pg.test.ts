// Campaigns in the browser, on the real stack (`npm run dev` on a fresh real Postgres database,
// Chromium; the stack drains the texts outbox every 2 s into the dev outbox): the operator
// composes an offer to a segment on /admin's Campaigns tab, sees the count and the exact text,
// sends it, and the dev outbox then holds the text for exactly the consenting members of that
// segment (checked against SQL). Screenshots at 1280 and 390, axe-core clean. A business owner
// sends from /owner: the outbox then holds only the consenting members who visited their business.
// Hold `flock /tmp/ports.lock`.
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { seriousA11yViolations, shoot, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import {
  approveVisit,
  createAuthUser,
  createCustomer,
  createStaff,
  disableVisitLimits,
} from '../support/factories.ts';
import { latestCode, nextPhone } from './lib/api.ts';
import { signInThroughScreen, STACK } from './lib/dev-app.ts';

let db: TestDatabase;
let app: BrowserApp;
let adminState: Awaited<ReturnType<typeof signInThroughScreen>> | undefined;

async function member(options: { consent: boolean; visited: string[] }) {
  const phone = nextPhone();
  const user = await createAuthUser(db.sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(db.sql, { name: 'Campaign Member', phone, smsConsent: options.consent, as: user.claims });
  for (const locationId of options.visited) {
    await approveVisit(db.sql, (await createStaff(db.sql, locationId)).claims, `customer:${customerId}`);
  }
  return { customerId, phone };
}

/** Phones (digits with country code) the dev outbox holds a text for whose body contains `text`. */
async function outboxPhones(anonKey: string, text: string): Promise<string[]> {
  const response = await fetch(`${STACK}/auth/v1/dev/texts`, { headers: { apikey: anonKey } });
  if (!response.ok) throw new Error(`dev texts: ${response.status} ${await response.text()}`);
  const { messages } = (await response.json()) as { messages: { phone: string; body: string }[] };
  return messages.filter((m) => m.body.includes(text)).map((m) => m.phone).sort();
}

beforeAll(async () => {
  db = await createPostgresDatabase();
  await disableVisitLimits(db.sql);
  app = await startBrowserApp({ databaseUrl: db.url });
  // Texts go out whatever the hour this runs (the quiet-hours rule has its own tests).
  await db.sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('the operator sends an offer to the museum\'s visitors; the dev outbox holds exactly its consenting members', async () => {
  const inSegment = [await member({ consent: true, visited: ['museum'] }), await member({ consent: true, visited: ['museum', 'creamery'] })];
  await member({ consent: false, visited: ['museum'] }); // no consent
  await member({ consent: true, visited: ['creamery'] }); // not a museum visitor
  const optedOut = await member({ consent: true, visited: ['museum'] });
  await db.sql`select private.record_sms_consent(${optedOut.customerId}, false, 'SMS reply: STOP', 'sms_reply')`;

  const expected = (
    await db.sql<{ phone: string }[]>`
      select c.phone from public.customers c
       where c.sms_consent and exists (select 1 from public.visits v
                                        where v.customer_id = c.id and v.location_id = 'museum' and v.status = 'approved')`
  ).map((r) => r.phone.slice(1)).sort();
  expect(expected).toEqual(inSegment.map((m) => `1${m.phone}`).sort());

  const { page, problems } = await app.open('/admin?tab=campaigns', 1280);
  adminState = await signInThroughScreen(page, '5555550100', '123456');
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByText('No campaigns yet').waitFor();
  const offer = `Free museum tour for members this Sunday ${Date.now()}.`;
  await page.getByLabel('Offer').fill(offer);
  const [museum] = await db.sql<{ name: string }[]>`select business_name as name from public.locations where id = 'museum'`;
  await page.getByLabel('Visited').selectOption({ label: museum!.name });
  await page.getByTestId('campaign-recipients').filter({ hasText: `${expected.length} members` }).waitFor();
  await page.getByText(`Village Rewards: ${offer} Reply STOP to opt out.`).waitFor();
  await shoot(page, 'campaigns-compose-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: `Send to ${expected.length} members` }).click();
  await page.getByText('Campaign sent').first().waitFor();
  const card = page.getByRole('listitem').filter({ hasText: offer });
  await card.getByText('Sent', { exact: true }).first().waitFor();

  // The stack's drain sends within seconds; wait until the figures say every text was taken.
  await card.getByRole('definition').first().waitFor();
  for (let i = 0; i < 60 && (await outboxPhones(app.anonKey, offer)).length < expected.length; i++) {
    await page.waitForTimeout(500);
  }
  expect(await outboxPhones(app.anonKey, offer)).toEqual(expected);
  const rows = await db.sql<{ status: string }[]>`
    select t.status from private.texts t join private.text_campaigns c on c.id = t.campaign_id where c.message = ${offer}`;
  expect(rows.map((r) => r.status)).toEqual(expected.map(() => 'sent'));
  await page.reload();
  await page.getByRole('listitem').filter({ hasText: offer }).waitFor();
  await shoot(page, 'campaigns-sent-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);

  // The same tab on a phone.
  const storageState = await page.context().storageState();
  const mobile = await app.open('/admin?tab=campaigns', 390, { storageState });
  await mobile.page.getByRole('listitem').filter({ hasText: offer }).waitFor();
  await shoot(mobile.page, 'campaigns-390');
  expect(await seriousA11yViolations(mobile.page)).toEqual([]);
  expect(mobile.problems).toEqual([]);
});

it('a scheduled campaign can be cancelled from the tab and nothing of it is sent', async () => {
  const { page, problems } = await app.open('/admin?tab=campaigns', 1280, { storageState: adminState });
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  const offer = `Scheduled and cancelled ${Date.now()}.`;
  await page.getByLabel('Offer').fill(offer);
  await page.getByLabel('Schedule').check();
  // A week ahead, as the browser's datetime-local field takes it (local time).
  const later = new Date(Date.now() + 7 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page
    .getByLabel('Send at')
    .fill(`${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T10:00`);
  await page.getByRole('button', { name: /^Schedule for \d+ members?$/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: offer });
  await card.getByText('Scheduled', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Cancel campaign' }).click();
  await card.getByText('Cancelled', { exact: true }).waitFor();
  const [row] = await db.sql<{ status: string; texts: number }[]>`
    select c.status, (select count(*)::int from private.texts t where t.campaign_id = c.id) as texts
      from private.text_campaigns c where c.message = ${offer}`;
  expect(row).toEqual({ status: 'cancelled', texts: 0 });
  const audit = await db.sql<{ action: string }[]>`
    select a.action from private.audit_log a join private.text_campaigns c on a.target_id = c.id::text
     where c.message = ${offer} order by a.id`;
  expect(audit.map((a) => a.action)).toEqual(['campaign.schedule', 'campaign.cancel']);
  expect(problems).toEqual([]);
});

it("a business owner sends an offer from /owner; the dev outbox holds only their business's consenting visitors", async () => {
  const inSegment = [await member({ consent: true, visited: ['creamery'] }), await member({ consent: true, visited: ['creamery', 'museum'] })];
  await member({ consent: false, visited: ['creamery'] }); // no consent
  await member({ consent: true, visited: ['museum'] }); // not a creamery visitor
  const expected = (
    await db.sql<{ phone: string }[]>`
      select c.phone from public.customers c
       where c.sms_consent and exists (select 1 from public.visits v
                                        where v.customer_id = c.id and v.location_id = 'creamery' and v.status = 'approved')`
  ).map((r) => r.phone.slice(1)).sort();
  expect(expected).toEqual(expect.arrayContaining(inSegment.map((m) => `1${m.phone}`)));

  const ownerPhone = nextPhone();
  await createAuthUser(db.sql, { phone: `1${ownerPhone}`, appMetadata: { provider: 'phone', role: 'owner', location_id: 'creamery' } });
  const { page, problems } = await app.open('/owner', 390);
  await page.getByRole('heading', { name: 'Business owner' }).waitFor();
  await signInThroughScreen(page, ownerPhone, () => latestCode(app.anonKey, ownerPhone));
  await page.getByRole('heading', { name: 'Text your visitors' }).waitFor();
  // The business is fixed: no choice of another one. The admin's campaigns are not listed here.
  expect(await page.getByRole('combobox', { name: 'Visited' }).count()).toBe(0);
  await page.getByText('No campaigns yet').waitFor();
  const offer = `Two scoops for one at the creamery ${Date.now()}.`;
  await page.getByLabel('Offer').fill(offer);
  // An owner sees a count only when it is 3 or more; this segment has at least 3.
  expect(expected.length).toBeGreaterThanOrEqual(3);
  await page.getByTestId('campaign-recipients').filter({ hasText: `${expected.length} members` }).waitFor();
  // The business's texts start with its name, and the preview estimates the cost.
  await page.getByText(`Village Creamery (Village Rewards): ${offer} Reply STOP to opt out.`).waitFor();
  await page.getByTestId('campaign-cost').waitFor();
  await shoot(page, 'owner-campaigns-390');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Send to ${expected.length} members` }).click();
  await page.getByText('Campaign sent').first().waitFor();
  await page.getByRole('listitem').filter({ hasText: offer }).waitFor();
  for (let i = 0; i < 60 && (await outboxPhones(app.anonKey, offer)).length < expected.length; i++) {
    await page.waitForTimeout(500);
  }
  expect(await outboxPhones(app.anonKey, offer)).toEqual(expected);
  expect(await outboxPhones(app.anonKey, `Village Creamery (Village Rewards): ${offer}`)).toEqual(expected);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'owner-campaigns-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
