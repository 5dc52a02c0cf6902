// Text settings in the browser on the real stack (`npm run dev` on a fresh real Postgres
// database; the stack drains the texts outbox every 2 s): the operator sets quiet hours that cover
// now in /admin's Programme tab (the clock there says it is quiet now, in the programme's time
// zone), sends a campaign, and the outbox holds its texts (checked in SQL: 'held', nothing in the
// dev outbox; the campaign says "Queued — sends at …"). Then the operator moves the quiet hours
// off now and the very next drain sends them (SQL: 'sent'; the dev outbox holds them). Each change
// is one audit row. Screenshots at 1280 and 390, axe-core clean. Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { seriousA11yViolations, shoot, shootFailure, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import { approveVisit, createAuthUser, createCustomer, createKiosk, createStaff, disableVisitLimits } from '../support/factories.ts';
import { nextPhone } from './lib/api.ts';
import { signInThroughScreen, STACK } from './lib/dev-app.ts';

let db: TestDatabase;
let app: BrowserApp;

async function member() {
  const phone = nextPhone();
  const user = await createAuthUser(db.sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(db.sql, { name: 'Quiet Member', phone, smsConsent: true, as: user.claims });
  await approveVisit(db.sql, (await createStaff(db.sql, 'creamery')).claims, `customer:${customerId}`);
  return `1${phone}`;
}

async function outboxPhones(text: string): Promise<string[]> {
  const response = await fetch(`${STACK}/auth/v1/dev/texts`, { headers: { apikey: app.anonKey } });
  if (!response.ok) throw new Error(`dev texts: ${response.status} ${await response.text()}`);
  const { messages } = (await response.json()) as { messages: { phone: string; body: string }[] };
  return messages.filter((m) => m.body.includes(text)).map((m) => m.phone).sort();
}

/** "HH:MM" in the programme's time zone, `minutes` from now, as Postgres says it. */
async function localClock(minutes: number): Promise<string> {
  const [row] = await db.sql<{ t: string }[]>`
    select to_char((now() + make_interval(mins => ${minutes})) at time zone private.programme_time_zone(), 'HH24:MI') as t`;
  return row!.t;
}

async function setQuietHours(page: Page, start: string, end: string) {
  const section = page.locator('form[aria-labelledby="text-settings-heading"]');
  await section.getByLabel('Quiet hours start').fill(start);
  await section.getByLabel('Quiet hours end').fill(end);
  await section.getByRole('button', { name: 'Save text settings' }).click();
  await page.getByText('Text settings saved').first().waitFor();
}

beforeAll(async () => {
  db = await createPostgresDatabase();
  await disableVisitLimits(db.sql);
  app = await startBrowserApp({ databaseUrl: db.url });
  await db.sql`update private.settings set texts_quiet_start = '00:00', texts_quiet_end = '00:00'`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('quiet hours set in /admin hold a campaign at once; moved off now, the next drain sends it', async () => {
  const phones = [await member(), await member(), await member()];

  const { page, problems } = await app.open('/admin?tab=programme', 1280);
  try {
    await quietHoursHoldThenSend(page, problems, phones);
  } catch (failure) {
    await shootFailure(page, 'text-settings');
    throw failure;
  }
}, 180_000);

async function quietHoursHoldThenSend(page: Page, problems: string[], phones: string[]) {
  const state = await signInThroughScreen(page, '5555550100', '123456');
  await page.getByRole('heading', { name: 'Texts', level: 2 }).waitFor();
  const clock = page.getByTestId('text-clock');
  await clock.getByText('Texts go out now').waitFor();
  await clock.getByText('in America/Chicago').waitFor();

  // Quiet from an hour ago to an hour from now, in the programme's zone.
  const [start, end] = [await localClock(-60), await localClock(60)];
  await setQuietHours(page, start, end);
  await clock.getByText(/Quiet now: texts wait until/).waitFor();
  const [settings] = await db.sql<{ start: string; end: string }[]>`
    select left(texts_quiet_start::text, 5) as start, left(texts_quiet_end::text, 5) as end from private.settings`;
  expect(settings).toEqual({ start, end });
  await shoot(page.locator('form[aria-labelledby="text-settings-heading"]').locator('..'), 'text-settings-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A campaign to the creamery's visitors: queued, held for the end of quiet hours.
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByText('No campaigns yet').waitFor();
  const offer = `Quiet hours offer ${Date.now()}.`;
  await page.getByLabel('Offer').fill(offer);
  await page.getByLabel('Visited').selectOption({ label: 'Village Creamery' });
  await page.getByTestId('campaign-recipients').filter({ hasText: '3 members' }).waitFor();
  await page.getByTestId('campaign-cost').waitFor();
  await page.getByRole('button', { name: 'Send to 3 members' }).click();
  await page.getByText('Campaign queued').first().waitFor();
  const card = page.getByRole('listitem').filter({ hasText: offer });
  const endWords = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`2000-01-01T${end}:00Z`),
  );
  await card.getByText(`Queued — sends at ${endWords}`).waitFor();
  // Two drains later (2 s each) the texts are still held and nothing went out.
  await page.waitForTimeout(5_000);
  const held = await db.sql<{ status: string }[]>`
    select t.status from private.texts t join private.text_campaigns c on c.id = t.campaign_id where c.message = ${offer}`;
  expect(held.map((r) => r.status)).toEqual(['held', 'held', 'held']);
  expect(await outboxPhones(offer)).toEqual([]);
  await shoot(page, 'campaign-queued-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The operator moves quiet hours off now (two to three hours ahead): the next drain sends them.
  await page.getByRole('tab', { name: 'Programme' }).click();
  await page.getByRole('heading', { name: 'Texts', level: 2 }).waitFor();
  const later = await localClock(120);
  await setQuietHours(page, later, await localClock(180));
  await clock.getByText('Texts go out now').waitFor();
  for (let i = 0; i < 60 && (await outboxPhones(offer)).length < phones.length; i++) await page.waitForTimeout(500);
  expect(await outboxPhones(offer)).toEqual([...phones].sort());
  const sent = await db.sql<{ status: string }[]>`
    select t.status from private.texts t join private.text_campaigns c on c.id = t.campaign_id where c.message = ${offer}`;
  expect(sent.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  const audit = await db.sql<{ after: { quietStart: string } }[]>`
    select after from private.audit_log where action = 'settings.update' and target_id = 'texts' order by id`;
  expect(audit.map((a) => a.after.quietStart)).toEqual([start, later]);
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await card.getByText('Sent', { exact: true }).first().waitFor();
  expect(problems).toEqual([]);

  // The settings on a phone.
  const mobile = await app.open('/admin?tab=programme', 390, { storageState: state });
  await mobile.page.getByRole('heading', { name: 'Texts', level: 2 }).waitFor();
  await mobile.page.getByTestId('text-clock').waitFor();
  await shoot(mobile.page.locator('form[aria-labelledby="text-settings-heading"]').locator('..'), 'text-settings-390');
  expect(await seriousA11yViolations(mobile.page)).toEqual([]);
  expect(mobile.problems).toEqual([]);
}

it('the operator names a staff phone and a kiosk on the Locations tab, under the demo-mode banner', async () => {
  const clerk = await createStaff(db.sql, 'creamery');
  const [{ phone }] = (await db.sql<{ phone: string }[]>`select right(phone, 10) as phone from auth.users where id = ${clerk.userId}`) as unknown as [
    { phone: string },
  ];
  const kiosk = await createKiosk(db.sql, 'creamery');
  const { page, problems } = await app.open('/admin?tab=locations', 1280);
  await signInThroughScreen(page, '5555550100', '123456');
  await page.getByRole('tab', { name: 'Locations' }).click();
  // The stack runs in demo mode (DEMO_MODE defaults on locally): /admin says so and what it means.
  await page.getByTestId('demo-mode-banner').getByText('Kiosks work without being enrolled').waitFor();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Village Creamery' }) });
  await card.getByTestId('enrolment-words').getByText('Demo mode is on, so kiosks work here without one').waitFor();

  const shown = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
  await card.getByRole('button', { name: `Name staff phone ${shown}` }).click();
  await card.getByLabel('Name of this staff phone').fill('Maria');
  await card.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Named Maria').first().waitFor();
  await card.getByRole('button', { name: 'Rename staff phone Maria' }).waitFor();

  await card.getByRole('button', { name: 'Show kiosks' }).click();
  await card.getByRole('button', { name: 'Name kiosk Unnamed kiosk' }).click();
  // Too long: said at the field, nothing saved.
  await card.getByLabel('Name of this kiosk').fill('x'.repeat(61));
  await card.getByRole('button', { name: 'Save name' }).click();
  await card.getByText('The name is at most 60 characters').waitFor();
  await card.getByLabel('Name of this kiosk').fill('Front counter tablet');
  await card.getByRole('button', { name: 'Save name' }).click();
  await card.getByRole('button', { name: 'Rename kiosk Front counter tablet' }).waitFor();

  const names = await db.sql<{ user_id: string; name: string }[]>`select user_id, name from private.person_names order by name`;
  expect(names.map((n) => [n.user_id, n.name])).toEqual([
    [kiosk.userId, 'Front counter tablet'],
    [clerk.userId, 'Maria'],
  ]);
  const audit = await db.sql<{ action: string }[]>`select action from private.audit_log where action like '%.rename' order by id`;
  expect(audit.map((a) => a.action)).toEqual(['staff.rename', 'kiosk.rename']);
  await shoot(page, 'locations-names-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Rename kiosk Front counter tablet' }).waitFor();
  await shoot(page, 'locations-names-390');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

it('a demo kiosk that is not enrolled says enrolment is needed outside demo mode', async () => {
  const { page, problems } = await app.open('/creamery', { width: 1280, height: 800 });
  await page.getByTestId('kiosk-demo-note').getByText("staff enrol it once with Village Creamery's enrolment code").waitFor();
  await page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
  await shoot(page, 'kiosk-demo-1280x800');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
