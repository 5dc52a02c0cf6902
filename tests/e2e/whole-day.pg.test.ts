// The whole day as one walk on the real stack (`npm run dev` on a fresh real
// Postgres database, Chromium), every figure checked against SQL over the tables and the ledger:
//   a member joins on the web → checks in by phone at Joanie's and at the Creamery (their staff
//   approve at /staff) → redeems the Silver reward at Joanie's counter with a redemption code →
//   at the museum's kiosk a newcomer joins and is approved, the member checks in by phone, and the
//   idle reset leaves the tablet empty → the demo admin reads the month's settlement in Reports.
// The visit limits are 0 (private.settings) so the day fits in a minute. Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  APP,
  KIOSK_LANDSCAPE,
  PHONE,
  startBrowserApp,
  type BrowserApp,
} from '../support/browser-app.ts';
import { apiOk, latestCode, nextPhone } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen } from './lib/dev-app.ts';

let db: TestDatabase;
let app: BrowserApp;

beforeAll(async () => {
  db = await createPostgresDatabase();
  app = await startBrowserApp({ databaseUrl: db.url });
  await db.sql`update private.settings
                  set min_visit_interval = '0', min_visit_gap_anywhere = '0', max_visits_per_hour = 0`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

/** Signs in on /staff, /admin or /login by phone code, as a person does; the page stays open. */
async function signIn(path: string, phone: string, code?: string, width = PHONE.width): Promise<Page> {
  const { page } = await app.open(path, width);
  await signInThroughScreen(page, phone, code ?? (() => latestCode(app.anonKey, phone)));
  return page;
}

async function scanAtCounter(counter: Page, value: string) {
  const field = counter.getByLabel('Scan or type a member code');
  await field.fill(value);
  await field.press('Enter');
}

/** The member's phone shows a check-in QR (/mobile/qr); a counter scans it; the phone sees it. */
async function checkInByPhone(member: Page, counter: Page) {
  const started = member.waitForResponse((r) => r.url().endsWith('/api/checkin/start'));
  await member.goto(`${APP}/mobile/qr`);
  const { token } = (await (await started).json()) as { token: string };
  await scanAtCounter(counter, token);
  await counter.getByRole('region', { name: 'Visit Approved!' }).waitFor();
  await member.getByRole('heading', { name: 'Visit Approved!' }).waitFor({ timeout: 10_000 });
  await counter.getByRole('button', { name: 'Next customer' }).click();
}

const pendingToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('pending_token'));

async function approveAtKiosk(kiosk: Page) {
  const token = await pendingToken(kiosk);
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  await kiosk.getByLabel('Scanner input').fill(token!);
  await kiosk.getByLabel('Scanner input').press('Enter');
  await kiosk.getByRole('heading', { name: 'Visit Approved!' }).waitFor();
}

it('a member, two counters, a kiosk and the operator walk one day; every figure equals SQL', async () => {
  // Staff: the demo clerk of the Creamery, and a phone the admin makes staff of Joanie's.
  const adminToken = accessTokenOf(
    await (await signIn('/admin', '5555550100', '123456', 1280)).context().storageState(),
  );
  const joaniesPhone = nextPhone();
  await apiOk('POST', '/api/admin/locations/joanies/staff', { token: adminToken, body: { phone: joaniesPhone } });
  const joanies = await signIn('/staff', joaniesPhone);
  const creamery = await signIn('/staff', '5555550101', '123456');

  // 08:00 — a member joins on the web.
  const phone = nextPhone();
  const { page: web } = await app.open('/join', PHONE.width);
  await web.getByLabel('Full Name *').fill('Dora Daylong');
  await web.getByLabel('Phone Number *').pressSequentially(phone);
  await web.getByRole('button', { name: 'Join Now' }).last().click();
  await web.getByRole('heading', { name: "You're All Set!" }).waitFor();
  const memberId = (await web.getByText(/^Member ID:/).innerText()).replace('Member ID:', '').trim();
  await web.close();

  // 09:00, 12:00 — check-ins by phone at Joanie's and at the Creamery.
  const member = await signIn('/login', phone);
  await checkInByPhone(member, joanies);
  await checkInByPhone(member, creamery);

  // 13:00 — the Silver reward (unlocked at the Creamery) is redeemed at Joanie's with a code.
  await member.goto(`${APP}/account`);
  await member.getByRole('button', { name: 'Redeem $5 Off Any Business' }).click();
  const dialog = member.getByRole('dialog', { name: 'Redeem $5 Off Any Business' });
  const code = (await dialog.getByText(/^[A-Z]{3} [2-9]{3}$/).textContent())!.replace(' ', '');
  await scanAtCounter(joanies, code);
  const check = joanies.getByRole('region', { name: 'Redeem $5 Off Any Business?' });
  await check.getByText('Dora Daylong').waitFor();
  await check.getByRole('button', { name: 'Confirm redemption' }).click();
  await joanies.getByText('Reward Redeemed!').first().waitFor();
  await member.getByText('Your reward has been redeemed successfully.').first().waitFor({ timeout: 10_000 });

  // 15:00 — the museum's kiosk: a newcomer joins and is approved; the member checks in by phone.
  const { page: kiosk } = await app.open('/museum?idle=12000&prompt=2000', KIOSK_LANDSCAPE);
  await kiosk.getByRole('link', { name: /^Join & Get/ }).click();
  await kiosk.getByLabel('Your name *').fill('Kiosk Kai');
  const kioskPhone = nextPhone();
  await kiosk.getByLabel('Mobile phone number *').fill(kioskPhone);
  await kiosk.getByRole('button', { name: 'Get My Welcome Reward' }).click();
  await kiosk.getByRole('heading', { name: 'Welcome, Kiosk Kai!' }).waitFor();
  await kiosk.getByRole('img', { name: 'Check-in QR code' }).waitFor();
  await approveAtKiosk(kiosk);
  await kiosk.goto(`${APP}/museum`);
  await kiosk.getByRole('link', { name: "I'm Already a Member" }).click();
  await kiosk.getByLabel('Phone number').fill(phone);
  await kiosk.getByRole('button', { name: 'Check In' }).click();
  await kiosk.getByRole('heading', { name: 'Your check-in code' }).waitFor();
  await approveAtKiosk(kiosk);
  await kiosk.getByText('5 points added. Total: 15 points.').first().waitFor();
  // Nobody touches the tablet: "Still there?", then the landing, with no trace of the member.
  await kiosk.getByRole('dialog', { name: 'Still there?' }).waitFor({ timeout: 30_000 });
  await kiosk.waitForURL('**/museum', { timeout: 30_000 });
  await kiosk.getByRole('link', { name: "I'm Already a Member" }).waitFor();
  expect(await kiosk.getByText(/Total: 15 points/).count()).toBe(0);
  expect(
    await kiosk.evaluate(() =>
      ['customer_id', 'customer_name', 'pending_token', 'welcome_reward'].map((key) => sessionStorage.getItem(key)),
    ),
  ).toEqual([null, null, null, null]);

  // ---- Every figure against SQL. ----
  const [points] = await db.sql<{ total: number; ledger: number; visits: number }[]>`
    select c.total_points as total,
           (select coalesce(sum(l.points), 0)::int from public.points_ledger l where l.customer_id = c.id) as ledger,
           (select count(*)::int from public.visits v where v.customer_id = c.id and v.status = 'approved') as visits
      from public.customers c where c.id = ${memberId}`;
  expect(points).toEqual({ total: 15, ledger: 15, visits: 3 });
  await member.goto(`${APP}/account`);
  await member.getByRole('heading', { name: 'Dora Daylong' }).waitFor();
  await member.getByText(String(points!.total), { exact: true }).first().waitFor();

  const visits = await db.sql<{ customer: string; location_id: string; approved_via: string }[]>`
    select c.name as customer, v.location_id, v.approved_via
      from public.visits v join public.customers c on c.id = v.customer_id
     where c.id = ${memberId} or c.phone = ${`+1${kioskPhone}`} order by v.created_at`;
  expect(visits).toEqual([
    { customer: 'Dora Daylong', location_id: 'joanies', approved_via: 'staff' },
    { customer: 'Dora Daylong', location_id: 'creamery', approved_via: 'staff' },
    { customer: 'Kiosk Kai', location_id: 'museum', approved_via: 'kiosk' },
    { customer: 'Dora Daylong', location_id: 'museum', approved_via: 'kiosk' },
  ]);

  const welcomes = await db.sql<{ customer: string; welcome_location_id: string }[]>`
    select c.name as customer, r.welcome_location_id
      from public.customer_rewards r join public.customers c on c.id = r.customer_id
     where (c.id = ${memberId} or c.phone = ${`+1${kioskPhone}`}) and r.welcome_location_id is not null
     order by r.unlocked_at`;
  expect(welcomes).toEqual([
    { customer: 'Dora Daylong', welcome_location_id: 'joanies' },
    { customer: 'Dora Daylong', welcome_location_id: 'creamery' },
    { customer: 'Kiosk Kai', welcome_location_id: 'museum' },
    { customer: 'Dora Daylong', welcome_location_id: 'museum' },
  ]);

  const [redemption] = await db.sql<{ redeemed_location_id: string; clerk_phone: string; earned_at: string }[]>`
    select r.redeemed_location_id, u.phone as clerk_phone, v.location_id as earned_at
      from public.customer_rewards r
      join auth.users u on u.id = r.redeemed_by
      join public.visits v on v.id = r.unlocked_by_visit_id
     where r.customer_id = ${memberId} and r.status = 'redeemed'`;
  expect(redemption).toEqual({ redeemed_location_id: 'joanies', clerk_phone: `1${joaniesPhone}`, earned_at: 'creamery' });
  const [ledgerRedeemed] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from public.points_ledger
     where customer_id = ${memberId} and event = 'reward_redeemed' and location_id = 'joanies'`;
  expect(ledgerRedeemed?.n).toBe(1);

  // The month's settlement, computed here from the rewards themselves (earned where the unlocking
  // visit was, or the welcome reward's own business; honoured where redeemed; tier value).
  const lines = await db.sql<
    { business: string; honoured: number; welcome: number; for_others: number; for_others_cents: number;
      elsewhere: number; elsewhere_cents: number }[]
  >`
    with month as (
      select date_trunc('month', now() at time zone 'America/Chicago') at time zone 'America/Chicago' as start),
    redeemed as (
      select r.redeemed_location_id as honoured_at, r.welcome_location_id is not null as welcome,
             coalesce(r.welcome_location_id, v.location_id) as earned_at, coalesce(t.reward_value_cents, 0) as cents
        from public.customer_rewards r
        join public.rewards rw on rw.id = r.reward_id
        left join public.tiers t on t.name = rw.tier
        left join public.visits v on v.id = r.unlocked_by_visit_id, month
       where r.status = 'redeemed' and r.redeemed_at >= month.start and r.redeemed_at < month.start + interval '1 month')
    select l.business_name as business,
           count(*) filter (where d.honoured_at = l.id)::int as honoured,
           count(*) filter (where d.honoured_at = l.id and d.welcome)::int as welcome,
           count(*) filter (where d.honoured_at = l.id and d.earned_at <> l.id)::int as for_others,
           coalesce(sum(d.cents) filter (where d.honoured_at = l.id and d.earned_at <> l.id), 0)::int as for_others_cents,
           count(*) filter (where d.earned_at = l.id and d.honoured_at <> l.id)::int as elsewhere,
           coalesce(sum(d.cents) filter (where d.earned_at = l.id and d.honoured_at <> l.id), 0)::int as elsewhere_cents
      from public.locations l left join redeemed d on true
     group by l.id, l.business_name order by l.business_name`;
  const joaniesLine = lines.find((l) => /Joanie/.test(l.business))!;
  expect(joaniesLine).toMatchObject({ honoured: 1, welcome: 0, for_others: 1, for_others_cents: 500 });
  const creameryLine = lines.find((l) => /Creamery/.test(l.business))!;
  expect(creameryLine).toMatchObject({ honoured: 0, elsewhere: 1, elsewhere_cents: 500 });

  // 17:00 — the operator reads the month's settlement in /admin → Reports.
  const operator = await signIn('/admin', '5555550100', '123456', 1280);
  await operator.getByRole('tab', { name: 'Reports' }).click();
  const table = operator.getByRole('region', { name: 'Settlement per business' });
  await table.getByRole('row').nth(1).waitFor();
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  for (const line of lines) {
    const net = line.for_others_cents - line.elsewhere_cents;
    const cells = await table.getByRole('row', { name: line.business }).getByRole('cell').allInnerTexts();
    expect(cells).toEqual([
      String(line.honoured),
      String(line.welcome),
      `${line.for_others} (${dollars(line.for_others_cents)})`,
      `${line.elsewhere} (${dollars(line.elsewhere_cents)})`,
      net === 0 ? 'Even' : net > 0 ? `Is owed ${dollars(net)}` : `Owes ${dollars(-net)}`,
    ]);
  }
  const total = lines.reduce((sum, l) => sum + l.honoured, 0);
  await operator.getByText(new RegExp(`^${total} rewards redeemed; 1 honoured by a business other`)).waitFor();
  await operator.getByText(`${creameryLine.business} pays ${joaniesLine.business} $5.00`).waitFor();
}, 300_000);
