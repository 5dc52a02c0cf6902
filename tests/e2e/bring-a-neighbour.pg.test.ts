// "Bring a neighbour" in Chromium on the real stack: a member's join link (/join?ref=CODE) says "You
// were invited by a neighbour" without naming them and fills in the code; the neighbour joins, and
// their first approved visit pays both the operator's bonus — checked in SQL. At 390 px; axe-core
// clean. Hold `flock /tmp/ports.lock`.
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { seriousA11yViolations, shoot, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import { approveVisit, createStaff } from '../support/factories.ts';
import { nextPhone } from './lib/api.ts';

let db: TestDatabase;
let app: BrowserApp;

beforeAll(async () => {
  db = await createPostgresDatabase();
  app = await startBrowserApp({ databaseUrl: db.url });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('a neighbour joins with a member\'s link, and their first visit pays both', async () => {
  await db.sql`update private.referral_settings set bonus_points = 10`;
  const [referrer] = await db.sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel) values ('Rosalind Inviter', ${`+1${nextPhone()}`}, 'web') returning id`;
  const [{ code }] = (await db.sql`select code from private.referral_codes where customer_id = ${referrer!.id}`) as unknown as [{ code: string }];

  const { page, problems } = await app.open(`/join?ref=${code}`, 390, { height: 844 });
  await page.getByText('You were invited by a neighbour.').waitFor();
  expect(await page.getByText('you both get 10 points').isVisible()).toBe(true);
  expect(await page.locator('main').innerText()).not.toContain('Rosalind');
  expect(await page.getByLabel('Invitation code (optional)').inputValue()).toBe(code);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'join-invited-390');

  const phone = nextPhone();
  await page.getByLabel('Full Name *').fill('Nina Neighbour');
  await page.getByLabel('Phone Number *').pressSequentially(phone);
  await page.getByRole('button', { name: 'Join Now' }).last().click();
  await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
  expect(await page.getByText("Your neighbour's invitation is noted.").isVisible()).toBe(true);
  expect(problems).toEqual([]);

  const [neighbour] = await db.sql<{ id: string; status: string }[]>`
    select c.id, r.status from public.customers c join private.referrals r on r.referred_id = c.id
     where c.phone = ${`+1${phone}`} and r.referrer_id = ${referrer!.id}`;
  expect(neighbour?.status).toBe('pending');

  const clerk = await createStaff(db.sql, 'creamery');
  const visit = await approveVisit(db.sql, clerk.claims, `customer:${neighbour!.id}`);
  expect(visit.totalPoints).toBe(15);
  const bonuses = await db.sql<{ customer_id: string; points: number }[]>`
    select customer_id, points from public.points_ledger where event = 'referral_bonus' order by customer_id`;
  expect(bonuses).toEqual(
    [{ customer_id: neighbour!.id, points: 10 }, { customer_id: referrer!.id, points: 10 }]
      .sort((a, b) => a.customer_id.localeCompare(b.customer_id)),
  );
}, 240_000);
