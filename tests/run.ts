// `npm test`: the one test command (DESIGN.md §7). Typecheck, lint, `deno check` of the edge
// function, then every vitest suite: unit and component tests, API integration on PGlite, the
// real-Postgres suites (*.pg.test.ts) when a server is reachable, and the browser suites when
// Chromium is found. With CI=true a missing Postgres or Chromium fails instead of narrowing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
function vitest(title: string, args: string[], prefix: string): Promise<boolean> {
  const started = Date.now();
  console.log(`\n== ${title}: npx ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
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
const checks: [string, string[]][] = [
  ['typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['eslint', '.', '--max-warnings', '0']],
  ['deno check', ['deno', 'check', '--quiet', 'supabase/functions/api/index.ts']],
];
const checkResults = Promise.all(checks.map(([title, args]) => background(title, 'npx', args)));

// The migrated templates every suite starts from, made once here for both vitest runs below
// (tests/support/global-setup.ts; vitest's own global setup then finds them and does nothing).
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...(hasPostgres ? { DATABASE_URL: databaseUrl } : { TEST_WITHOUT_POSTGRES: '1' }),
};
Object.assign(process.env, env);
const dropTemplates = await makeTemplates();

// Two vitest runs side by side: the browser suites (one file at a time: they share the dev
// server's ports) and everything else. In one run vitest starts the browser files only once every
// other file is done, so the run took the sum of the two.
const reportDir = mkdtempSync(join(tmpdir(), 'village-rewards-tests-'));
const runs = [
  { title: 'vitest', projects: ['web', 'node'], prefix: '' },
  ...(hasChromium ? [{ title: 'vitest (browser)', projects: ['e2e'], prefix: 'browser │ ' }] : []),
].map(({ title, projects, prefix }) => {
  const report = join(reportDir, `${projects.join('-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return { title, report, done: vitest(title, args, prefix) };
});
for (const run of runs) if (!(await run.done)) failures.push(run.title);
(await checkResults).forEach((ok, index) => {
  if (ok) checksPassed += 1;
  else failures.push(checks[index]![0]);
});
await dropTemplates();

let passed = 0;
let failed = 0;
const files: { name: string; ms: number }[] = [];
for (const run of runs) {
  if (!existsSync(run.report)) {
    failures.push(`${run.title} wrote no report`);
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
  for (const file of results.testResults) {
    files.push({
      name: file.name.replace(`${process.cwd()}/`, ''),
      ms: file.endTime - file.startTime,
    });
    // A file that failed before or around its tests (a hook, an import) counts as one failure.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failed += 1;
  }
}
// Where the time goes: the slowest files (their own time; files run side by side).
console.log('\nslowest test files:');
for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);

console.log('');
for (const failure of failures) console.log(`FAILED: ${failure}`);
// The plain closing line CI reads: vitest's tests plus the three checks above.
console.log(`npm test took ${seconds(runStarted)}`);
console.log(`${passed + checksPassed} passed, ${failed + (checks.length - checksPassed)} failed`);
process.exit(failures.length === 0 ? 0 : 1);
