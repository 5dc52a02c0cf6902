// The browser session in Chromium through `npm run dev`: a member signs in with a
// code from the dev outbox through the app's own modules; supabase-js keeps the session across a
// reload; every API call then carries `Authorization: Bearer`, and none after sign-out.
import type { Page } from 'playwright-core';
import { STACK, startBrowserApp, type BrowserApp } from '../support/browser-app.ts';

let app: BrowserApp;

beforeAll(async () => {
  // The dev server: the test imports the app's own modules into the page (/src/…).
  app = await startBrowserApp({ serve: 'dev' });
});

afterAll(async () => {
  await app?.stop();
});

/** The anon key `npm run dev` wrote for Vite (the dev outbox asks for it like GoTrue does). */
const anonKey = () => app.anonKey;

/** The app's modules as Vite serves them; `import()` written here would be rewritten by vitest. */
type Export = 'apiRequest' | 'createCustomer' | 'sendCode' | 'verifyCode' | 'logout';
type Loader = {
  load: (path: string) => Promise<Record<Export, (...args: unknown[]) => Promise<unknown>>>;
};
const LOADER = 'window.load = (path) => import(path);';

async function latestCode(phone: string): Promise<string> {
  const response = await fetch(`${STACK}/auth/v1/dev/sms?phone=${phone}`, {
    headers: { apikey: anonKey() },
  });
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  return messages.at(-1)!.code;
}

/** GET /api/me through the app's API client; answers the status and the Authorization sent. */
async function me(page: Page) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/me'));
  const status = await page.evaluate(async () => {
    const { apiRequest } = await (window as unknown as Loader).load('/src/lib/api-client.ts');
    try {
      const response = (await apiRequest('GET', '/api/me')) as Response;
      return {
        status: response.status,
        name: ((await response.json()) as { customer: { name: string } }).customer.name,
      };
    } catch (error) {
      return { status: (error as { status: number }).status, name: null };
    }
  });
  return { ...status, authorization: (await sent).headers().authorization ?? null };
}

it('signs a member in, keeps the session across a reload, sends the Bearer token, and forgets it on sign-out', async () => {
  const { page, problems } = await app.open('/', 1280);
  await page.addInitScript({ content: LOADER });
  await page.reload();
  await page.getByRole('heading', { name: 'Village Rewards', level: 1 }).waitFor();
  const phone = `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

  await page.evaluate(async (phone) => {
    const { createCustomer } = await (window as unknown as Loader).load(
      '/src/features/signup/api/create-customer.ts',
    );
    await createCustomer({ name: 'Mae Jemison', phone, smsConsent: false, emailConsent: false });
    const { sendCode } = await (window as unknown as Loader).load(
      '/src/features/session/api/send-code.ts',
    );
    await sendCode({ phone });
  }, phone);
  const visitor = await me(page);
  expect(visitor).toEqual({ status: 401, name: null, authorization: null });

  const code = await latestCode(phone);
  await page.evaluate(
    async ({ phone, code }) => {
      const { verifyCode } = await (window as unknown as Loader).load(
        '/src/features/session/api/verify-code.ts',
      );
      await verifyCode({ phone, code });
    },
    { phone, code },
  );
  const signedIn = await me(page);
  expect(signedIn.status).toBe(200);
  expect(signedIn.name).toBe('Mae Jemison');
  expect(signedIn.authorization).toMatch(/^Bearer ey/);

  await page.reload();
  await page.getByRole('heading', { name: 'Village Rewards', level: 1 }).waitFor();
  const afterReload = await me(page);
  expect(afterReload.status).toBe(200);
  expect(afterReload.authorization).toBe(signedIn.authorization);

  await page.evaluate(async () => {
    const { logout } = await (window as unknown as Loader).load(
      '/src/features/session/api/logout.ts',
    );
    await logout();
  });
  expect(await page.evaluate(() => localStorage.getItem('village-rewards-auth'))).toBeNull();
  expect(await me(page)).toEqual({ status: 401, name: null, authorization: null });
  // The browser itself logs the two 401 answers as failed resources; nothing else may log an error.
  expect(problems.filter((text) => !text.includes('401'))).toEqual([]);
  await page.close();
});
