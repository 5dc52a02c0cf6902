// The browser suites' shared rig: `npm run dev` on an in-memory database (as smoke.test.ts starts
// it), Debian's Chromium through playwright-core, screenshots, axe-core and the dev SMS outbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const APP = 'http://127.0.0.1:5173';
export const AUTH = 'http://127.0.0.1:54321/auth/v1';
export const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
const PORTS = [5173, 54321, 54322];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const KIOSK_LANDSCAPE = { width: 1280, height: 800 };
export const KIOSK_PORTRAIT = { width: 800, height: 1280 };
export const PHONE = { width: 390, height: 844 };

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

export interface Rig {
  browser: Browser;
  anonKey: string;
  stop(): Promise<void>;
}

/** Starts `npm run dev` (in-memory database, demo mode as the local stack has it) and Chromium. */
export async function startRig(extraEnv: NodeJS.ProcessEnv = {}): Promise<Rig> {
  for (const port of PORTS) {
    if (await portInUse(port)) throw new Error(`port ${port} is busy: stop the running dev server first`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DEV_DATABASE: 'memory', ...extraEnv };
  delete env.DATABASE_URL;
  let log = '';
  const server: ChildProcess = spawn('npm', ['run', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const stop = async () => {
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
      if (server.exitCode !== null) throw new Error(`the dev server exited:\n${log}`);
      const ok = await fetch(`${APP}/api/locations`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the dev server did not start in time:\n${log}`);
      await sleep(300);
    }
    const anonKey = /VITE_SUPABASE_ANON_KEY=(\S+)/.exec(readFileSync(new URL('../../../.env.local', import.meta.url), 'utf8'))?.[1];
    if (!anonKey) throw new Error('npm run dev wrote no anon key to .env.local');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    return {
      browser,
      anonKey,
      stop: async () => {
        await browser.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh context (own storage) and page at a viewport; console errors are collected. */
export async function openPage(rig: Rig, viewport: { width: number; height: number }, path: string) {
  const context: BrowserContext = await rig.browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A refused request (4xx the screen handles) is logged by Chromium itself; not a page error.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${APP}${path}`);
  return { context, page, problems };
}

export async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The last sign-in code texted to a phone (the dev outbox). */
export async function latestCode(rig: Rig, phone: string): Promise<string> {
  const response = await fetch(`${AUTH}/dev/sms?phone=1${phone}`, { headers: { apikey: rig.anonKey } });
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  const code = messages.at(-1)?.code;
  if (!code) throw new Error(`no SMS was sent to ${phone}`);
  return code;
}

let phoneCounter = 0;
/** A phone (10 digits) no other test of this run uses: the database is fresh for each run. */
export function newPhone(): string {
  phoneCounter += 1;
  return `312${String(7_000_000 + phoneCounter)}`;
}

export async function api<T>(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${APP}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The demo admin's access token (phone 5555550100, test code 123456), straight from Auth. */
export async function adminToken(rig: Rig): Promise<string> {
  const auth = (path: string, body: unknown) =>
    fetch(`${AUTH}${path}`, {
      method: 'POST',
      headers: { apikey: rig.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await auth('/otp', { phone: '+15555550100', create_user: true, channel: 'sms' });
  const verified = await auth('/verify', { phone: '+15555550100', token: '123456', type: 'sms' });
  if (!verified.ok) throw new Error(`admin sign-in: ${verified.status} ${await verified.text()}`);
  return ((await verified.json()) as { access_token: string }).access_token;
}
