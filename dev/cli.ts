// What the npm scripts (stack, dev, db:reset) share: port checks — a second `npm run dev` must
// fail before it opens the database files the first one uses — clean exits and signal handling.
import { createServer } from 'node:net';

export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export async function assertPortsFree(ports: { port: number; what: string }[]): Promise<void> {
  for (const { port, what } of ports) {
    if (port !== 0 && !(await portIsFree(port))) {
      throw new Error(
        `Port ${port} (${what}) is in use: is the local stack already running (npm run dev / npm run stack)? ` +
          'Stop it first, or pick other ports.',
      );
    }
  }
}

/**
 * Runs `stop` on Ctrl-C / SIGTERM, then exits; also when the IPC channel of a process that started
 * this one closes (the browser suites' rig ended, however it ended: tests/support/browser-app.ts).
 */
export function stopOnSignal(stop: () => Promise<void>) {
  const stopAndExit = () => {
    void stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAndExit);
  if (process.send) process.once('disconnect', stopAndExit);
}

/** For the npm scripts: a failure prints its message (not a stack trace) and exits 1. */
export async function runCommand(main: () => Promise<unknown>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
