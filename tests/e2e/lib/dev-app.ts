// The admin and staff browser suites' additions to tests/support/browser-app.ts (the one rig:
// `npm run dev` on the in-memory database and Chromium): a shot of any page a failed test left
// open, and the phone-code sign-in on /admin and /staff. Hold `flock /tmp/ports.lock`.
import type { Page } from 'playwright-core';
import {
  APP,
  STACK,
  seriousA11yViolations,
  shoot,
  shootFailure,
  startBrowserApp,
  type BrowserApp,
  type StorageState,
} from '../../support/browser-app.ts';

export { shoot, type StorageState };
export const seriousViolations = seriousA11yViolations;
export { APP, STACK };

export interface DevApp {
  app: BrowserApp;
  /** The local stack's anon key (written to .env.local or the lane's file on start), for Auth calls. */
  anonKey: string;
  stop(): Promise<void>;
}

export async function startDevApp(): Promise<DevApp> {
  const app = await startBrowserApp();
  return { app, anonKey: app.anonKey, stop: () => app.stop() };
}

const openPages = new Set<Page>();

/** After a test: a page the test left open (it failed half-way) is shot for the record and closed. */
export async function closeLeftoverPages(testName: string) {
  for (const page of openPages) {
    if (!page.isClosed()) {
      await shootFailure(page, `${testName.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => {});
      await page.close().catch(() => {});
    }
  }
  openPages.clear();
}

/** A page in its own context (signed in when given a storage state) recording console and page errors. */
export async function openPage(
  dev: DevApp,
  path: string,
  width: number,
  storageState?: StorageState,
) {
  const { page, problems } = await dev.app.open(path, width, { storageState });
  openPages.add(page);
  return { page, problems };
}

/**
 * Signs in on a sign-in screen (/admin, /staff or the member's /login) by phone code, as a person
 * would, and returns the browser storage (the Supabase session) so later pages start signed in —
 * Auth allows one code request per phone every few seconds, so each test cannot sign in afresh.
 * `code` is a test number's fixed code, or read once the code is sent (the dev SMS outbox).
 */
export async function signInThroughScreen(
  page: Page,
  phone: string,
  code: string | (() => Promise<string>),
): Promise<StorageState> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByLabel('Verification code').waitFor();
  await page.getByLabel('Verification code').fill(typeof code === 'string' ? code : await code());
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  // Staff and admin screens say "Sign out", the member's screens "Sign Out".
  await page.getByRole('button', { name: /^Sign [oO]ut$/ }).waitFor();
  return page.context().storageState();
}

/** The access token of the session in a storage state (for API calls that set data up). */
export function accessTokenOf(state: StorageState): string {
  for (const origin of state.origins) {
    for (const item of origin.localStorage) {
      if (item.name === 'village-rewards-auth')
        return (JSON.parse(item.value) as { access_token: string }).access_token;
    }
  }
  throw new Error('no stored session');
}
