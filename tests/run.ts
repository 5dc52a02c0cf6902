// `npm test`: the one test command (docs/TESTING.md). Typecheck, lint, `deno check` of the edge
// function, then every vitest suite: unit and component tests, API integration on PGlite, the
// real-Postgres suites (*.pg.test.ts) when a server is reachable, and the browser suites when
// Chromium is found. With CI=true a missing Postgres or Chromium fails instead of narrowing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import makeTemplates from './support/global-setup.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const ci = process.env.CI === 'true';

/**
 * A check that runs while vitest runs (the checks are single-threaded and vitest leaves a core
 * idle now and then, so together they finish sooner than one after the other). Its output is
 * held and printed in one piece when it ends, so it never interleaves with vitest's.
 */
function background(title: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n== ${title}: ${command} ${args.join(' ')}${text ? `\n${text}` : ''}`);
      console.log(`== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

/** One vitest run; its output goes straight through, each line prefixed when `prefix` is set. */
function vitest(
  title: string,
  args: string[],
  prefix: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  const started = Date.now();
  const envText = Object.entries(extraEnv).map(([name, value]) => `${name}=${value} `).join('');
  console.log(`\n== ${title}: ${envText}npx ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
    });
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!]) {
        let pending = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (pending + chunk.toString()).split('\n');
          pending = lines.pop()!;
          for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
      }
    }
    child.on('close', (code) => {
      console.log(`== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function reachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const failures: string[] = [];
let checksPassed = 0;
const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const hasPostgres = await reachable(databaseUrl);
const hasChromium = existsSync(CHROMIUM);

if (!hasPostgres) {
  const message = `no Postgres at ${databaseUrl}: the real-Postgres suites (*.pg.test.ts) need one`;
  if (ci) failures.push(message);
  else console.warn(`warning: ${message}; running without them`);
}
if (!hasChromium) {
  const message = `no Chromium at ${CHROMIUM} (apt-get install -y chromium): the browser suites need it`;
  if (ci) failures.push(message);
  else console.warn(`warning: ${message}; running without them`);
}

const runStarted = Date.now();
// Checks other than vitest count as one test each in the closing line. They run beside vitest.
// The production build fails when the first load of / or of a kiosk landing is over its JS budget
// (scripts/bundle-size.ts): a screen that pulled the contract into the entry went unnoticed here.
const checks: [string, string, string[]][] = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['deno check', 'npx', ['deno', 'check', '--quiet', 'supabase/functions/api/index.ts']],
  ['build and JS budget', 'npm', ['run', '--silent', 'build']],
];
const checkResults = Promise.all(checks.map(([title, command, args]) => background(title, command, args)));

// The migrated templates every suite starts from, made once here for both vitest runs below
// (tests/support/global-setup.ts; vitest's own global setup then finds them and does nothing).
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...(hasPostgres ? { DATABASE_URL: databaseUrl } : { TEST_WITHOUT_POSTGRES: '1' }),
};
Object.assign(process.env, env);
const dropTemplates = await makeTemplates();

// The browser suites split between lanes, vitest runs of their own beside the rest (in one run
// vitest starts the browser files only once every other file is done, so the run took the sum).
// Within a lane the files run one after another; each lane has its own ports and env file
// (BROWSER_LANE, dev/env.ts), so the lanes' stacks run side by side. A lane's files share one app,
// a production build (DEV_SERVE=built), reopened on a fresh database for each file, and one browser
// (tests/support/browser-app.ts): no dev server, so no dependency optimiser that reloads a page
// half-way when another lane starts. Files are dealt out longest first to the lane with the
// least time so far, by their measured durations (seconds: the file's own time plus about 7 s to
// start its stack, build and browser, which most files now skip; a file not listed counts as the
// mean), from the lanes of a full `npm test` (2026-11-28: each lane's files beside the other lane and the rest). Update them from the "browser lanes"
// lines this script prints when files grow; the split only needs the proportions.
const E2E_SECONDS: Record<string, number> = {
  'kiosk-and-screens.test.ts': 54,
  'public-site.test.ts': 47,
  'live-screens.pg.test.ts': 43,
  'checkin-flows.test.ts': 42,
  'whole-day.pg.test.ts': 41,
  'counter.pg.test.ts': 35,
  'words-follow-data.test.ts': 28,
  'text-settings.pg.test.ts': 26,
  'staff-access.test.ts': 25,
  'bring-a-neighbour.pg.test.ts': 25,
  'prize-draw.pg.test.ts': 24,
  'programme-business.test.ts': 23,
  'campaigns.pg.test.ts': 23,
  'smoke.test.ts': 20,
  'programme-settings.test.ts': 20,
  'plain-words.pg.test.ts': 19,
  'cards-and-kiosk-access.test.ts': 16,
  'admin.test.ts': 15,
  'member-records.pg.test.ts': 14,
  'people.test.ts': 13,
  'wallet.test.ts': 10,
  'kiosk-enrolment.test.ts': 9,
  'demo-month.test.ts': 9,
  'staff.test.ts': 8,
  'join-existing-phone.pg.test.ts': 6,
  'session.test.ts': 4,
  'contact-storage.pg.test.ts': 1,
};
const laneCount = Math.max(1, Number(process.env.BROWSER_LANES ?? 2) || 1);
/** Lane n's stack listens on 24321 + 10·(n−1), its embedded database one above. */
const LANE_STACK_PORT = 24321;

/** The e2e files that run here, dealt out to `count` lanes by their measured durations. */
function browserLanes(count: number): { files: string[]; seconds: number }[] {
  const known = Object.values(E2E_SECONDS);
  const mean = known.reduce((sum, value) => sum + value, 0) / known.length;
  const files = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.test.ts') && (hasPostgres || !name.endsWith('.pg.test.ts')))
    .map((name) => ({ name, seconds: E2E_SECONDS[name] ?? mean }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const lanes = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of files) {
    const lane = lanes.reduce((least, next) => (next.seconds < least.seconds ? next : least));
    lane.files.push(`tests/e2e/${file.name}`);
    lane.seconds += file.seconds;
  }
  return lanes.filter((lane) => lane.files.length > 0);
}

const reportDir = mkdtempSync(join(tmpdir(), 'village-rewards-tests-'));
const runs = [
  { title: 'vitest', projects: ['web', 'node'], files: [] as string[], prefix: '', env: {} },
  ...(hasChromium ? browserLanes(laneCount) : []).map((lane, index) => ({
    title: `vitest (browser ${index + 1}, about ${Math.round(lane.seconds)} s)`,
    projects: ['e2e'],
    files: lane.files,
    prefix: `browser ${index + 1} │ `,
    // The stacks listen below Linux's ephemeral ports (32768–60999): on 54321 and up, an outgoing
    // connection of another suite could hold the port for a moment and the stack fail to start
    // (EADDRINUSE). The app's ports (5173 and up) already are.
    env: {
      BROWSER_LANE: String(index + 1),
      STACK_PORT: String(LANE_STACK_PORT + 10 * index),
      DB_PORT: String(LANE_STACK_PORT + 10 * index + 1),
    },
  })),
].map(({ title, projects, files, prefix, env: laneEnv }, index) => {
  const report = join(reportDir, `${index}-${projects.join('-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...files,
  ];
  return { title, report, done: vitest(title, args, prefix, laneEnv) };
});
const exitedOk = new Map<string, boolean>();
for (const run of runs) {
  const ok = await run.done;
  exitedOk.set(run.title, ok);
  if (!ok) failures.push(run.title);
}
(await checkResults).forEach((ok, index) => {
  if (ok) checksPassed += 1;
  else failures.push(checks[index]![0]);
});
await dropTemplates();

let passed = 0;
let failed = 0;
const files: { name: string; ms: number }[] = [];
const laneLines: string[] = [];
for (const run of runs) {
  if (!existsSync(run.report)) {
    failures.push(`${run.title} wrote no report`);
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(run.report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: {
      name: string;
      status: string;
      startTime: number;
      endTime: number;
      assertionResults: { status: string }[];
    }[];
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  const failedBefore = failed;
  for (const file of results.testResults) {
    files.push({
      name: file.name.replace(`${process.cwd()}/`, ''),
      ms: file.endTime - file.startTime,
    });
    // A file that failed before or around its tests (a hook, an import) counts as one failure.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failed += 1;
  }
  if (run.title.startsWith('vitest (browser')) {
    const own = results.testResults.map((file) => ({
      name: file.name.replace(/.*\//, ''),
      s: (file.endTime - file.startTime) / 1000,
    }));
    const sum = own.reduce((total, file) => total + file.s, 0);
    laneLines.push(
      `  ${run.title}: ${sum.toFixed(0)} s in its files (${own.map((file) => `${file.name} ${file.s.toFixed(0)}`).join(', ')})`,
    );
  }
  // A run that failed outside any file (a lane's dev server, a global setup) still counts as one.
  if (!exitedOk.get(run.title) && failed === failedBefore && results.numFailedTests === 0) failed += 1;
}
// Where the time goes: the slowest files (their own time; files run side by side).
console.log('\nslowest test files:');
for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);

// What E2E_SECONDS above balances the lanes by.
if (laneLines.length) console.log(`\nbrowser lanes:\n${laneLines.join('\n')}`);

console.log('');
for (const failure of failures) console.log(`FAILED: ${failure}`);
// The plain closing line CI reads: vitest's tests plus the checks above.
console.log(`npm test took ${seconds(runStarted)}`);
console.log(`${passed + checksPassed} passed, ${failed + (checks.length - checksPassed)} failed`);
process.exit(failures.length === 0 ? 0 : 1);
