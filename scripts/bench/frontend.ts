// The front-end budget (gzipped JS and CSS a first visit of each route downloads, from Vite's
// manifest) and Lighthouse scores of the production build served by `vite preview` on 5173
// (held under /tmp/ports.lock), calling the bench's api so screens show real data.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/chromium.ts';
import { BARRELS_WITHOUT_QUERIES, QUERY_PROVIDER } from '../../src/app/route-preload.ts';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What each measured route loads first: the entry and the route group's chunk (router.tsx). */
export const ROUTES: Record<string, string> = {
  '/': 'src/app/routes/public/index.ts',
  '/creamery (kiosk landing)': 'src/app/routes/kiosk/landing.ts',
  '/account': 'src/app/routes/account.ts',
  '/admin': 'src/app/routes/admin/index.ts',
  '/how-it-works': 'src/app/routes/public/guide.ts',
  '/join, /businesses, /contact': 'src/app/routes/public/join-screens.ts',
  '/kiosk/* (kiosk flow)': 'src/app/routes/kiosk/index.ts',
  '/login, /mobile/*, /account/qr': 'src/app/routes/member.ts',
  '/staff': 'src/app/routes/staff/index.ts',
  '/owner': 'src/app/routes/owner/index.ts',
  '/account/card, /admin/card': 'src/app/routes/cards/index.ts',
};

export interface Budget {
  route: string;
  jsKb: number;
  cssKb: number;
}

/** The files a chunk pulls in statically (itself included). */
export function closure(
  manifest: Record<string, Chunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

export function budgets(dist: string): Budget[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const kb = (files: string[]) =>
    files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0) / 1024;
  return Object.entries(ROUTES).map(([route, key]) => {
    if (!manifest[key]) throw new Error(`no chunk for ${route} (${key}): is it still lazy-loaded?`);
    const files = [...closure(manifest, key, closure(manifest, entry))];
    // router.tsx loads the query client's chunk beside every group but the query-free ones.
    if (!BARRELS_WITHOUT_QUERIES.includes(key)) files.push(...closure(manifest, QUERY_PROVIDER));
    return {
      route,
      jsKb: kb([...new Set(files)].filter((f) => f.endsWith('.js'))),
      cssKb: kb([...new Set(files)].filter((f) => f.endsWith('.css'))),
    };
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/** `vite build` into `outDir`, with the app pointed at the bench's api. */
export function build(outDir: string, apiUrl: string, anonKey: string): Promise<void> {
  return run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    ...process.env,
    VITE_SUPABASE_URL: apiUrl,
    VITE_SUPABASE_ANON_KEY: anonKey,
  });
}

export interface Scores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** The scored audits that did not pass (score < 0.9), `id: title`, to say what to fix. */
  failing: string[];
  /** The largest contentful paint's element and the elements that shifted, to say where. */
  elements: string[];
}

/** Other engineers' browser tests hold the ports lock (one test file at a time, a few minutes
 * each); the bench waits this long, then skips Lighthouse. */
const LOCK_WAIT_SECONDS = 600;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** The page elements an audit's details name (its table's nodes, nested tables too). */
function nodesOf(details: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const item = value as { type?: string; snippet?: string; selector?: string };
    if (item.type === 'node' && item.snippet)
      found.push(`${item.selector ?? ''} ${item.snippet}`.trim());
    for (const inner of Object.values(value)) visit(inner);
  };
  visit(details);
  return [...new Set(found)];
}

/** Lighthouse (mobile defaults) for each page of the build, under the ports lock (taken here,
 * unless the caller already holds it: `lockHeld`). `vite preview` proxies the pages' /api calls to
 * `apiUrl`, the api the build was made for: proxied to a port where nothing listened, `/` and
 * `/creamery` logged their failed reads (Lighthouse's errors-in-console, best practices 96). */
export async function lighthouseScores(
  outDir: string,
  pages: string[],
  options: { apiUrl: string; lockHeld?: boolean },
): Promise<Scores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  // flock holds /tmp/ports.lock for as long as vite preview serves on 5173.
  // It says `locked` once it holds the lock, so a server another engineer has on 5173 is never measured.
  const serve = `echo locked; exec npx vite preview --outDir '${outDir}' --port 5173 --strictPort --host 127.0.0.1`;
  const preview = spawn(
    options.lockHeld ? 'sh' : 'flock',
    options.lockHeld
      ? ['-c', serve]
      : ['-w', String(LOCK_WAIT_SECONDS), '/tmp/ports.lock', 'sh', '-c', serve],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      // vite.config.ts's proxy target (dev/env.ts devPortsFromEnv).
      env: {
        ...process.env,
        BROWSER_LANE: '',
        APP_PORT: '5173',
        STACK_PORT: new URL(options.apiUrl).port,
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    preview.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    preview.on('exit', (code) =>
      reject(
        new Error(
          `no Lighthouse: ${code === 1 ? `/tmp/ports.lock stayed busy for ${LOCK_WAIT_SECONDS} s` : `vite preview exited (${code})`}`,
        ),
      ),
    );
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    await waitFor('http://127.0.0.1:5173/', 120_000);
    const scores: Scores[] = [];
    for (const page of pages) {
      const result = await lighthouse(`http://127.0.0.1:5173${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${page}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        failing: Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9)
          .map((audit) => `${audit.id}: ${audit.displayValue ?? audit.title}`),
        elements: ['largest-contentful-paint-element', 'layout-shifts'].flatMap((id) =>
          nodesOf(lhr.audits[id]?.details).map((node) => `${id}: ${node}`),
        ),
      });
    }
    return scores;
  } finally {
    await chrome.kill();
    if (preview.pid) process.kill(-preview.pid, 'SIGTERM');
  }
}
