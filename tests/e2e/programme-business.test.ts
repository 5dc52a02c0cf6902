// The operator adds a seventh business with a
// welcome reward and a landing from /admin's Programme tab; a kiosk enrols there; a member joins
// at /business/:slug/join and the welcome reward unlocks on the first approved visit; the
// settlement and the monthly report show the business; then the reward is replaced and the old
// one's holder keeps it, while a new member's first visit unlocks the new one. Outside demo mode,
// so the kiosk must enrol. axe-core finds nothing serious; screenshots at 1280 and 390 px.
import { KIOSK_LANDSCAPE, PHONE, seriousA11yViolations, shoot, shootFailure, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import { solidPng } from '../support/png.ts';
import { api, apiOk, nextPhone, recordVisit, signUp } from './lib/api.ts';
import { accessTokenOf, signInThroughScreen, type StorageState } from './lib/dev-app.ts';

const SLUG = 'mill-hardware';
const NAME = 'Mill Street Hardware';

let rig: BrowserApp;
let admin: StorageState;
beforeAll(async () => {
  rig = await startBrowserApp({ env: { DEMO_MODE: 'false' } });
});
afterAll(async () => {
  await rig?.stop();
});

const chicagoMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

type Unlocked = { unlockedRewards: { name: string; scope: string }[] };

it('adds a seventh business with its welcome reward from the Programme tab; it works end to end; the reward is replaced and holders keep theirs', async () => {
  // The operator signs in on /admin and opens the Programme tab.
  const { page, problems, context } = await rig.open('/admin?tab=programme', 1280);
  admin = await signInThroughScreen(page, '5555550100', '123456');
  const token = accessTokenOf(admin);
  const programme = page.getByRole('tabpanel', { name: 'Programme' });
  await programme.getByRole('heading', { name: 'Businesses', exact: true }).waitFor();
  await programme.getByText('Village Creamery').first().waitFor();

  // A site word is refused beside the field before anything is sent.
  await programme.getByRole('button', { name: 'Add a business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a business' });
  await dialog.getByLabel('Web address', { exact: true }).fill('admin');
  await dialog.getByRole('button', { name: 'Add business' }).click();
  await dialog.getByText('That web address is used by a page of the site').waitFor();
  expect(await dialog.getByLabel('Web address', { exact: true }).getAttribute('aria-invalid')).toBe('true');

  await dialog.getByLabel('Web address', { exact: true }).fill(SLUG);
  await dialog.getByLabel('Name', { exact: true }).fill(NAME);
  await dialog.getByLabel('Kind of business', { exact: true }).fill('hardware store');
  await dialog.getByLabel('Description (optional)', { exact: true }).fill('Nails, paint and friendly advice since 1952.');
  await dialog.getByLabel('Address (optional)', { exact: true }).fill('3 Mill Street');
  await dialog.getByLabel('Opening hours (optional)', { exact: true }).fill('Mon–Sat 8am–6pm');
  await dialog.getByLabel('Icon', { exact: true }).selectOption('store');
  await dialog.getByLabel('Colour', { exact: true }).selectOption('green');
  await dialog.getByRole('button', { name: 'Add business' }).click();
  await page.getByText(`${NAME} has its landing at /${SLUG}`).first().waitFor();
  await programme.getByRole('list', { name: 'Businesses' }).getByText(NAME, { exact: true }).waitFor();

  // Its welcome reward.
  await programme.getByRole('button', { name: 'Add a welcome reward' }).click();
  const rewardDialog = page.getByRole('dialog', { name: 'Add a welcome reward' });
  expect(await rewardDialog.getByLabel('Business', { exact: true }).inputValue()).toBe(SLUG);
  await rewardDialog.getByLabel('Reward name', { exact: true }).fill('Free Key Cut');
  await rewardDialog.getByLabel('Description (optional)', { exact: true }).fill('One key cut on your first visit.');
  await rewardDialog.getByRole('button', { name: 'Add reward' }).click();
  await page.getByText(`A first approved visit at ${NAME} now unlocks Free Key Cut.`).first().waitFor();
  await programme.getByRole('list', { name: 'Rewards' }).getByText('Free Key Cut', { exact: true }).waitFor();
  await programme.getByRole('cell', { name: 'Reward added' }).first().waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'admin-programme-1280');
  await page.setViewportSize(PHONE);
  await shoot(page, 'admin-programme-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A kiosk at the new business enrols with the code the admin set, and shows its landing.
  await apiOk('PUT', `/api/admin/locations/${SLUG}/enrolment-code`, { body: { code: 'mill-counter-2026' }, token });
  const kiosk = await rig.open(`/${SLUG}`, KIOSK_LANDSCAPE, { ignoreRefusedRequests: true });
  await kiosk.page.getByRole('heading', { name: 'This kiosk is not set up yet' }).waitFor();
  await kiosk.page.getByLabel('Enrolment code').fill('mill-counter-2026');
  await kiosk.page.getByRole('button', { name: 'Enrol this kiosk' }).click();
  await kiosk.page.getByRole('link', { name: "I'm Already a Member" }).waitFor();
  await kiosk.page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
  await kiosk.page.getByRole('link', { name: 'Join & Get Free Key Cut' }).waitFor();
  await kiosk.page.getByText('Mon–Sat 8am–6pm').waitFor();
  expect(await seriousA11yViolations(kiosk.page)).toEqual([]);
  await shoot(kiosk.page, 'business-landing-new-1280x800');
  expect(kiosk.problems).toEqual([]);
  await kiosk.context.close();

  // A member joins at /business/mill-hardware/join.
  const phone = nextPhone();
  const join = await rig.open(`/business/${SLUG}/join`, PHONE);
  await join.page.getByRole('heading', { name: `Join at ${NAME}` }).waitFor();
  await join.page.getByLabel('Full Name *').fill('Hank Hammer');
  await join.page.getByLabel('Phone Number *').pressSequentially(phone);
  await join.page.getByRole('button', { name: 'Join & Get Free Key Cut' }).click();
  await join.page.getByText('Free Key Cut').first().waitFor();
  expect(await seriousA11yViolations(join.page)).toEqual([]);
  await shoot(join.page, 'business-join-new-390');
  expect(join.problems).toEqual([]);
  await join.context.close();

  // Its first approved visit there unlocks the welcome reward.
  const [hank] = await apiOk<{ id: string; name: string }[]>('GET', '/api/admin/customers?range=all&search=Hank%20Hammer', { token });
  expect(hank?.name).toBe('Hank Hammer');
  const first = (await recordVisit(token, hank!.id, SLUG)) as unknown as Unlocked;
  expect(first.unlockedRewards.map((reward) => reward.name)).toEqual(['Free Key Cut']);

  // The settlement and the monthly report show the business.
  const month = chicagoMonth();
  const settlement = await api('GET', `/api/admin/coalition/settlement?month=${month}`, { token });
  expect(settlement.status).toBe(200);
  expect(JSON.stringify(settlement.body)).toContain(NAME);
  const report = await rig.open(`/admin/report?location=${SLUG}&month=${month}`, 1280, { storageState: admin });
  await report.page.getByText(NAME).first().waitFor();
  expect(report.problems).toEqual([]);
  await report.context.close();

  // The reward is replaced from the Programme tab.
  await programme.getByRole('button', { name: 'Replace Free Key Cut' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace Free Key Cut' });
  await replace.getByLabel('New reward name', { exact: true }).fill('Free Paint Sample');
  await replace.getByLabel('Reason (optional)', { exact: true }).fill('Key machine retired');
  await replace.getByRole('button', { name: 'Replace reward' }).click();
  await page
    .getByText(`Free Paint Sample is now the welcome reward at ${NAME}. Members who hold Free Key Cut keep it.`)
    .first()
    .waitFor()
    .catch(async (error: unknown) => {
      await shootFailure(page, 'programme-replace');
      throw new Error(`${String(error)}\n${(await page.locator('body').innerText()).slice(-3000)}`);
    });
  const rewards = programme.getByRole('list', { name: 'Rewards' });
  await rewards.getByRole('listitem').filter({ hasText: 'Free Key Cut' }).getByText('Retired').waitFor();
  await rewards.getByText('replaced by Free Paint Sample', { exact: false }).first().waitFor();
  await programme.getByRole('cell', { name: 'Reward replaced' }).first().waitFor();
  expect(problems).toEqual([]);
  await context.close();

  // Hank keeps Free Key Cut, unlocked and usable; a new member's first visit unlocks the new reward.
  const record = await apiOk<{ rewards: { name: string; status: string }[] }>('GET', `/api/admin/customers/${hank!.id}`, { token });
  expect(record.rewards.filter((reward) => reward.name === 'Free Key Cut')).toEqual([
    expect.objectContaining({ status: 'unlocked' }),
  ]);
  const newcomer = await signUp('Nora Nail');
  const theirs = (await recordVisit(token, newcomer.id, SLUG)) as unknown as Unlocked;
  expect(theirs.unlockedRewards.map((reward) => reward.name)).toEqual(['Free Paint Sample']);
  const redeemed = await api('POST', '/api/rewards/redeem', {
    token,
    body: {
      customerRewardId: (record.rewards as unknown as { id: string; name: string }[]).find((r) => r.name === 'Free Key Cut')!.id,
      locationId: SLUG,
      // Hank is not at a counter here: an admin redeems without him only with a reason.
      reason: 'Redeemed on paper at the hardware fair',
    },
  });
  expect(redeemed.status).toBe(200);
});

it("uploads a business's logo to Storage from the edit dialog; wrong files are said; the landing shows the image", async () => {
  const png = solidPng(2);

  const { page, problems, context } = await rig.open('/admin?tab=programme', 1280, { storageState: admin });
  if (!admin) admin = await signInThroughScreen(page, '5555550100', '123456');
  const programme = page.getByRole('tabpanel', { name: 'Programme' });
  await programme.getByRole('button', { name: 'Edit Village Creamery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Village Creamery' });
  const upload = dialog.getByLabel('Upload an image (optional)');

  // What cannot go up is said beside the field, and nothing is sent.
  await upload.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await dialog.getByRole('alert').filter({ hasText: 'Choose a PNG, JPEG or WebP image.' }).waitFor();
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1) });
  await dialog.getByRole('alert').filter({ hasText: 'Choose an image of at most 1 MB.' }).waitFor();
  // Named and typed as a PNG, but text: refused by its first bytes, before anything is uploaded.
  await upload.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just text, not an image') });
  await dialog.getByRole('alert').filter({ hasText: 'That file is not a PNG, JPEG or WebP image.' }).waitFor();

  await upload.setInputFiles({ name: 'creamery.png', mimeType: 'image/png', buffer: png });
  await dialog
    .getByText('creamery.png uploaded. Save the business to use it.')
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await dialog.innerText()}\n${problems.join('\n')}`);
    });
  const address = await dialog.getByLabel('Image address (optional)').inputValue();
  expect(address).toMatch(/\/storage\/v1\/object\/public\/business-images\/creamery\/[0-9a-f-]{36}\.png$/);
  const stored = await fetch(address);
  expect(stored.status).toBe(200);
  expect(Buffer.from(await stored.arrayBuffer()).equals(png)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'programme-business-image-1280');
  // On a phone the upload field and its messages fit the dialog; nothing serious for axe there either.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await upload.evaluate((input) => input.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(dialog, 'programme-business-image-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save business' }).click();
  await dialog.waitFor({ state: 'hidden' }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n${await dialog.innerText()}\n${problems.join('\n')}`);
  });
  expect(problems).toEqual([]);
  await context.close();

  // The kiosk landing shows the uploaded image, drawn.
  const landing = await rig.open('/creamery', KIOSK_LANDSCAPE);
  const logo = landing.page.getByRole('img', { name: 'Village Creamery logo' });
  await logo.waitFor();
  expect(await logo.getAttribute('src')).toBe(address);
  await landing.page.waitForFunction(
    () => (document.querySelector('img[alt="Village Creamery logo"]') as HTMLImageElement | null)?.naturalWidth === 2,
  );
  await landing.context.close();
});
