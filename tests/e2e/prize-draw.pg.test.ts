// A month of the prize draw in the browser, on the real stack (`npm run dev` on a fresh real
// Postgres database, Chromium): the operator sets next month's draw up on /admin's Draws tab; the
// month comes (the draw moved to this month in SQL, as time would) and members visit; a member
// reads their entries on /account; the month ends (draw and visits moved a month back) and the
// operator runs the draw; the winner redeems the prize at the sponsor's counter; the settlement and
// the funder's report show it, each figure checked against SQL; /draws shows the seed, the
// commitment and the entry list, and scripts/verify-draw.ts confirms the draw from the live API.
// Screenshots at 1280 and 390, axe-core clean. Hold `flock /tmp/ports.lock`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { verifyDraw, type PublishedDraw } from '../../scripts/verify-draw.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { seriousA11yViolations, shoot, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import {
  approveVisit, createAuthUser, createCustomer, createStaff, disableVisitLimits, memberClaims, redeemWithCode, startRedemption,
} from '../support/factories.ts';
import { latestCode, nextPhone } from './lib/api.ts';
import { APP, signInThroughScreen } from './lib/dev-app.ts';

const run = promisify(execFile);
let db: TestDatabase;
let app: BrowserApp;

const ZONE = 'America/Chicago';
const monthOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(date);
const THIS_MONTH = monthOf(new Date());
const shift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 15));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const NEXT_MONTH = shift(THIS_MONTH, 1);
const LAST_MONTH = shift(THIS_MONTH, -1);
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });

beforeAll(async () => {
  db = await createPostgresDatabase();
  await disableVisitLimits(db.sql);
  app = await startBrowserApp({ databaseUrl: db.url });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

async function member(name: string, visited: string[]) {
  const phone = nextPhone();
  const user = await createAuthUser(db.sql, { phone: `1${phone}` });
  const { customerId } = await createCustomer(db.sql, { name, phone, smsConsent: true, as: user.claims });
  await db.sql`update public.customers set sms_consent = true, sms_consent_pending = false where id = ${customerId}`;
  for (const locationId of visited) {
    await approveVisit(db.sql, (await createStaff(db.sql, locationId)).claims, `customer:${customerId}`);
  }
  return { customerId, phone, claims: memberClaims(user.id, `1${phone}`) };
}

it('runs a month: set up, entries, the draw, the prize redeemed and settled, the report and the public page verify', async () => {
  // 1. The operator sets up next month's draw.
  const { page, problems } = await app.open('/admin?tab=draws', 1280);
  const adminState = await signInThroughScreen(page, '5555550100', '123456');
  await page.getByRole('tab', { name: 'Draws' }).click();
  await page.getByText('No draws yet').waitFor();
  await page.getByLabel('Month of the draw').fill(NEXT_MONTH);
  await page.getByLabel('Sponsoring business').selectOption('creamery');
  await page.getByLabel('Prize name').fill('$25 to spend in the village');
  await page.getByLabel('Voucher amount ($)').fill('25');
  await shoot(page, 'draws-admin-form-1280');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Set up the draw' }).click();
  await page.getByText('Commitment published').waitFor();
  const [draw] = await db.sql<{ id: string; commitment: string }[]>`select id, commitment from private.draws`;
  await page.getByText(draw!.commitment).waitFor();
  const mobileAdmin = await app.open('/admin?tab=draws', 390, { storageState: adminState });
  await mobileAdmin.page.getByText('Commitment published').waitFor();
  await shoot(mobileAdmin.page, 'draws-admin-form-390');
  expect(await seriousA11yViolations(mobileAdmin.page)).toEqual([]);

  // 2. The month comes; members visit. Ann: 3 businesses (2 entries); Bob and Cat: 2; Dan: 1.
  await db.sql`update private.draws set month = ${THIS_MONTH}`;
  const ann = await member('Ann Winner', ['creamery', 'museum', 'broken-bridge']);
  await member('Bob Two', ['creamery', 'museum']);
  await member('Cat Two', ['museum', 'broken-bridge']);
  await member('Dan One', ['creamery']);
  const account = await app.open('/login', 390);
  await signInThroughScreen(account.page, ann.phone, () => latestCode(app.anonKey, ann.phone));
  await account.page.goto(`${APP}/account`);
  await account.page
    .getByText(`2 entries in the ${monthName(THIS_MONTH)} draw — visit one more business for a third.`)
    .waitFor();
  await shoot(account.page, 'draws-account-390');
  expect(await seriousA11yViolations(account.page)).toEqual([]);

  // 3. The month ends: the draw, its visits and its members' sign-ups are last month's now. The operator runs it.
  await db.sql`update private.draws set month = ${LAST_MONTH}`;
  await db.sql`update public.visits set created_at = created_at - interval '1 month'`;
  await db.sql`update public.customers set created_at = created_at - interval '1 month'`;
  await page.reload();
  await page.getByRole('tab', { name: 'Draws' }).click();
  await page.getByRole('button', { name: 'Run the draw' }).click();
  await page.getByText(/^Winner:/).waitFor();
  const [drawn] = await db.sql<{ winner: string; total: number; reward: string }[]>`
    select winner_customer_id as winner, total_entries as total, customer_reward_id as reward from private.draws`;
  expect(drawn!.total).toBe(2 + 1 + 1);
  const [winnerRow] = await db.sql<{ name: string; phone: string }[]>`select name, phone from public.customers where id = ${drawn!.winner}`;
  await page.getByText(winnerRow!.name, { exact: true }).waitFor();
  await shoot(page, 'draws-admin-drawn-1280');
  // Ann's account says how the draw went for her: she won, or had 2 entries.
  await account.page.reload();
  await account.page.getByText(drawn!.winner === ann.customerId
    ? `You won the ${monthName(LAST_MONTH)} draw! Your prize is in your rewards below.`
    : `You had 2 entries in the ${monthName(LAST_MONTH)} draw. It has been drawn: see who won on the draws page.`).waitFor();

  // 4. The winner redeems the prize at the sponsor's counter (their code, confirmed by its staff).
  const winnerUser = await db.sql<{ user_id: string }[]>`select user_id from public.customers where id = ${drawn!.winner}`;
  const { code } = await startRedemption(db.sql, memberClaims(winnerUser[0]!.user_id, winnerRow!.phone.slice(1)), drawn!.reward);
  await redeemWithCode(db.sql, (await createStaff(db.sql, 'creamery')).claims, code);
  const [texts] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from private.texts where customer_id = ${drawn!.winner} and body like '%You won the%'`;
  expect(texts!.n).toBe(1);

  // 5. The settlement of this month counts the prize honoured at the creamery; the funder's report
  //    of last month shows the draw and the visits, each as SQL counts them.
  const token = (adminState.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'village-rewards-auth'));
  const bearer = (JSON.parse(token!.value) as { access_token: string }).access_token;
  const settlement = (await (await fetch(`${APP}/api/admin/coalition/settlement?month=${THIS_MONTH}`, {
    headers: { authorization: `Bearer ${bearer}` } })).json()) as { totals: { redemptions: number }; businesses: { locationId: string; honoured: number }[] };
  expect(settlement.totals.redemptions).toBe(1);
  expect(settlement.businesses.find((b) => b.locationId === 'creamery')!.honoured).toBe(1);

  const report = await app.open(`/admin/funder-report?month=${LAST_MONTH}`, 1280, { storageState: adminState });
  await report.page.getByRole('heading', { level: 1 }).filter({ hasText: monthName(LAST_MONTH) }).waitFor();
  await report.page.getByLabel('People in the village').fill('1200');
  await report.page.getByRole('button', { name: 'Save', exact: true }).click();
  await report.page.getByText('0.3% of the village', { exact: true }).waitFor();
  const [sql] = await db.sql<{ visits: number; active: number; two: number; members: number }[]>`
    select (select count(*)::int from public.visits where status = 'approved') as visits,
           (select count(distinct customer_id)::int from public.visits where status = 'approved') as active,
           (select count(*)::int from (select customer_id from public.visits group by customer_id having count(distinct location_id) >= 2) x) as two,
           (select count(*)::int from public.customers where forgotten_at is null) as members`;
  const figure = (label: string) => report.page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
  expect(await figure('Visits').locator('dd').first().textContent()).toBe(String(sql!.visits));
  expect(await figure('Active members').locator('dd').first().textContent()).toBe(String(sql!.active));
  expect(await figure('Shopped at 2\\+ businesses').locator('dd').first().textContent()).toBe(String(sql!.two));
  expect(await figure('Members entered').locator('dd').first().textContent()).toBe('3');
  expect(await figure('Prize draw').locator('dd').first().textContent()).toBe('Drawn');
  await report.page.getByTestId('funder-summary').filter({ hasText: 'prize draw' }).waitFor();
  await report.page.getByText('Members this month').waitFor();
  await shoot(report.page, 'funder-report-1280');
  expect(await seriousA11yViolations(report.page)).toEqual([]);
  const reportMobile = await app.open(`/admin/funder-report?month=${LAST_MONTH}`, 390, { storageState: adminState });
  await reportMobile.page.getByTestId('funder-summary').waitFor();
  await reportMobile.page.getByText('Members this month').waitFor();
  await shoot(reportMobile.page, 'funder-report-390');
  expect(await seriousA11yViolations(reportMobile.page)).toEqual([]);
  // Paper: the toolbar is gone, the report stays.
  await report.page.emulateMedia({ media: 'print' });
  expect(await report.page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
  expect(await report.page.getByTestId('funder-summary').isVisible()).toBe(true);
  await shoot(report.page, 'funder-report-print');

  // 6. The public page shows the draw; the values it shows verify, in-process and with the script.
  const pub = await app.open('/draws', 1280);
  await pub.page.getByRole('heading', { name: `${monthName(LAST_MONTH)} ${LAST_MONTH.slice(0, 4)}` }).waitFor();
  await pub.page.getByRole('button', { name: /Show the entry list/ }).click();
  await pub.page.getByText('(winner)').waitFor();
  await shoot(pub.page, 'draws-public-1280');
  expect(await seriousA11yViolations(pub.page)).toEqual([]);
  const shown = await pub.page.locator('dd').allTextContents();
  const published = (await (await fetch(`${APP}/api/draws/${draw!.id}`)).json()) as PublishedDraw;
  expect(shown).toEqual(expect.arrayContaining([published.commitment, published.seed, published.entriesSha256]));
  expect(verifyDraw(published).ok).toBe(true);
  const verified = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', `${APP}/api/draws/${draw!.id}`]);
  expect(verified.stdout).toContain(`The ${LAST_MONTH} draw checks out`);
  const pubMobile = await app.open('/draws', 390);
  await pubMobile.page.getByRole('heading', { name: `${monthName(LAST_MONTH)} ${LAST_MONTH.slice(0, 4)}` }).waitFor();
  await shoot(pubMobile.page, 'draws-public-390');
  expect(await seriousA11yViolations(pubMobile.page)).toEqual([]);

  const audit = await db.sql<{ action: string }[]>`select action from private.audit_log where target_type = 'draw' order by id`;
  expect(audit.map((a) => a.action)).toEqual(['draw.commit', 'draw.run']);
  for (const opened of [problems, mobileAdmin.problems, account.problems, report.problems, reportMobile.problems, pub.problems, pubMobile.problems]) {
    expect(opened).toEqual([]);
  }
}, 240_000);
