// The browser suites' harness: `npm run dev` on the in-memory database (as the smoke test starts
// it), Debian's Chromium through playwright-core, API calls to set data up, axe-core checks and
// screenshots. Hold `flock /tmp/ports.lock` around any run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const APP = 'http://127.0.0.1:5173';
export const STACK = 'http://127.0.0.1:54321';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
const PORTS = [5173, 54321, 54322];
const ROOT = new URL('../../../', import.meta.url);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface DevApp {
  browser: Browser;
  anonKey: string;
  stop(): Promise<void>;
}

export async function startDevApp(): Promise<DevApp> {
  for (const port of PORTS) {
    if (await portInUse(port)) throw new Error(`port ${port} is busy: stop the running dev server first`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DEV_DATABASE: 'memory' };
  delete env.DATABASE_URL;
  let log = '';
  const server: ChildProcess = spawn('npm', ['run', 'dev'], {
    env,
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const stopServer = async () => {
    const pid = server.pid;
    if (!pid) return;
    const signal = (name: NodeJS.Signals | 0) => {
      try {
        process.kill(-pid, name);
        return true;
      } catch {
        return false;
      }
    };
    if (!signal('SIGTERM')) return;
    for (let i = 0; i < 50 && signal(0); i++) await sleep(100);
    signal('SIGKILL');
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the dev server exited:\n${log}`);
      const ok = await fetch(`${APP}/api/locations`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the dev server did not start:\n${log}`);
      await sleep(300);
    }
    const envFile = readFileSync(new URL('.env.local', ROOT), 'utf8');
    const anonKey = /VITE_SUPABASE_ANON_KEY=(.+)/.exec(envFile)?.[1]?.trim() ?? '';
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    });
    return {
      browser,
      anonKey,
      async stop() {
        await browser.close();
        await stopServer();
      },
    };
  } catch (error) {
    await stopServer();
    throw error;
  }
}

const openPages = new Set<Page>();

/** After a test: a page the test left open (it failed half-way) is shot for the record and closed. */
export async function closeLeftoverPages(testName: string) {
  for (const page of openPages) {
    if (!page.isClosed()) {
      await shoot(page, `failed-${testName.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => {});
      await page.close().catch(() => {});
    }
  }
  openPages.clear();
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A page (in its own context, signed in when given a storage state) that records console and page errors. */
export async function openPage(app: DevApp, path: string, width: number, storageState?: StorageState) {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, storageState });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => {}));
  openPages.add(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${APP}${path}`);
  return { page, problems };
}

export async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.targets.slice(0, 3).join(', ')}`);
}

/**
 * Signs in on a sign-in screen (/admin or /staff) by phone code, as a person would, and returns
 * the browser storage (the Supabase session) so later pages start signed in — Auth allows one code
 * request per phone every few seconds, so each test cannot sign in afresh.
 */
export async function signInThroughScreen(page: Page, phone: string, code: string): Promise<StorageState> {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page.context().storageState();
}

/** The access token of the session in a storage state (for API calls that set data up). */
export function accessTokenOf(state: StorageState): string {
  for (const origin of state.origins) {
    for (const item of origin.localStorage) {
      if (item.name === 'village-rewards-auth') return (JSON.parse(item.value) as { access_token: string }).access_token;
    }
  }
  throw new Error('no stored session');
}
