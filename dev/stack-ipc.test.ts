// The local stack's script started with an IPC channel, as the browser lanes start `npm run dev`'s
// (tests/support/browser-app.ts; both answer through dev/stack.ts answerParent): it closes and
// reopens its database when asked, answers each message by its id (with the error when a reopen
// fails), and stops, freeing its ports, when the channel closes. `npm run stack` here, not `npm run
// dev`: a Vite dev server would share node_modules/.vite with the lanes' smoke and session suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { portIsFree } from './cli.ts';
import { ROOT } from './db.ts';
import type { DevMessage } from './stack.ts';

/** A port nothing listens on now (the OS's pick). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
let envFile: string | undefined;

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  if (envFile) rmSync(envFile, { force: true });
});

it('closes, reopens and answers over its IPC channel, and stops when the channel closes', async () => {
  const [stackPort, dbPort] = [await freePort(), await freePort()];
  envFile = join(ROOT, '.local', `stack-ipc-test-${stackPort}.env`);
  child = spawn(process.execPath, ['--import', 'tsx', 'dev/stack.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DEV_DATABASE: 'memory',
      STACK_PORT: String(stackPort),
      DB_PORT: String(dbPort),
      DEV_ENV_FILE: envFile,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  const stack = `http://127.0.0.1:${stackPort}`;
  const locations = () => fetch(`${stack}/functions/v1/api/locations`).then((r) => r.status, () => 0);
  // Generous: a full npm test keeps both cores busy, and the stack applies every migration to PGlite.
  const deadline = Date.now() + 200_000;
  while ((await locations()) !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run stack did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ask = (message: DevMessage) =>
    new Promise<{ id: number; error?: string }>((resolve) => {
      const onAnswer = (answer: { id: number; error?: string }) => {
        if (answer.id !== message.id) return;
        child!.off('message', onAnswer);
        resolve(answer);
      };
      child!.on('message', onAnswer);
      child!.send(message);
    });
  const demoMode = async () =>
    ((await (await fetch(`${stack}/functions/v1/api/demo`)).json()) as { demoMode: boolean }).demoMode;

  expect(await demoMode()).toBe(true);
  expect(await ask({ id: 1, type: 'close' })).toEqual({ id: 1 });
  expect(await locations()).toBe(503);
  expect(await ask({ id: 2, type: 'reopen', demoMode: false })).toEqual({ id: 2 });
  expect(await locations()).toBe(200);
  expect(await demoMode()).toBe(false);
  const failed = await ask({ id: 3, type: 'reopen', databaseUrl: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
  expect(failed.id).toBe(3);
  expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
  expect(await locations()).toBe(503);

  child.disconnect();
  expect(await exited).toBe(0);
  for (const port of [stackPort, dbPort]) expect(await portIsFree(port)).toBe(true);
}, 240_000);
