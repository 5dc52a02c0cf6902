// Browser smoke test through `npm run dev` (the README's first command): Debian's Chromium,
// driven by playwright-core, opens Home (six businesses from the embedded database via the Vite
// proxy and the local stack) and an unknown route (the 404 page), with no console errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

const APP = 'http://127.0.0.1:5173';
const SHOTS = process.env.SCREENSHOT_DIR;
const BUSINESSES = ['The Chatterbox', 'Village Creamery', "Joanie's Pizzeria", 'Village Heritage Museum', 'SnackCo', 'Broken Bridge Sweets'];

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(url: string, dev: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`npm run dev did not serve ${url} in time:\n${output()}`);
}

let dev: ChildProcess;
let browser: Browser;
let log = '';

beforeAll(async () => {
  for (const port of [5173, 54321, 54322]) {
    if (await portInUse(port)) throw new Error(`port ${port} is busy: stop the running dev server before the browser tests`);
  }
  const env = { ...process.env };
  delete env.DATABASE_URL; // the README's quick start: the embedded database
  dev = spawn('npm', ['run', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout?.on('data', (chunk) => (log += chunk));
  dev.stderr?.on('data', (chunk) => (log += chunk));
  await waitFor(`${APP}/api/locations`, dev, () => log);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

async function open(path: string, width: number) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${APP}${path}`);
  return { page, problems };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.each([390, 1280])('at %i px', (width) => {
  it('Home lists the six businesses from the database', async () => {
    const { page, problems } = await open('/', width);
    for (const name of BUSINESSES) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    expect(await page.getByRole('img', { name: 'Village Creamery logo' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shoot(page, `home-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an unknown route shows Page Not Found', async () => {
    const { page, problems } = await open('/definitely-not-a-page', width);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · Village Rewards');
    await shoot(page, `404-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the kiosk screen renders without the public layout', async () => {
    const { page, problems } = await open('/kiosk', width);
    await page.getByRole('heading', { name: 'Kiosk', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await shoot(page, `kiosk-${width}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
