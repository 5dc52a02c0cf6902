// The browser suites' one rig: the app as `npm run dev` serves it (in-memory database, or a given
// Postgres database) driven in Debian's Chromium through playwright-core — start/stop, pages (each
// in its own context) that collect console errors, screenshots, axe-core checks and QR decoding
// from a screenshot. API and Auth set-up calls: tests/e2e/lib/api.ts. Hold `flock /tmp/ports.lock`.
// BROWSER_LANE=n (npm test's lanes, dev/env.ts) puts the app and its stack on the lane's ports.
// A worker keeps one app and browser from file to file, reopened on a fresh database for each.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import jsQR from 'jsqr';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../dev/chromium.ts';
import type { DevMessage } from '../../dev/stack.ts';
import { devPortsFromEnv, stackOptionsFromEnv } from '../../dev/env.ts';

// The suites' stacks write their env file under .local, never .env.local: a rewritten .env.local
// restarts every Vite dev server running from this folder (another lane's, a developer's).
const LANE = devPortsFromEnv({
  ...process.env,
  DEV_ENV_FILE: `.local/stack-${devPortsFromEnv(process.env).stackPort}.env`,
});
/** The app (Vite) and the local stack of this lane: 5173 and 54321 unless BROWSER_LANE says. */
export const APP = `http://127.0.0.1:${LANE.appPort}`;
export const STACK = `http://127.0.0.1:${LANE.stackPort}`;
/**
 * Where the screens are shot for a person to look at: SCREENSHOT_DIR, or nowhere. `npm test` takes
 * none unless asked (`SCREENSHOT_DIR=/tmp/shots npm test`): a full-page PNG costs Chromium about
 * a CPU-second to paint and encode, a quarter of the browser suites' CPU here. A page a failed test
 * left open is always shot (`shootFailure`), to SCREENSHOT_DIR or /tmp/shots.
 */
export const SHOTS = process.env.SCREENSHOT_DIR || undefined;
const FAILURE_SHOTS = SHOTS ?? '/tmp/shots';
const PORTS = [LANE.appPort, LANE.stackPort, LANE.dbPort];

export const KIOSK_LANDSCAPE = { width: 1280, height: 800 };
export const KIOSK_PORTRAIT = { width: 800, height: 1280 };
export const PHONE = { width: 390, height: 844 };

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

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

export interface OpenOptions {
  /** Viewport height when the width is given as a number (default 900). */
  height?: number;
  /** Browser storage to start from (a signed-in session). */
  storageState?: StorageState;
  /** Leave out Chromium's own "Failed to load resource" lines (a 4xx the screen handles). */
  ignoreRefusedRequests?: boolean;
}

export interface OpenedPage {
  page: Page;
  /** The page's own context (storage, offline switch); closing the page closes it. */
  context: BrowserContext;
  /** Console errors (with their source) and page errors, as they happen. */
  problems: string[];
}

export interface BrowserApp {
  browser: Browser;
  /** The local stack's anon key (`npm run dev` writes it to .env.local or the lane's file). */
  anonKey: string;
  /** A new page, in a context of its own, at `path`. */
  open(
    path: string,
    viewport: number | { width: number; height: number },
    options?: OpenOptions,
  ): Promise<OpenedPage>;
  stop(): Promise<void>;
}

/** The app process this worker runs now, its browser, and how to ask it for a fresh database. */
interface RunningApp {
  /** Started for reuse: a production build with an IPC channel (dev/stack.ts answerParent). */
  reusable: boolean;
  browser: Browser;
  anonKey: string;
  alive(): boolean;
  /** Ask the app over its IPC channel (reusable apps only); rejects with the app's error. */
  ask(message: DistributiveOmit<DevMessage, 'id'>): Promise<void>;
  stop(): Promise<void>;
}
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The app a file left running in this worker. A lane's files run one after another in one worker
 * that keeps its modules (vitest.config.ts, e2e: isolate false), so the next file that asks for a
 * production build reopens this one on a fresh database instead of starting a process, a build
 * server and a browser of its own: about 3 CPU-seconds and 6 s of the lane per file here.
 */
let running: RunningApp | undefined;

/**
 * `npm run dev` on an in-memory database, or on `databaseUrl` (a real Postgres test database),
 * with `env` added to its environment (e.g. `DEMO_MODE: 'false'`), and Chromium. The app is a
 * production build of this start (`serve: 'dev'`: Vite's dev server, as the quick start runs it).
 * A production build with no env but DEMO_MODE is the lane's one app, started once and reopened
 * for each file: every file still starts on a fresh database (in memory, from the migrated
 * template, or its own Postgres database) with its demo mode, and a browser with no context left.
 */
export async function startBrowserApp(
  options: { databaseUrl?: string; env?: NodeJS.ProcessEnv; serve?: 'dev' | 'built' } = {},
): Promise<BrowserApp> {
  const serve = options.serve ?? 'built';
  const { DEMO_MODE: demoText, ...otherEnv } = options.env ?? {};
  const reusable = serve === 'built' && Object.keys(otherEnv).length === 0;
  const demoMode = stackOptionsFromEnv({ DEMO_MODE: demoText }).demoMode;
  if (running && !(reusable && running.reusable && running.alive())) {
    await running.stop();
    running = undefined;
  }
  if (running) {
    await running.ask({ type: 'reopen', databaseUrl: options.databaseUrl, demoMode });
  } else {
    running = await startApp(options, serve, reusable);
  }
  const app = running;
  return {
    browser: app.browser,
    anonKey: app.anonKey,
    async open(path, viewport, openOptions = {}) {
      const size =
        typeof viewport === 'number'
          ? { width: viewport, height: openOptions.height ?? 900 }
          : viewport;
      const context = await app.browser.newContext({
        viewport: size,
        storageState: openOptions.storageState,
      });
      const page = await context.newPage();
      page.on('close', () => void context.close().catch(() => {}));
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (openOptions.ignoreRefusedRequests && /Failed to load resource/.test(message.text()))
          return;
        problems.push(`${message.text()} ${message.location().url}`.trim());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${APP}${path}`);
      return { page, context, problems };
    },
    async stop() {
      if (running !== app) return;
      if (!app.reusable || !app.alive()) {
        await app.stop();
        running = undefined;
        return;
      }
      // Kept for the next file: nothing of this one stays open (pages, connections to its database).
      await Promise.all(app.browser.contexts().map((context) => context.close().catch(() => {})));
      await app.ask({ type: 'close' });
    },
  };
}

/** A new app process for this lane and a browser: `npm run dev`, or its script with an IPC channel. */
async function startApp(
  options: { databaseUrl?: string; env?: NodeJS.ProcessEnv },
  serve: 'dev' | 'built',
  reusable: boolean,
): Promise<RunningApp> {
  for (const port of PORTS) {
    if (await portInUse(port))
      throw new Error(`port ${port} is busy: stop the running dev server first`);
  }
  // A production build (DEV_SERVE=built, dev/env.ts) unless the suite asks for the dev server:
  // what users load, and a fresh page loads in a few requests instead of hundreds of modules.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEV_DATABASE: 'memory',
    // The suites count the seed's rows: no demo month (dev/demo-month.ts) in their stacks.
    DEMO_MONTH: 'false',
    DEV_SERVE: serve,
    DEV_ENV_FILE: LANE.envFile,
    // One signing and anon key per lane, kept under .local: the lane's next file then serves the
    // same production build instead of making its own (dev/build-cache.ts).
    DEV_KEYS_FILE: `.local/keys-${LANE.stackPort}.json`,
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  let log = '';
  // npm and the dev server it starts share a process group: stop() stops them all. The reusable
  // app is `npm run dev`'s own script with an IPC channel (npm would not pass the channel on).
  const server: ChildProcess = reusable
    ? spawn(process.execPath, ['--import', 'tsx', 'dev/dev.ts'], {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      })
    : spawn('npm', ['run', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const alive = () => server.exitCode === null && server.signalCode === null;
  // Answers to ask(), by message id; an app that exits fails what is still waiting.
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let lastId = 0;
  server.on('message', (answer: { id: number; error?: string }) => {
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error) waiter?.reject(new Error(`the app answered: ${answer.error}\n${log}`));
    else waiter?.resolve();
  });
  server.on('exit', () => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`the app exited:\n${log}`));
    waiting.clear();
  });
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
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (!alive()) throw new Error(`the dev server exited:\n${log}`);
      if (
        await fetch(`${APP}/api/locations`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the dev server did not start in time:\n${log}`);
      await sleep(300);
    }
    const envFile = readFileSync(new URL(`../../${LANE.envFile}`, import.meta.url), 'utf8');
    const anonKey = /VITE_SUPABASE_ANON_KEY=(\S+)/.exec(envFile)?.[1];
    if (!anonKey) throw new Error(`npm run dev wrote no anon key to ${LANE.envFile}`);
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
    // Neither keeps the worker alive once its files are done: the app stops when its channel
    // closes with the worker, and Playwright closes the browser as the worker exits.
    server.unref();
    server.channel?.unref();
    return {
      reusable,
      browser,
      anonKey,
      alive,
      ask(message) {
        const id = ++lastId;
        return new Promise<void>((resolve, reject) => {
          if (!alive()) return reject(new Error(`the app exited:\n${log}`));
          waiting.set(id, { resolve, reject });
          server.send({ ...message, id } satisfies DevMessage);
        });
      },
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

/** A screenshot to look at (the whole page, or one element), when SCREENSHOT_DIR asks for them. */
export async function shoot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

/** The page a failed test left open, shot for the record whether or not SCREENSHOT_DIR is set. */
export async function shootFailure(page: Page, name: string) {
  mkdirSync(FAILURE_SHOTS, { recursive: true });
  await page.screenshot({ path: `${FAILURE_SHOTS}/failed-${name}.png`, fullPage: true });
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's violations on the page as it is now (or within the element `within` selects), every
 * impact, as "rule (impact): targets". */
export async function a11yViolations(page: Page, within?: string): Promise<string[]> {
  // Loaded once per page. Every rule runs; only the violations are worked out in full (axe's own
  // advice for speed: no selectors built for each passing node).
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: string | Document,
            options: { resultTypes: string[] },
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, within);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** axe-core's serious and critical violations on the page as it is now, as "rule: targets". */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  return (await a11yViolations(page)).filter((v) => /^\S+ \((serious|critical)\):/.test(v));
}

/** Reads the QR code drawn in `element` from a screenshot of it, as a phone camera would. */
export async function decodeQr(element: Locator): Promise<string | null> {
  const png = PNG.sync.read(await element.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data ?? null;
}
