// Vitest projects: `web` (components in jsdom), `node` (stack, api, database suites) and `e2e`
// (the app in Debian's Chromium). `npm test` (tests/run.ts) decides which suites can run here.
import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Suites left out on a machine without them (tests/run.ts decides; test:quick leaves out the
// real-Postgres ones). A CLI --exclude would not reach the projects' own exclude lists.
const leftOut = [
  ...(process.env.TEST_WITHOUT_POSTGRES === '1' ? ['**/*.pg.test.ts'] : []),
  // test:quick: units and the API on PGlite; the fuzzers, whole stacks and rebuilds run in npm test.
  ...(process.env.TEST_QUICK === '1'
    ? ['tests/fuzz/**', 'tests/faults/**', 'tests/stack-flow.test.ts', 'dev/stack.test.ts', 'dev/stack-ipc.test.ts', 'dev/db-reset.test.ts']
    : []),
];


export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Files at once: one per core and one more, as suites spend much of their time waiting on
      // Postgres, the stack's sockets or a browser. Vitest's default (cores − 1) ran one file at
      // a time on this 2-core machine: the web and node suites took 10 min instead of about 3.
      maxWorkers: availableParallelism() + 1,
      // Templates of a migrated database, made once per run (PGlite and real Postgres).
      globalSetup: ['tests/support/global-setup.ts'],
      // One known driver defect, met only when a fault test restarts Postgres: postgres.js 3.4.9
      // writes a batched chunk from a setImmediate after the socket closed (porsager/postgres#1154,
      // #1208; fix pending upstream). The query itself was already rejected (the API answers 503);
      // the edge function's entry guards against the same throw. Every other unhandled error fails.
      // Its sibling: a connection opened while Postgres restarts loses its first query, the driver's
      // own array-type lookup (fetch_types), and postgres.js rejects that lookup with no handler.
      onUnhandledError(error) {
        const postgresNullSocketWrite =
          error.message?.includes("Cannot read properties of null (reading 'write')") &&
          error.stack?.includes('postgres/src/connection.js');
        const postgresTypeLookupClosed =
          (error as { code?: string }).code === 'CONNECTION_CLOSED' &&
          error.stack?.includes('postgres/src/connection.js') &&
          /typcategory = 'A'/.test(String((error as { query?: string }).query ?? ''));
        return !(postgresNullSocketWrite || postgresTypeLookupClosed);
      },
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            globals: true,
            environment: 'jsdom',
            // Worker threads in VM contexts: jsdom is set up per file in a context instead of a
            // fresh module graph (33 → 3 s of environment set-up here; the project took 48 s of
            // wall and 88 s of CPU with plain threads, 27 s and 47 s this way). Modules mocked
            // with vi.mock stay per file.
            pool: 'vmThreads',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            globals: true,
            environment: 'node',
            include: [
              'dev/**/*.test.ts',
              'supabase/functions/_shared/**/*.test.ts',
              'tests/**/*.test.ts',
            ],
            exclude: ['tests/e2e/**', '**/node_modules/**', ...leftOut],
            // A worker keeps its loaded modules from one file to the next (the API, PGlite's WASM,
            // the contract): a third less CPU for this project here (202 against 291 s). These
            // files mock no module and stub no global; each makes its own database and stack, and
            // the one that changes process.env (faults/restart) puts it back.
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            globals: true,
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            exclude: ['**/node_modules/**', ...leftOut],
            testTimeout: 180_000,
            hookTimeout: 180_000,
            fileParallelism: false,
            // A lane's files run one after another in one worker that keeps its loaded modules
            // (playwright-core, the rig): each file had imported them afresh, about 1.5 CPU-seconds
            // and, on a busy machine, 5 s of the lane's time per file. As in the node project,
            // these files mock no module and stub no global (ESLint forbids it under tests/).
            // The rig keeps the lane's app and browser from one file to the next as well, and
            // reopens the app on a fresh database for each (tests/support/browser-app.ts).
            isolate: false,
          },
        },
      ],
    },
  }),
);
