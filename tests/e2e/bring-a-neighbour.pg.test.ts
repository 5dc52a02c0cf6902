// "Bring a neighbour" in Chromium on the real stack: a member's join link (/join?ref=CODE) says "You
// were invited by a neighbour" without naming them and fills in the code; the neighbour joins, and
// their first approved visit, at the Creamery's counter, pays both the operator's bonus — the
// counter's done panel says "+10 neighbour bonus", SQL has both. At 390 px; axe-core clean. Then the screens around it and around reward expiry, at 390 and 1280 px, with no axe-core
// violation of any impact, nothing wider than the screen and no control under 44 px on a phone:
// the member's /account (a reward's "Expires on" line, its last-days warning, an expired reward
// apart; the invitation card) and the admin's Programme tab (a reward's expiry dialog, "Bring a
// neighbour"). Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import {
  a11yViolations,
  seriousA11yViolations,
  shoot,
  startBrowserApp,
  type BrowserApp,
} from '../support/browser-app.ts';
import { approveVisit, createStaff } from '../support/factories.ts';
import { latestCode, nextPhone } from './lib/api.ts';
import { signInThroughScreen } from './lib/dev-app.ts';

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

it("a neighbour joins with a member's link, and their first visit pays both", async () => {
  await db.sql`update private.referral_settings set bonus_points = 10`;
  const [referrer] = await db.sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel) values ('Rosalind Inviter', ${`+1${nextPhone()}`}, 'web') returning id`;
  const [{ code }] =
    (await db.sql`select code from private.referral_codes where customer_id = ${referrer!.id}`) as unknown as [
      { code: string },
    ];

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

  // The Creamery's counter (the demo clerk) scans her card: the done panel says the bonus.
  const counter = await app.open('/staff', 390, { height: 844 });
  await signInThroughScreen(counter.page, '5555550101', '123456');
  const field = counter.page.getByLabel('Scan or type a member code');
  await field.fill(`customer:${neighbour!.id}`);
  await field.press('Enter');
  const done = counter.page.getByRole('region', { name: 'Visit Approved!' });
  await done.waitFor();
  expect(await done.getByText('+10 neighbour bonus').isVisible()).toBe(true);
  expect(await done.locator('dd').allInnerTexts()).toEqual(['+5', '15', expect.any(String)]);
  expect(await done.innerText()).not.toContain('Rosalind');
  expect(await a11yViolations(counter.page)).toEqual([]);
  await shoot(done, 'counter-neighbour-bonus-390');
  expect(counter.problems).toEqual([]);
  const bonuses = await db.sql<{ customer_id: string; points: number }[]>`
    select customer_id, points from public.points_ledger where event = 'referral_bonus' order by customer_id`;
  expect(bonuses).toEqual(
    [
      { customer_id: neighbour!.id, points: 10 },
      { customer_id: referrer!.id, points: 10 },
    ].sort((a, b) => a.customer_id.localeCompare(b.customer_id)),
  );
}, 240_000);

/** What a phone's screen must not have: a page wider than the screen, or a control (within
 * `scope`) smaller than 44 × 44 px, as "what: size". */
async function cramped(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const root = document.querySelector(selector) ?? document.body;
    if (document.documentElement.scrollWidth > window.innerWidth) {
      // Named by the innermost element that reaches past the screen's edge.
      const clipped = (element: HTMLElement) => {
        for (let up = element.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible')
            return up.getBoundingClientRect().right <= window.innerWidth + 0.5;
        }
        return false;
      };
      const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element),
      );
      const innermost = past.filter(
        (element) => !past.some((other) => other !== element && element.contains(other)),
      );
      found.push(
        `page: ${document.documentElement.scrollWidth} px wide (${innermost
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
          .join('; ')})`,
      );
    }
    for (const element of root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea',
    )) {
      const box = element.getBoundingClientRect();
      // The counter's scanner field and the like: visually hidden on purpose.
      if (box.width <= 1 || box.height <= 1 || element.closest('.sr-only')) continue;
      // A checkbox is one target with its label.
      let target = { width: box.width, height: box.height };
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        const boxes = [
          box,
          ...[...(element.labels ?? [])].map((label) => label.getBoundingClientRect()),
        ];
        const top = Math.min(...boxes.map((b) => b.top));
        const left = Math.min(...boxes.map((b) => b.left));
        target = {
          width: Math.max(...boxes.map((b) => b.right)) - left,
          height: Math.max(...boxes.map((b) => b.bottom)) - top,
        };
      }
      if (target.width < 44 || target.height < 44) {
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id;
        found.push(
          `${element.tagName.toLowerCase()} "${name}": ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
      }
    }
    return found;
  }, scope);
}

it('the member\'s reward dates and invitation card, and the admin\'s expiry dialog and "Bring a neighbour": no axe-core violation, nothing cramped, at 390 and 1280 px', async () => {
  await db.sql`update private.referral_settings set bonus_points = 10`;
  await db.sql`update private.settings set min_visit_interval = '0', min_visit_gap_anywhere = '0', max_visits_per_hour = 0`;
  // The Creamery's welcome reward expires 5 days after it unlocks (inside the 7-day warning),
  // Joanie's 60 days after; the Museum's expired unused.
  await db.sql`update public.rewards set expires_after_days = case location_id when 'creamery' then 5 else 60 end
                where kind = 'welcome' and location_id in ('creamery', 'joanies', 'museum')`;
  const phone = nextPhone();
  const [member] = await db.sql<{ id: string }[]>`
    insert into public.customers (name, phone, signup_channel) values ('Edith Expiring', ${`+1${phone}`}, 'web') returning id`;
  for (const business of ['creamery', 'joanies', 'museum']) {
    const clerk = await createStaff(db.sql, business);
    await approveVisit(db.sql, clerk.claims, `customer:${member!.id}`);
  }
  await db.sql`update public.customer_rewards cr set expires_at = now() - interval '1 day'
                 from public.rewards r where r.id = cr.reward_id and cr.customer_id = ${member!.id} and r.location_id = 'museum'`;
  await db.sql`select app.expire_rewards()`;

  const signIn = await app.open('/login', 390, { height: 844 });
  const memberState = await signInThroughScreen(signIn.page, phone, () =>
    latestCode(app.anonKey, phone),
  );
  await signIn.page.close();
  for (const width of [390, 1280]) {
    const { page, problems } = await app.open('/account', width, {
      height: 844,
      storageState: memberState,
    });
    await page.getByRole('heading', { name: 'Available Rewards' }).waitFor();
    await page.getByText('Your code', { exact: true }).waitFor();
    expect(
      await page.getByText(/^Expires on [A-Z][a-z]+ \d{1,2}, \d{4}\. Use it soon/).count(),
    ).toBe(1);
    expect(await page.getByText(/^Expires on [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Expired', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText(/^Free Admission · not used by /).isVisible()).toBe(true);
    expect.soft(await a11yViolations(page)).toEqual([]);
    if (width === 390) expect.soft(await cramped(page)).toEqual([]);
    await shoot(page, `account-expiry-and-neighbour-${width}`);
    await shoot(
      page.locator('[aria-labelledby="referral-title"]'),
      `account-neighbour-card-${width}`,
    );
    expect(problems).toEqual([]);
    await page.close();
  }

  const adminSignIn = await app.open('/admin', 1280);
  const adminState = await signInThroughScreen(adminSignIn.page, '5555550100', '123456');
  await adminSignIn.page.close();
  for (const width of [390, 1280]) {
    const { page, problems } = await app.open('/admin?tab=programme', width, {
      height: 844,
      storageState: adminState,
    });
    const expiry = page.getByRole('button', { name: 'Expiry of Free Ice Cream Scoop' });
    await expiry.waitFor();
    await page.getByRole('heading', { name: 'Bring a neighbour' }).waitFor();
    await page.getByLabel('Bonus points for each of the two').waitFor();
    expect(await page.getByText('Expires 5 days after it unlocks').count()).toBe(1);
    expect(
      await page.getByText('Expires 60 days after it unlocks · 1 expired unused').count(),
    ).toBe(1);
    expect.soft(await a11yViolations(page)).toEqual([]);
    if (width === 390) {
      expect.soft(await cramped(page, 'section[aria-labelledby="programme-rewards"]')).toEqual([]);
      expect.soft(await cramped(page, 'div:has(> #referrals-heading)')).toEqual([]);
    }
    const rewards = page.locator('section[aria-labelledby="programme-rewards"] > ul');
    await rewards.scrollIntoViewIfNeeded();
    await shoot(rewards, `admin-rewards-${width}`);
    const neighbourSection = page.locator('div:has(> #referrals-heading)');
    await neighbourSection.scrollIntoViewIfNeeded();
    await shoot(neighbourSection, `admin-bring-a-neighbour-${width}`);

    await expiry.click();
    const dialog = page.getByRole('dialog', { name: 'Expiry of Free Ice Cream Scoop' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('This reward expires if it is not used').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Days after it unlocks').inputValue()).toBe('5');
    expect.soft(await a11yViolations(page)).toEqual([]);
    if (width === 390) expect.soft(await cramped(page, '[role="dialog"]')).toEqual([]);
    await shoot(dialog, `admin-reward-expiry-dialog-${width}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  }
}, 240_000);
