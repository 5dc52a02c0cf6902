// Joining with a phone that already belongs to a member, in Chromium on the real stack (`npm run
// dev` on a fresh real Postgres database), checked against SQL: the first visitor ticks the SMS box
// (pending: only the confirmation text is queued); a second visitor typing the same number is not
// told it is a member, only offered "Send a sign-in code to this phone"; the code goes to the
// phone, and signing in with it confirms the pending consent (both steps in the history).
// Screenshots at 390 px; axe-core clean. Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import { SMS_CONSENT_TEXT } from '../../supabase/functions/_shared/contract.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { seriousA11yViolations, shoot, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';
import { latestCode, nextPhone } from './lib/api.ts';

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

async function join(page: Page, name: string, phone: string, consent: boolean) {
  await page.getByRole('heading', { name: 'Join Village Rewards', level: 1 }).waitFor();
  await page.getByLabel('Full Name *').fill(name);
  await page.getByLabel('Phone Number *').pressSequentially(phone);
  if (consent) await page.getByLabel(/I agree to receive SMS notifications/).check();
  await page.getByRole('button', { name: 'Join Now' }).last().click();
}

async function consentOf(phone: string) {
  const [row] = await db.sql<{ id: string; confirmed: boolean; pending: boolean }[]>`
    select id, sms_consent as confirmed, sms_consent_pending as pending from public.customers where phone = ${`+1${phone}`}`;
  const history = await db.sql<{ granted: boolean; pending: boolean; source: string }[]>`
    select granted, pending, source from public.consents where customer_id = ${row!.id} order by created_at, id`;
  const texts = await db.sql<{ kind: string }[]>`select kind from private.texts where customer_id = ${row!.id} order by id`;
  return { confirmed: row!.confirmed, pending: row!.pending, history, texts: texts.map((t) => t.kind) };
}

it('a number that is already a member gets the offer of a sign-in code, and the code confirms the pending consent', async () => {
  const phone = nextPhone();
  const first = await app.open('/join', 390, { height: 844 });
  await join(first.page, 'Nia Owner', phone, true);
  await first.page.getByRole('heading', { name: "You're All Set!" }).waitFor();
  await first.page.close();
  expect(await consentOf(phone)).toEqual({
    confirmed: false,
    pending: true,
    history: [{ granted: true, pending: true, source: 'signup' }],
    texts: ['consent_request'],
  });

  // Someone else types the same number.
  const { page, problems } = await app.open('/join', 390, { height: 844 });
  await join(page, 'Not Nia', phone, true);
  const heading = page.getByRole('heading', { name: 'Sign in with this phone instead' });
  await heading.waitFor();
  expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/already exists|already a member|Nia Owner/i);
  expect(await page.getByLabel('Full Name *').isVisible()).toBe(false);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'join-existing-phone-390');
  // Nothing changed for the member: no second consent row, no second text.
  expect((await consentOf(phone)).history).toHaveLength(1);

  // "Use a different number" brings the form back as typed.
  await page.getByRole('button', { name: 'Use a different number' }).click();
  expect(await page.getByLabel('Full Name *').inputValue()).toBe('Not Nia');
  await page.getByRole('button', { name: 'Join Now' }).last().click();

  // The phone's owner asks for the code and signs in with it.
  await page.getByRole('button', { name: 'Send a sign-in code to this phone' }).click();
  await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor();
  await shoot(page, 'join-existing-phone-code-390');
  await page.getByLabel('Verification code').fill(await latestCode(app.anonKey, phone));
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await page.getByRole('heading', { name: 'Nia Owner', level: 1 }).waitFor();
  expect(await consentOf(phone)).toEqual({
    confirmed: true,
    pending: false,
    history: [
      { granted: true, pending: true, source: 'signup' },
      { granted: true, pending: false, source: 'sign_in' },
    ],
    texts: ['consent_request', 'welcome'],
  });
  expect(await page.getByLabel(SMS_CONSENT_TEXT).isChecked()).toBe(true);
  await shoot(page, 'join-existing-phone-signed-in-390');
  expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
  await page.close();
});
