// Browser tests of the staff counter /staff at phone size (390 px): the sign-in when
// signed out, 'not authorised' for a member, and a counter (the demo admin, choosing a business)
// that approves a typed check-in token once, shows the result and redeems a reward after a
// confirmation; errors in plain words. axe-core finds no serious or critical violation.
import { api, kioskCheckinToken, latestCode, signUp } from './lib/api.ts';
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
  const { page, problems } = await openPage(app, '/staff', 390);
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

it('signed out, /staff offers the staff sign-in', async () => {
  const { page, problems } = await openPage(app, '/staff', 390);
  await page.getByRole('heading', { name: 'Staff Counter' }).waitFor();
  expect(await page.getByLabel('Phone number').isVisible()).toBe(true);
  expect(await page.getByLabel('Scan or type a member code').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'staff-signin-390');
  expect(problems).toEqual([]);
  await page.close();
});

it('a member who signs in on /staff is told plainly they are not authorised, and can sign out', async () => {
  const member = await signUp('Mo Member');
  const { page, problems } = await openPage(app, '/staff', 390);
  await page.getByLabel('Phone number').fill(member.phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByLabel('Verification code').waitFor();
  await page.getByLabel('Verification code').fill(await latestCode(app.anonKey, member.phone));
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
  expect(await page.getByLabel('Scan or type a member code').count()).toBe(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Phone number').waitFor();
  expect(problems).toEqual([]);
  await page.close();
});

it("the counter approves a typed kiosk check-in token once (no proof for redeeming); the member's card scanned a moment later redeems the welcome reward", async () => {
  const member = await signUp('Greta Garbo');
  const token = await kioskCheckinToken(app.anonKey, 'creamery', member.phone);
  const { page, problems } = await openPage(app, '/staff', 390, admin);
  await page.getByLabel('Business at this counter').selectOption('creamery');
  const scanner = page.getByLabel('Scan or type a member code');
  await scanner.fill(token);
  await scanner.press('Enter');
  const result = page.getByRole('region', { name: 'Visit Approved!' });
  await result.waitFor();
  expect(await result.getByText('Greta Garbo').count()).toBe(1);
  expect(await result.getByText('+5').count()).toBe(1);
  expect(await result.getByText('Bronze').count()).toBe(1);
  await result.getByRole('heading', { name: 'Just unlocked' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'staff-approved-390');

  // A kiosk's code was typed in there by phone number: no proof the member is at this counter.
  await result.getByText('To redeem, ask for the code on their phone or scan their card.').waitFor();
  expect(await result.getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }).count()).toBe(0);

  // The same code scanned again is a new attempt: the used code is refused, and
  // nothing new is recorded.
  await scanner.fill(token);
  await scanner.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'Code already used' }).waitFor();
  const detail = await api<{ customer: { totalPoints: number; totalVisits: number } }>(
    'GET',
    `/api/admin/customers/${member.id}`,
    { token: accessTokenOf(admin) },
  );
  expect([
    detail.status,
    detail.body.customer.totalVisits,
    detail.body.customer.totalPoints,
  ]).toEqual([200, 1, 5]);

  // The member card scanned a moment later: the API's limit, said plainly.
  await page.getByRole('button', { name: 'Next customer' }).click();
  await scanner.fill(`customer:${member.id}`);
  await scanner.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Already checked in recently' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(/recently|moment ago/);
  await shoot(page, 'staff-error-390');

  // Her card was scanned here: the welcome reward is redeemed after the confirmation.
  const rewards = page.getByRole('region', { name: 'Rewards of Greta Garbo' });
  await rewards.getByRole('button', { name: 'Redeem Free Ice Cream Scoop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Redeem Free Ice Cream Scoop?' });
  await confirm.getByRole('button', { name: 'Confirm redemption' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('Reward Redeemed!', { exact: true }).waitFor();
  await rewards.getByText('No rewards to redeem at this business right now.').waitFor();

  // A code that is no code at all (letters alone would be a member search).
  await scanner.fill('customer:12');
  await scanner.press('Enter');
  await page
    .getByRole('alert')
    .filter({ hasText: 'Not a member code' })
    .filter({ hasText: 'That is not a member or check-in code' })
    .waitFor();
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  await page.close();
});
