// Member records in Chromium on the real stack (`npm run dev` on a fresh real Postgres
// database), checked against SQL: a member changes name and phone (the code texted to the new
// number), turns texts off, downloads their data (compared with the rows) and deletes the account;
// the admin then finds no name or phone and every total unchanged. And the admin forgets a member
// from the customer dialog (typed confirmation). Screenshots at 390 and 1280; axe-core clean.
// Hold `flock /tmp/ports.lock`.
import { readFileSync } from 'node:fs';
import { SMS_CONSENT_TEXT, SMS_OPT_OUT_TEXT } from '../../supabase/functions/_shared/contract.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
  type StorageState,
} from '../support/browser-app.ts';
import { api, apiOk, latestCode, nextPhone, recordVisit, signUp } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen } from './lib/dev-app.ts';

let db: TestDatabase;
let app: BrowserApp;
let admin: StorageState;

const formatted = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/** Everything the programme's numbers are made of. */
async function totals() {
  const [sums] = await db.sql`
    select (select coalesce(sum(points), 0) from public.points_ledger)::int as ledger,
           (select coalesce(sum(total_points), 0) from public.customers)::int as points,
           (select count(*) from public.customers)::int as customers,
           (select count(*) from public.visits where status = 'approved')::int as visits,
           (select count(*) from public.customer_rewards)::int as rewards`;
  const token = accessTokenOf(admin);
  const metrics = await apiOk('GET', '/api/admin/metrics?range=30days', { token });
  const settlement = await apiOk('GET', `/api/admin/coalition/settlement?month=${new Date().toISOString().slice(0, 7)}`, { token });
  return { sums, metrics, settlement };
}

beforeAll(async () => {
  db = await createPostgresDatabase();
  app = await startBrowserApp({ databaseUrl: db.url });
  const { page, problems } = await app.open('/admin', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  expect(problems).toEqual([]);
  await page.close();
  await db.sql`update private.settings set min_visit_interval = '0', min_visit_gap_anywhere = '0', max_visits_per_hour = 0`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('a member changes name and phone, turns texts off, downloads the data and deletes the account; the admin finds no trace, totals unchanged', async () => {
  const phone = nextPhone();
  const joined = await apiOk<{ customer: { id: string } }>('POST', '/api/customers', {
    body: { name: 'Rita Member', phone, smsConsent: true, smsConsentWording: SMS_CONSENT_TEXT, emailConsent: false },
  });
  const id = joined.customer.id;
  await recordVisit(accessTokenOf(admin), id, 'creamery');
  await recordVisit(accessTokenOf(admin), id, 'joanies');

  const { page, problems } = await app.open('/login', 390);
  await signInThroughScreen(page, phone, () => latestCode(app.anonKey, phone));
  await page.getByRole('heading', { name: 'Rita Member', level: 1 }).waitFor();

  // Name.
  await page.getByLabel('Name', { exact: true }).fill('Rita Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('heading', { name: 'Rita Renamed', level: 1 }).waitFor();

  // Phone: a code goes to the new number and proves it.
  const newPhone = nextPhone();
  await page.getByLabel('New phone number').fill(newPhone);
  await page.getByRole('button', { name: 'Send code to new number' }).click();
  const codeField = page.getByLabel(`Code texted to ${formatted(newPhone)}`);
  await codeField.waitFor();
  await codeField.fill(await latestCode(app.anonKey, newPhone));
  await page.getByRole('button', { name: 'Confirm new number' }).click();
  await page.getByRole('heading', { name: 'Rita Renamed', level: 1 }).locator('..').getByText(formatted(newPhone)).waitFor();

  // Texts off, recorded with the wording shown.
  const texts = page.getByLabel(SMS_CONSENT_TEXT);
  expect(await texts.isChecked()).toBe(true);
  await texts.uncheck();
  await page.getByText('Texts turned off').first().waitFor();

  const [row] = await db.sql`select name, phone, sms_consent from public.customers where id = ${id}`;
  expect(row).toEqual({ name: 'Rita Renamed', phone: `+1${newPhone}`, sms_consent: false });
  const consents = await db.sql<{ id: string; granted: boolean; wording: string; source: string }[]>`
    select id, granted, wording, source from public.consents where customer_id = ${id} order by created_at, id`;
  // Ticked on the join form (pending), confirmed by the sign-in code, then turned off.
  expect(consents.map((k) => [k.granted, k.source])).toEqual([[true, 'signup'], [true, 'sign_in'], [false, 'account']]);
  expect(consents[2]!.wording).toBe(SMS_OPT_OUT_TEXT);

  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'account-your-data-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'account-your-data-1280');

  // Download my data: the file says what the rows say.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^village-rewards-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    member: { id: string; name: string; phone: string; smsConsent: boolean; totalPoints: number };
    consents: { id: string; granted: boolean; wording: string }[];
    visits: { id: string }[];
    ledger: { id: number; points: number }[];
    rewards: { id: string }[];
  };
  const [member] = await db.sql`select id, name, phone, sms_consent, total_points from public.customers where id = ${id}`;
  expect(data.member).toMatchObject({
    id: member!.id, name: member!.name, phone: member!.phone, smsConsent: member!.sms_consent, totalPoints: member!.total_points,
  });
  expect(data.consents.map((k) => ({ id: k.id, granted: k.granted, wording: k.wording }))).toEqual(
    consents.map((k) => ({ id: k.id, granted: k.granted, wording: k.wording })),
  );
  const visits = await db.sql`select id from public.visits where customer_id = ${id} order by created_at, id`;
  expect(data.visits.map((v) => v.id)).toEqual(visits.map((v) => v.id));
  const ledger = await db.sql`select id::int as id, points from public.points_ledger where customer_id = ${id} order by id`;
  expect(data.ledger.map((e) => ({ id: e.id, points: e.points }))).toEqual(ledger.map((e) => ({ id: e.id, points: e.points })));
  const rewards = await db.sql`select id from public.customer_rewards where customer_id = ${id} order by unlocked_at, id`;
  expect(data.rewards.map((r) => r.id)).toEqual(rewards.map((r) => r.id));

  // Delete my account.
  const before = await totals();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
  await page.waitForURL(/\/goodbye$/);
  await page.getByRole('heading', { name: 'Goodbye', level: 1 }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('village-rewards-auth'))).toBeNull();
  expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
  await page.close();

  expect(await totals()).toEqual(before);
  const [gone] = await db.sql`select name, phone, email, user_id, forgotten_at is not null as forgotten from public.customers where id = ${id}`;
  expect(gone).toEqual({ name: 'Forgotten member', phone: null, email: null, user_id: null, forgotten: true });
  expect(await db.sql`select 1 from auth.users where phone in (${`1${phone}`}, ${`1${newPhone}`})`).toHaveLength(0);

  // The admin finds neither the name nor the phone.
  const adminPage = await app.open('/admin?q=Rita', 1280, { storageState: admin });
  await adminPage.page.getByText('No customers found').waitFor();
  for (const query of [newPhone, phone.slice(-4)]) {
    const found = await api('GET', `/api/admin/customers?search=${query}`, { token: accessTokenOf(admin) });
    expect(JSON.stringify(found.body)).not.toContain(id);
  }
  const html = await adminPage.page.content();
  for (const trace of ['Rita Renamed', 'Rita Member', formatted(newPhone), formatted(phone)]) expect(html).not.toContain(trace);
  expect(adminPage.problems).toEqual([]);
  await adminPage.page.close();
  // The phone may join again as a new member.
  expect((await api('POST', '/api/customers', { body: { name: 'Rita Again', phone: newPhone, smsConsent: false, emailConsent: false } })).status).toBe(201);
});

it('the admin forgets a member from the customer dialog, with FORGET typed out', async () => {
  const frank = await signUp('Frank Forget');
  await recordVisit(accessTokenOf(admin), frank.id, 'museum');
  const before = await totals();
  for (const width of [390, 1280]) {
    const { page, problems } = await app.open('/admin?q=Frank', width, { storageState: admin });
    await page.getByRole('button', { name: 'View Frank Forget' }).click();
    const detail = page.getByRole('dialog', { name: 'Frank Forget' });
    await detail.getByRole('button', { name: 'Forget member' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, `admin-customer-record-${width}`);
    if (width === 1280) {
      await detail.getByRole('button', { name: 'Forget member' }).click();
      const confirm = page.getByRole('dialog', { name: 'Forget this member?' });
      await confirm.getByLabel('Reason').fill('Asked us by email to be forgotten');
      await confirm.getByRole('button', { name: 'Forget member' }).click();
      await confirm.getByText('Type FORGET to confirm.').waitFor();
      await confirm.getByLabel('Type FORGET to confirm').fill('FORGET');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Forget member' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText(/This member was forgotten on/).waitFor();
      await page.getByRole('dialog', { name: 'Forgotten member' }).waitFor();
    }
    expect(problems).toEqual([]);
    await page.close();
  }
  expect(await totals()).toEqual(before);
  const [row] = await db.sql`select name, phone from public.customers where id = ${frank.id}`;
  expect(row).toEqual({ name: 'Forgotten member', phone: null });
  const audit = await db.sql`select action, reason from private.audit_log where target_id = ${frank.id}`;
  expect(audit).toEqual([{ action: 'member.forget', reason: 'Asked us by email to be forgotten' }]);
});
