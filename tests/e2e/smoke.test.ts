// Browser smoke test: Debian's Chromium, driven by playwright-core, against the app as `npm run dev`
// serves it (`npm run dev` with DEV_DATABASE=memory): Businesses lists the six seeded
// businesses through the Vite proxy, unknown paths show the 404 page, and no page logs an error.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

const APP = 'http://127.0.0.1:5173';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
const PORTS = [5173, 54321, 54322];
const BUSINESSES = [
  'The Chatterbox',
  'Village Creamery',
  "Joanie's Pizzeria",
  'Village Heritage Museum',
  'SnackCo',
  'Broken Bridge Sweets',
];

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server exited:\n${output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(300);
  }
  throw new Error(`the dev server did not serve ${url} in time:\n${output()}`);
}

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let log = '';

beforeAll(async () => {
  for (const port of PORTS) {
    if (await portInUse(port)) {
      throw new Error(`port ${port} is busy: stop the running dev server before the browser tests`);
    }
  }
  // The README's first command, on an in-memory database so a developer's .local data is untouched.
  const env: NodeJS.ProcessEnv = { ...process.env, DEV_DATABASE: 'memory' };
  delete env.DATABASE_URL;
  server = spawn('npm', ['run', 'dev'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  await waitFor(`${APP}/api/locations`, server, () => log);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  const pid = server?.pid;
  if (!pid) return;
  // npm and the dev server it starts share a process group: stop them all.
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, name);
      return true;
    } catch {
      return false; // the group is gone already
    }
  };
  if (!signal('SIGTERM')) return;
  for (let i = 0; i < 50 && signal(0); i++) await sleep(100);
  signal('SIGKILL');
});

async function open(path: string, width: number) {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${APP}${path}`);
  return { page, problems };
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.each([390, 1280])('at %i px', (width) => {
  it('Businesses lists the six businesses from the database', async () => {
    const { page, problems } = await open('/businesses', width);
    for (const name of BUSINESSES) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    const logo = page.getByRole('img', { name: 'Village Creamery logo' });
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shoot(page, `businesses-list-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an unknown path shows Page Not Found', async () => {
    const { page, problems } = await open('/definitely-not-a-page', width);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · Village Rewards');
    await shoot(page, `404-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the kiosk screen stands alone, without the public navigation', async () => {
    const { page, problems } = await open('/kiosk', width);
    await page.getByRole('heading', { name: 'Village Rewards', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await shoot(page, `kiosk-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the businesses screen sits in the public layout', async () => {
    const { page, problems } = await open('/businesses', width);
    await page.getByRole('heading', { name: 'Participating Businesses', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await shoot(page, `businesses-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
